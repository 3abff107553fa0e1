import { useMemo } from 'react';
import { useFeatureLevel, useRole } from '../../client/use-role';
import { useInviteChannels, useInviteGroups, useInviteRealm } from './api/get-invite-options';
import type { InviteFormOptions } from './invite-grant';
import { groupsInviterMayFill, invitableRoles, invitationAbilities } from './permissions';

/** What the signed-in user may grant in an invitation, read from their role, the server and the realm. */
export function useInviteOptions() {
  const { role, user } = useRole();
  const userId = user?.userId ?? null;
  const featureLevel = useFeatureLevel();
  const guest = role === 600;
  const channels = useInviteChannels();
  const groups = useInviteGroups(!guest);
  const realm = useInviteRealm();

  const abilities = invitationAbilities({
    role,
    userId,
    featureLevel,
    realm: realm.data ?? null,
    groups: groups.data ?? [],
  });
  const options: InviteFormOptions = useMemo(
    () => ({
      roles: invitableRoles(role),
      channels: (channels.data ?? []).filter((c) => !c.is_archived),
      groups: groupsInviterMayFill(groups.data ?? [], role, userId, realm.data ?? null),
      abilities,
    }),
    // `abilities` is rebuilt each render from the same inputs; its parts are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      role,
      userId,
      realm.data,
      channels.data,
      groups.data,
      abilities.groups.allowed,
      abilities.includeDefaults.allowed,
      abilities.welcomeMessage.allowed,
    ],
  );
  return { role, userId, guest, channels, groups, realm, abilities, options };
}
