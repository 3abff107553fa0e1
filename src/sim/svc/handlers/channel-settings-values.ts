import { badRequest } from '../errors';

/**
 * The simulator's own reading of channel-setting values (it does not borrow the console's schemas, so a
 * mistake in those is not repeated here). Wording follows a real server's (level 372) refusals.
 */

/** A group-setting value: a group's ID, or people and groups. */
export type GroupValue = number | { direct_members: number[]; direct_subgroups: number[] };

/** Each channel permission, with the level from which the update endpoint takes it. */
export const PERMISSION_LEVELS = {
  can_remove_subscribers_group: 161,
  can_administer_channel_group: 325,
  can_send_message_group: 333,
  can_add_subscribers_group: 342,
  can_subscribe_group: 357,
  can_move_messages_out_of_channel_group: 396,
  can_move_messages_within_channel_group: 396,
  can_resolve_topics_group: 402,
  can_delete_any_message_group: 407,
  can_delete_own_message_group: 407,
  can_create_topic_group: 441,
} as const;
export type ChannelPermission = keyof typeof PERMISSION_LEVELS;
export const CHANNEL_PERMISSIONS = Object.keys(PERMISSION_LEVELS) as ChannelPermission[];

export const TOPICS_POLICY_VALUES: readonly string[] = [
  'inherit',
  'allow_empty_topic',
  'disable_empty_topic',
  'empty_topic_only',
];

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

function readValue(name: string, path: string, raw: unknown): GroupValue {
  if (typeof raw === 'number') {
    if (!isId(raw)) throw badRequest(`${name}${path}["int"] is not an integer`);
    return raw;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw badRequest(`${name}${path}["int"] is not an integer`);
  const o = raw as Record<string, unknown>;
  const list = (key: string): number[] => {
    const v = o[key];
    if (!Array.isArray(v)) throw badRequest(`${name}${path}["${key}"] field is missing: Field required`);
    if (!v.every(isId)) throw badRequest(`${name}${path}["${key}"] is not a list of integers`);
    return [...v];
  };
  return { direct_members: list('direct_members'), direct_subgroups: list('direct_subgroups') };
}

/** `{new, old?}` as the update endpoints take a permission. */
export function readGroupUpdate(name: string, raw: unknown): { new: GroupValue; old?: GroupValue } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw badRequest(`${name} is not a dict`);
  const o = raw as Record<string, unknown>;
  if (!('new' in o)) throw badRequest(`${name}["new"] field is missing: Field required`);
  const next = readValue(name, '["new"]', o.new);
  return 'old' in o ? { new: next, old: readValue(name, '["old"]', o.old) } : { new: next };
}

/** Equal as stored: a set holding just one group is that group; order does not matter. */
export function sameGroupValue(a: GroupValue, b: GroupValue): boolean {
  const norm = (v: GroupValue) => {
    if (typeof v === 'number') return `g${v}`;
    if (v.direct_members.length === 0 && v.direct_subgroups.length === 1) return `g${v.direct_subgroups[0]}`;
    const sorted = (ids: number[]) => [...new Set(ids)].sort((x, y) => x - y).join(',');
    return `m${sorted(v.direct_members)}|s${sorted(v.direct_subgroups)}`;
  };
  return norm(a) === norm(b);
}
