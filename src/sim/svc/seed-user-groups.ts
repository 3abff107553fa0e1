import type { GroupSettingValue } from '../../shared/svc/group-settings';
import type { UserGroupPermissionSetting } from '../../shared/svc/user-groups';
import { newGroupPermissions } from './handlers/user-groups';
import type { SimUser, SvcStore } from './store';

// Fixed instants, not the wall clock, so the realm is the same whenever it is seeded.
const day = (iso: string) => Math.floor(Date.parse(`${iso}T10:00:00Z`) / 1000);

/**
 * The demo realm's custom user groups (the system groups exist in every store), IDs 9–13 in this order:
 * design-team, support-team (managed by an ad-hoc set), team-leads, leadership (team-leads as a
 * subgroup, so team-leads cannot be deactivated while leadership is active), and the deactivated
 * 2019-offsite-committee. Members are the named demo accounts, which exist when this runs.
 */
export function seedUserGroups(
  store: SvcStore,
  people: { owner: SimUser; admin: SimUser; moderator: SimUser; member: SimUser; guest: SimUser | undefined },
): void {
  const { owner, admin, moderator, member, guest } = people;
  const system = (name: Parameters<SvcStore['systemGroup']>[0]) => store.systemGroup(name).id;
  const add = (
    name: string,
    description: string,
    creator: SimUser,
    created: string,
    members: readonly SimUser[],
    extra: {
      subgroups?: readonly number[];
      deactivated?: boolean;
      permissions?: Partial<Record<UserGroupPermissionSetting, GroupSettingValue>>;
    } = {},
  ) =>
    store.addUserGroup({
      name,
      description,
      isSystemGroup: false,
      members: new Set(members.map((u) => u.user_id)),
      subgroups: new Set(extra.subgroups ?? []),
      deactivated: extra.deactivated ?? false,
      dateCreated: day(created),
      creatorId: creator.user_id,
      permissions: { ...newGroupPermissions(store, creator.user_id), ...extra.permissions },
    });

  add('design-team', 'Product and visual design', admin, '2018-04-02', [member]);
  add('support-team', 'Answers customer questions', admin, '2018-09-17', guest ? [moderator, guest] : [moderator], {
    permissions: {
      can_join_group: system('role:members'),
      // Managed by one person plus the administrators: an ad-hoc set, not a named group.
      can_manage_group: { direct_members: [moderator.user_id], direct_subgroups: [system('role:administrators')] },
    },
  });
  const leads = add('team-leads', 'Leads of each team', owner, '2019-01-14', [moderator, member], {
    permissions: { can_mention_group: system('role:members') },
  });
  add('leadership', 'The leadership team and the team leads', owner, '2019-01-14', [owner], {
    subgroups: [leads.id],
    permissions: {
      can_manage_group: system('role:owners'),
      can_mention_group: system('role:administrators'),
      can_leave_group: system('role:nobody'),
    },
  });
  add('2019-offsite-committee', 'Planned the 2019 offsite in Lisbon', admin, '2019-02-25', [admin, member], {
    deactivated: true,
  });
}
