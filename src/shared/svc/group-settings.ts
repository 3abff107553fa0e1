import { z } from 'zod';
import { systemGroupLabel } from '../labels/roles';

/**
 * Group-setting values: who holds a permission. Either one user group's ID, or an ad-hoc set of users and
 * subgroups. Shared by channels, user groups and realm settings; the simulator and the SPA resolve them the
 * same way.
 */

const id = z.number().int().nonnegative();

export const adHocGroupSettingSchema = z.strictObject({
  direct_members: z.array(id),
  direct_subgroups: z.array(id),
});
export type AdHocGroupSetting = z.infer<typeof adHocGroupSettingSchema>;

export const groupSettingValueSchema = z.union([id, adHocGroupSettingSchema]);
export type GroupSettingValue = z.infer<typeof groupSettingValueSchema>;

/** How group updates change a setting: `old` (optional) is what the client believes is current. */
export const groupSettingUpdateSchema = z.strictObject({
  new: groupSettingValueSchema,
  old: groupSettingValueSchema.optional(),
});
export type GroupSettingUpdate = z.infer<typeof groupSettingUpdateSchema>;

/** The system groups every organization has, by their API names. */
export const SYSTEM_GROUP_NAMES = [
  'role:owners',
  'role:administrators',
  'role:moderators',
  'role:fullmembers',
  'role:members',
  'role:everyone',
  'role:internet',
  'role:nobody',
] as const;
export type SystemGroupName = (typeof SYSTEM_GROUP_NAMES)[number];

/** What people read for a group's name: system groups by their plain meaning, others as named. */
export function groupDisplayName(group: { name: string; is_system_group?: boolean }): string {
  return group.is_system_group ? (systemGroupLabel(group.name) ?? group.name) : group.name;
}

/** The parts of a group record that membership resolution needs. */
export interface GroupMembership {
  id: number;
  members: readonly number[];
  direct_subgroup_ids: readonly number[];
}

/** Sorted, deduplicated; a group ID stays as is. Two equal settings normalize to equal values. */
export function normalizeGroupSetting(value: GroupSettingValue): GroupSettingValue {
  if (typeof value === 'number') return value;
  const sorted = (ids: readonly number[]) => [...new Set(ids)].sort((a, b) => a - b);
  return { direct_members: sorted(value.direct_members), direct_subgroups: sorted(value.direct_subgroups) };
}

/**
 * Whether two settings grant the same thing as written (not by resolved membership): a group ID equals an
 * ad-hoc set holding only that group, as the server stores such a set as the group itself.
 */
export function sameGroupSetting(a: GroupSettingValue, b: GroupSettingValue): boolean {
  const asSet = (v: GroupSettingValue) =>
    typeof v === 'number' ? { direct_members: [], direct_subgroups: [v] } : normalizeGroupSetting(v);
  const x = asSet(a) as AdHocGroupSetting;
  const y = asSet(b) as AdHocGroupSetting;
  return JSON.stringify(x) === JSON.stringify(y);
}

/** Every group reachable from `roots` through subgroups (the roots included), cycles tolerated. */
export function expandGroups(roots: readonly number[], groups: ReadonlyMap<number, GroupMembership>): Set<number> {
  const seen = new Set<number>();
  const stack = [...roots];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    for (const sub of groups.get(next)?.direct_subgroup_ids ?? []) stack.push(sub);
  }
  return seen;
}

/** Every user a setting grants, through subgroups at any depth. */
export function groupSettingUserIds(
  value: GroupSettingValue,
  groups: ReadonlyMap<number, GroupMembership>,
): Set<number> {
  const direct = typeof value === 'number' ? [] : value.direct_members;
  const roots = typeof value === 'number' ? [value] : value.direct_subgroups;
  const users = new Set<number>(direct);
  for (const groupId of expandGroups(roots, groups)) {
    for (const member of groups.get(groupId)?.members ?? []) users.add(member);
  }
  return users;
}

export function isUserInGroupSetting(
  value: GroupSettingValue,
  userId: number,
  groups: ReadonlyMap<number, GroupMembership>,
): boolean {
  return groupSettingUserIds(value, groups).has(userId);
}
