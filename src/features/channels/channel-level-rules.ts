import { ApiError } from '../../client/api-error';
import { humanServerMessage, systemGroupLabel } from '../../shared/labels';
import type { Channel } from '../../shared/svc/channels';
import { FEATURE_LEVELS, featureGateReason } from '../../shared/svc/features';
import type { GroupSettingValue } from '../../shared/svc/group-settings';

/**
 * What the channel pages need to know about three Zulip 11/12 changes: who may start new topics (level 441),
 * subscriber counts on the channel record (394), and reading archived channels (480). Pure, so it is tested
 * alone on both sides of each level.
 */

/** A group's ID and name, enough to find `role:everyone`. */
interface NamedGroup {
  id: number;
  name: string;
  is_system_group?: boolean;
}

export function everyoneGroupId(groups: readonly NamedGroup[]): number | null {
  return groups.find((g) => g.is_system_group === true && g.name === 'role:everyone')?.id ?? null;
}

/** Whether a value grants exactly the `role:everyone` group (an ad-hoc set of that group alone counts). */
function isEveryone(value: GroupSettingValue, everyoneId: number): boolean {
  if (typeof value === 'number') return value === everyoneId;
  return (
    value.direct_members.length === 0 &&
    value.direct_subgroups.length > 0 &&
    value.direct_subgroups.every((id) => id === everyoneId)
  );
}

/** The group the rule asks for, as the picker names it. */
export const EVERYONE_LABEL = systemGroupLabel('role:everyone') ?? 'Everyone';

export const TOPIC_STARTERS_RULE = `A private channel with protected history must let everyone start new topics: choose “${EVERYONE_LABEL}”.`;

/**
 * The server's rule from level 441: a private channel whose history is protected must let everyone start new
 * topics. Checked here so the form says so before the server refuses; null when the value is fine or not known.
 */
export function topicStartersProblem(
  privateProtected: boolean,
  value: GroupSettingValue | undefined,
  everyoneId: number | null,
): string | null {
  if (!privateProtected || value === undefined || everyoneId === null) return null;
  return isEveryone(value, everyoneId) ? null : TOPIC_STARTERS_RULE;
}

/**
 * A refusal about who may start new topics (the server names `can_create_topic_group` among the parameters
 * it could not combine; the BFF names it as the field a server's level does not take), in the form's words;
 * null for any other refusal.
 */
export function topicStartersRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const named = [error.envelope.msg, error.envelope.parameters, error.envelope.var_name, error.envelope.field]
    .filter((v): v is string => typeof v === 'string')
    .some((text) => text.includes('can_create_topic_group'));
  if (!named) return null;
  return humanServerMessage(error.envelope.msg) ?? error.envelope.msg;
}

/** Where a channel's subscriber count comes from on this server. */
export type SubscriberCountSource =
  /** The channel record carries it (level 394): no request. */
  | { from: 'record'; count: number }
  /** The older way: count the subscribers list (`GET /streams/{id}/members`). */
  | { from: 'subscribers' }
  /** Cannot be had: the reason, in words. */
  | { from: 'none'; reason: string };

export function subscriberCountSource(channel: Channel, level: number): SubscriberCountSource {
  if (level >= FEATURE_LEVELS.channelSubscriberCount && typeof channel.subscriber_count === 'number') {
    return { from: 'record', count: channel.subscriber_count };
  }
  const archived = archivedReadsGate(channel, level);
  return archived === null ? { from: 'subscribers' } : { from: 'none', reason: archived };
}

/**
 * Why the subscribers and topics of this channel cannot be read on this server, or null when they can: servers
 * before level 480 answer "Invalid channel ID" for an archived channel, which is not an error to show.
 */
export function archivedReadsGate(channel: Pick<Channel, 'is_archived'>, level: number): string | null {
  if (channel.is_archived !== true) return null;
  const reason = featureGateReason(level, 'archivedChannelReads');
  return reason === null
    ? null
    : `This server does not let anyone read an archived channel’s subscribers and topics. ${reason}`;
}
