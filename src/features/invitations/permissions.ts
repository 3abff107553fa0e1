import { featureGateReason } from '../../shared/svc/features';
import { isUserInGroupSetting, type GroupSettingValue } from '../../shared/svc/group-settings';
import type { UserGroup } from '../../shared/svc/user-groups';
import { INVITE_ROLES, type InviteRole } from '../../shared/svc/invites';
import { isAdminRole } from '../../shared/svc/roles';
import { describeSetting, roleHolds, type GroupRef } from '../../shared/svc/role-grants';

export interface Ability {
  allowed: boolean;
  /** Why not, in a sentence the page shows; null when allowed. */
  reason: string | null;
}

const yes: Ability = { allowed: true, reason: null };
const no = (reason: string): Ability => ({ allowed: false, reason });

export interface InviteContext {
  role: number | null;
  userId: number | null;
  featureLevel: number;
  /** The register state's `realm_*` values; null while not loaded (the server decides then). */
  realm: Readonly<Record<string, unknown>> | null;
  groups: readonly GroupRef[];
}

/** Who may do what on the Invitations page; the chat server checks each action again. */
export function invitationAbilities(ctx: InviteContext) {
  const { role, featureLevel, realm, groups } = ctx;
  const setting = (name: string, action: string): Ability => {
    if (role === null) return no('Sign in first.');
    if (role === 600) return no('Guests cannot invite anyone.');
    const value = realm?.[name];
    if (value === undefined) return yes;
    const holds = roleHolds(role, value, groups, ctx.userId);
    return holds === false ? no(`Only ${describeSetting(value, groups)} may ${action} in this organization.`) : yes;
  };
  const gate = (feature: Parameters<typeof featureGateReason>[1]): Ability => {
    const reason = featureGateReason(featureLevel, feature);
    return reason ? no(reason) : yes;
  };
  return {
    inviteByEmail: setting('realm_can_invite_users_group', 'invite people by email'),
    createLinks: setting('realm_create_multiuse_invite_group', 'create invite links'),
    groups: gate('inviteGroups'),
    includeDefaults: gate('inviteIncludeDefaultChannels'),
    welcomeMessage: welcomeMessageAbility(role, gate('inviteWelcomeMessage')),
  };
}

/**
 * A welcome message of one's own on an invitation or a link (level 416): the server takes it from
 * administrators only (`Must be an organization administrator`), whoever may invite.
 */
function welcomeMessageAbility(role: number | null, level: Ability): Ability {
  if (!level.allowed) return level;
  return role !== null && isAdminRole(role) ? yes : no('Only organization administrators can write a welcome message.');
}

/** The roles this person may invite as: owners anyone, administrators all but owners, others members and guests. */
export function invitableRoles(role: number | null): InviteRole[] {
  if (role === null || role === 600) return [];
  if (role === 100) return [...INVITE_ROLES];
  if (role === 200) return INVITE_ROLES.filter((r) => r !== 100);
  return [400, 600];
}

/** Administrators may act on any invitation; others on their own (owner invitations: owners only). */
export function canManageInvite(
  role: number | null,
  userId: number | null,
  invite: { invited_by_user_id: number; invited_as: number },
) {
  if (role === null) return false;
  if (invite.invited_as === 100 && role !== 100) return invite.invited_by_user_id === userId && role === 100;
  return role <= 200 || invite.invited_by_user_id === userId;
}

function settingValue(value: unknown): GroupSettingValue | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'object' && value !== null && 'direct_members' in value && 'direct_subgroups' in value) {
    return value as GroupSettingValue;
  }
  return null;
}

/**
 * The groups an invitation from this person can put the new member in: never system groups; for
 * administrators and whoever may manage all groups every other one; for anyone else those they may manage or
 * add members to (the server refuses an invitation naming any other: "Insufficient permission").
 */
export function groupsInviterMayFill(
  groups: readonly UserGroup[],
  role: number | null,
  userId: number | null,
  realm: Readonly<Record<string, unknown>> | null,
): UserGroup[] {
  const candidates = groups.filter((g) => !g.is_system_group && !g.deactivated);
  if (role !== null && isAdminRole(role)) return candidates;
  if (userId === null) return [];
  const membership = new Map(groups.map((g) => [g.id, g] as const));
  const holds = (value: unknown) => {
    const setting = settingValue(value);
    return setting !== null && isUserInGroupSetting(setting, userId, membership);
  };
  if (holds(realm?.realm_can_manage_all_groups)) return candidates;
  return candidates.filter((g) => holds(g.can_manage_group) || holds(g.can_add_members_group));
}
