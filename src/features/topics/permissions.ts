import { FEATURE_LEVELS } from '../../shared/svc/features';
import { isUserInGroupSetting, type GroupMembership, type GroupSettingValue } from '../../shared/svc/group-settings';
import type { Channel } from '../../shared/svc/channels';

export interface Ability {
  allowed: boolean;
  reason: string | null;
}

const yes: Ability = { allowed: true, reason: null };
const no = (reason: string): Ability => ({ allowed: false, reason });

function groupSetting(value: unknown): GroupSettingValue | null {
  if (typeof value === 'number') return value;
  if (typeof value === 'object' && value !== null && 'direct_members' in value && 'direct_subgroups' in value) {
    return value as GroupSettingValue;
  }
  return null;
}

export const EMPTY_TOPIC_RESOLVE_REASON =
  'This is the topic without a name; it cannot be marked resolved (the marker needs a name to go in front of).';

/**
 * Resolving: never the empty-string topic; from level 367 only people in the organization's or the
 * channel's `can_resolve_topics_group`; before that the server applies its older rule itself.
 */
export function resolveAbility(input: {
  topic: string;
  level: number;
  userId: number | null;
  realm: Readonly<Record<string, unknown>> | undefined;
  channel: Channel | undefined;
  groups: ReadonlyMap<number, GroupMembership>;
}): Ability {
  if (input.topic === '') return no(EMPTY_TOPIC_RESOLVE_REASON);
  if (input.level < FEATURE_LEVELS.canResolveTopicsGroup) return yes;
  if (!input.realm || input.userId === null) return no('Loading who may resolve topics…');
  const settings = [
    groupSetting(input.realm.realm_can_resolve_topics_group),
    groupSetting(input.channel?.can_resolve_topics_group),
  ];
  const holds = settings.some((s) => s !== null && isUserInGroupSetting(s, input.userId!, input.groups));
  return holds ? yes : no('You are not in a group allowed to resolve topics here.');
}

/**
 * Editing a message's content, as the server decides it: only its sender, only while the organization allows
 * editing, and only within the organization's time limit (none when it is null). Moderators and
 * administrators get no exception: the server refuses them someone else's message too.
 */
export function editContentAbility(input: {
  senderId: number;
  timestamp: number;
  userId: number | null;
  realm: Readonly<Record<string, unknown>> | undefined;
  nowSeconds: number;
}): Ability {
  if (input.userId === null || input.senderId !== input.userId) return no('Only the sender can edit a message.');
  if (input.realm?.realm_allow_message_editing === false) return no('Editing messages is turned off here.');
  const limit = input.realm?.realm_message_content_edit_limit_seconds;
  if (typeof limit === 'number' && limit > 0 && input.nowSeconds - input.timestamp > limit)
    return no('The time limit for editing this message has passed.');
  return yes;
}

/** What the time-limit refusal allows: "N of M messages can still be moved". */
export interface PartialMove {
  allowed: number;
  total: number;
  firstAllowedId: number | null;
}

export function partialMoveOf(envelope: Readonly<Record<string, unknown>>): PartialMove | null {
  if (envelope.code !== 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED') return null;
  const allowed = envelope.total_messages_allowed_to_move;
  const total = envelope.total_messages_in_topic;
  const first = envelope.first_message_id_allowed_to_move;
  if (typeof allowed !== 'number' || typeof total !== 'number') return null;
  return { allowed, total, firstAllowedId: typeof first === 'number' ? first : null };
}

export function partialMoveText(p: PartialMove): string {
  if (p.firstAllowedId === null || p.allowed === 0) {
    return `None of the ${p.total.toLocaleString()} messages can be moved any more: the time limit for moving them has passed.`;
  }
  return `${p.allowed.toLocaleString()} of ${p.total.toLocaleString()} messages can still be moved; the older ones are past the time limit for moving.`;
}
