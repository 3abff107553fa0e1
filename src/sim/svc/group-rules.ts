import type { SimGroupSetting } from './wire-values';

/**
 * The server's rules about user groups and group-valued permissions, as the simulator reads them.
 */

export const SIM_USER_GROUP_PERMISSIONS = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
] as const;
export type SimUserGroupPermission = (typeof SIM_USER_GROUP_PERMISSIONS)[number];

/** Every group-valued permission a channel carries. */
export const SIM_CHANNEL_PERMISSIONS = [
  'can_send_message_group',
  'can_add_subscribers_group',
  'can_remove_subscribers_group',
  'can_administer_channel_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_subscribe_group',
  'can_resolve_topics_group',
  // Level 441: who may start a new topic (role:everyone by default, so nothing changes until it is set).
  'can_create_topic_group',
] as const;
export type SimChannelPermission = (typeof SIM_CHANNEL_PERMISSIONS)[number];

/**
 * System groups each group permission may not be set to. Those that refuse `role:everyone` are also never
 * exercised by guests, whatever the value says.
 */
export type SimSystemGroupName =
  | 'role:owners'
  | 'role:administrators'
  | 'role:moderators'
  | 'role:fullmembers'
  | 'role:members'
  | 'role:everyone'
  | 'role:internet'
  | 'role:nobody';

export const SIM_GROUP_SETTING_DISALLOWED: Readonly<Record<SimUserGroupPermission, readonly SimSystemGroupName[]>> = {
  can_add_members_group: ['role:internet', 'role:everyone'],
  can_join_group: ['role:internet', 'role:everyone'],
  can_leave_group: ['role:internet'],
  can_manage_group: ['role:internet', 'role:everyone'],
  can_mention_group: ['role:internet', 'role:owners'],
  can_remove_members_group: ['role:internet', 'role:everyone'],
};

/** Levels at which parts of a user group record and its endpoints appeared. */
export const SIM_GROUP_LEVELS = {
  isSystemGroup: 93,
  subgroupsField: 127,
  directSubgroupIds: 131,
  can_mention_group: 191,
  can_manage_group: 283,
  deactivated: 290,
  creator: 292,
  createReturnsId: 317,
  createWithSubgroups: 311,
  can_join_group: 301,
  activeMembersOnly: 303,
  can_add_members_group: 305,
  can_leave_group: 308,
  membersEndpointSubgroups: 311,
  can_remove_members_group: 324,
  deactivationObjections: 298,
} as const;

const NAME_MAX_LENGTH = 100;
const RESERVED_PREFIXES = ['@', 'role:', 'user:', 'stream:', 'channel:'] as const;

/** What the server says about a group name it refuses, or null (uniqueness aside). */
export function groupNameRefusal(name: string): string | null {
  if (name.trim() === '') return "User group name can't be empty!";
  if (name.length > NAME_MAX_LENGTH) return `User group name cannot exceed ${NAME_MAX_LENGTH} characters.`;
  const prefix = RESERVED_PREFIXES.find((p) => name.startsWith(p));
  return prefix === undefined ? null : `User group name cannot start with '${prefix}'.`;
}

/** The form the server keeps a value in: one group and no users is that group; an empty set is nobody. */
export function storedGroupSetting(value: SimGroupSetting, nobodyGroupId: number): SimGroupSetting {
  if (typeof value === 'number') return value;
  const [only] = value.direct_subgroups;
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 1 && only !== undefined) return only;
  if (value.direct_members.length === 0 && value.direct_subgroups.length === 0) return nobodyGroupId;
  return value;
}

/** Whether two values are the same as the server compares them for `old` (sets in any order). */
export function sameGroupSetting(a: SimGroupSetting, b: SimGroupSetting): boolean {
  if (typeof a === 'number' || typeof b === 'number') return a === b;
  const same = (x: readonly number[], y: readonly number[]) => {
    const sx = new Set(x);
    const sy = new Set(y);
    return sx.size === sy.size && [...sx].every((v) => sy.has(v));
  };
  return same(a.direct_members, b.direct_members) && same(a.direct_subgroups, b.direct_subgroups);
}
