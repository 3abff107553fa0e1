import { groupDisplayName, type GroupSettingValue } from '../../shared/svc/group-settings';

/** The parts of a user group that naming needs; a full `UserGroup` record fits. */
export interface NamedGroup {
  id: number;
  name: string;
  is_system_group?: boolean;
  deactivated?: boolean;
}

/** The parts of a user that naming needs; the users list's records fit. */
export interface NamedUser {
  user_id: number;
  full_name: string;
  email?: string;
  is_active?: boolean;
}

/**
 * A group's name as people read it. Deactivated groups are marked so a setting that still names one does
 * not look healthy; a missing group keeps its ID, so the reader can still tell two missing groups apart.
 */
export function groupLabel(id: number, group: NamedGroup | undefined): string {
  if (!group) return `Unknown group ${id}`;
  const name = groupDisplayName(group);
  return group.deactivated ? `${name} (deactivated)` : name;
}

/** A user's name as people read it, marked like groups when deactivated or missing. */
export function userLabel(id: number, user: NamedUser | undefined): string {
  if (!user) return `Unknown user ${id}`;
  return user.is_active === false ? `${user.full_name} (deactivated)` : user.full_name;
}

/** "A", "A and B", "A, B and C": the app's copy has no serial comma, so Intl.ListFormat('en') won't do. */
function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * Who a group-setting value names, in words: "Administrators", "design-team", "Ada Lovelace, Bob Li and
 * support-team", or "Nobody" for an empty ad-hoc set. Users come before groups, each in the value's order.
 * Describes the value as written; it does not expand subgroups into their members.
 */
export function describeGroupSetting(
  value: GroupSettingValue,
  groups: readonly NamedGroup[],
  users: readonly NamedUser[],
): string {
  const groupById = new Map(groups.map((g) => [g.id, g]));
  if (typeof value === 'number') return groupLabel(value, groupById.get(value));
  const userById = new Map(users.map((u) => [u.user_id, u]));
  const names = [
    ...[...new Set(value.direct_members)].map((id) => userLabel(id, userById.get(id))),
    ...[...new Set(value.direct_subgroups)].map((id) => groupLabel(id, groupById.get(id))),
  ];
  return names.length === 0 ? 'Nobody' : joinNames(names);
}
