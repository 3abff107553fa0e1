import { z } from 'zod';
import { groupSettingValueSchema, type GroupSettingValue, type SystemGroupName } from './group-settings';

/** The permission settings every user group has (each a group-setting value), in the server's order. */
export const USER_GROUP_PERMISSION_SETTINGS = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
] as const;
export type UserGroupPermissionSetting = (typeof USER_GROUP_PERMISSION_SETTINGS)[number];

/**
 * System groups each permission may not be set to. Those that refuse `role:everyone` are also never
 * exercised by guests, whatever the value says.
 */
export const USER_GROUP_SETTING_DISALLOWED: Readonly<Record<UserGroupPermissionSetting, readonly SystemGroupName[]>> = {
  can_add_members_group: ['role:internet', 'role:everyone'],
  can_join_group: ['role:internet', 'role:everyone'],
  can_leave_group: ['role:internet'],
  can_manage_group: ['role:internet', 'role:everyone'],
  can_mention_group: ['role:internet', 'role:owners'],
  can_remove_members_group: ['role:internet', 'role:everyone'],
};

/** Levels at which parts of a user group record appeared. */
export const USER_GROUP_LEVELS = {
  isSystemGroup: 93,
  /** Named `subgroups` from 127, `direct_subgroup_ids` from 131. */
  subgroupsField: 127,
  directSubgroupIds: 131,
  can_mention_group: 191,
  can_manage_group: 283,
  deactivated: 290,
  creator: 292,
  /** Creating a group returns its ID; `subgroups` may be given at creation (311). */
  createReturnsId: 317,
  createWithSubgroups: 311,
  can_join_group: 301,
  /** Deactivated users stop being listed as members. */
  activeMembersOnly: 303,
  can_add_members_group: 305,
  can_leave_group: 308,
  /** `add_subgroups` / `delete_subgroups` on the members endpoint. */
  membersEndpointSubgroups: 311,
  can_remove_members_group: 324,
  /** Deactivation refusals name their objections, with their own code. */
  deactivationObjections: 298,
} as const;

/** The server's bounds on a group name. */
export const USER_GROUP_NAME_MAX_LENGTH = 100;
export const USER_GROUP_NAME_RESERVED_PREFIXES = ['@', 'role:', 'user:', 'stream:', 'channel:'] as const;

/** What the server says about a name it refuses, or null when it takes it (uniqueness aside). */
export function userGroupNameProblem(name: string): string | null {
  if (name.trim() === '') return "User group name can't be empty!";
  if (name.length > USER_GROUP_NAME_MAX_LENGTH) {
    return `User group name cannot exceed ${USER_GROUP_NAME_MAX_LENGTH} characters.`;
  }
  const prefix = USER_GROUP_NAME_RESERVED_PREFIXES.find((p) => name.startsWith(p));
  return prefix === undefined ? null : `User group name cannot start with '${prefix}'.`;
}

/**
 * A setting value in the form the server keeps it: an ad-hoc set of exactly one group and no users is that
 * group, and an empty set is `role:nobody`.
 */
export function canonicalGroupSetting(value: GroupSettingValue, nobodyGroupId: number): GroupSettingValue {
  if (typeof value === 'number') return value;
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 1) return value.direct_subgroups[0]!;
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 0) return nobodyGroupId;
  return value;
}

/**
 * Whether two values are the same as the server compares them for `old`: equal IDs, or ad-hoc sets with
 * the same members and subgroups (in any order). A group ID never equals an ad-hoc set.
 */
export function groupSettingsEqual(a: GroupSettingValue, b: GroupSettingValue): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  const same = (x: readonly number[], y: readonly number[]) => {
    const sx = new Set(x);
    const sy = new Set(y);
    return sx.size === sy.size && [...sx].every((v) => sy.has(v));
  };
  return same(a.direct_members, b.direct_members) && same(a.direct_subgroups, b.direct_subgroups);
}

const groupSetting = groupSettingValueSchema.optional();

/**
 * A user group as `GET /user_groups` lists it. `members` are direct members only (deactivated users who
 * were members included); permission settings appeared over several levels, so each is optional.
 */
export const userGroupSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  members: z.array(z.number().int()),
  direct_subgroup_ids: z.array(z.number().int()),
  is_system_group: z.boolean(),
  deactivated: z.boolean().optional(),
  date_created: z.number().int().nullable().optional(),
  creator_id: z.number().int().nullable().optional(),
  can_add_members_group: groupSetting,
  can_join_group: groupSetting,
  can_leave_group: groupSetting,
  can_manage_group: groupSetting,
  can_mention_group: groupSetting,
  can_remove_members_group: groupSetting,
});
export type UserGroup = z.infer<typeof userGroupSchema>;
