import { isAdminRole, ROLE } from '../shared/svc/roles';
import { featureGateReason, type Feature } from '../shared/svc/features';
import { useSession } from './session';

/** The signed-in user's role as the chat server reported it at sign-in; the server stays the authority. */
export function useRole() {
  const { data } = useSession();
  const user = data?.user ?? null;
  const role = user?.role ?? null;
  return {
    user,
    role,
    isOwner: role === ROLE.owner,
    isAdmin: role !== null && isAdminRole(role),
    isModeratorOrAbove: role !== null && role <= ROLE.moderator,
  };
}

export function useFeatureLevel(): number {
  const { data } = useSession();
  return data?.server?.featureLevel ?? 0;
}

/** Whether the server supports a gated capability, and the sentence to show when it does not. */
export function useFeature(feature: Feature): { enabled: boolean; reason: string | null } {
  const level = useFeatureLevel();
  const reason = featureGateReason(level, feature);
  return { enabled: reason === null, reason };
}
