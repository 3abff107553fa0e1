import { canReadHistory, topicMessages } from './channel-access';
import { receivedInProtectedHistory } from './message-edits';
import type { SimChannel, SimMessage, SimUser, SvcStore } from './store';

/**
 * Topic visibility policies the server sets on its own when someone posts: following a topic one starts (the
 * default `automatically_follow_topics_policy`), or one takes part in, and unmuting such topics in a muted channel.
 * Sending answers with the policy it set (`automatic_new_visibility_policy`).
 */

export const VISIBILITY = { inherit: 0, muted: 1, unmuted: 2, followed: 3 } as const;
const AUTOMATICALLY = { onParticipation: 1, onSend: 2, onInitiation: 3, never: 4 } as const;
/** `automatic_new_visibility_policy` joined the send answer at this level. */
export const AUTOMATIC_POLICY_LEVEL = 218;

const key = (userId: number, streamId: number, topic: string) => `${userId}:${streamId}:${topic.toLowerCase()}`;

export function topicPolicy(store: SvcStore, userId: number, streamId: number, topic: string): number {
  return store.userTopics.get(key(userId, streamId, topic))?.policy ?? VISIBILITY.inherit;
}

/** Sets a person's policy for a topic and tells them (`user_topic`). */
export function setTopicPolicy(store: SvcStore, user: SimUser, streamId: number, topic: string, policy: number) {
  const lastUpdated = Math.floor(store.now() / 1000);
  store.userTopics.set(key(user.user_id, streamId, topic), { topic, policy, lastUpdated });
  store.emit({
    type: 'user_topic',
    owner_id: user.user_id,
    stream_id: streamId,
    topic_name: topic,
    last_updated: lastUpdated,
    visibility_policy: policy,
  });
}

/** Whether `m` is the first message of its topic the sender can see (they started the topic). */
function startsTopic(store: SvcStore, sender: SimUser, channel: SimChannel, m: SimMessage): boolean {
  const shared = canReadHistory(store, sender, channel);
  return !topicMessages(store, channel.stream_id, m.topic).some(
    (other) => other.id !== m.id && (shared || receivedInProtectedHistory(store, sender, channel, other)),
  );
}

/** The policy sending `m` gives the sender, or null when it changes nothing (the server's rules, in its order). */
function policyForSend(store: SvcStore, sender: SimUser, channel: SimChannel, m: SimMessage): number | null {
  const follow = store.personalSetting(sender.user_id, 'automatically_follow_topics_policy');
  const unmute = store.personalSetting(sender.user_id, 'automatically_unmute_topics_in_muted_streams_policy');
  if (sender.isBot || (follow === AUTOMATICALLY.never && unmute === AUTOMATICALLY.never)) return null;
  const current = topicPolicy(store, sender.user_id, channel.stream_id, m.topic);
  if (current === VISIBILITY.followed) return null;
  const muted = store.subscription(sender.user_id, channel.stream_id)?.isMuted ?? false;
  const by = (when: number) =>
    follow === when ? VISIBILITY.followed : muted && unmute === when ? VISIBILITY.unmuted : null;
  const fromTakingPart = [by(AUTOMATICALLY.onParticipation), by(AUTOMATICALLY.onSend)];
  if (fromTakingPart.includes(VISIBILITY.followed)) return VISIBILITY.followed;
  let policy: number | null = fromTakingPart.includes(VISIBILITY.unmuted) ? VISIBILITY.unmuted : null;
  if (current !== VISIBILITY.inherit) return policy === current ? null : policy;
  const started = startsTopic(store, sender, channel, m);
  if (started && follow === AUTOMATICALLY.onInitiation) return VISIBILITY.followed;
  if (started && muted && unmute === AUTOMATICALLY.onInitiation) policy = VISIBILITY.unmuted;
  return policy;
}

/** Applies the automatic policy for a message just sent; returns it when one was set. */
export function applyAutomaticPolicy(store: SvcStore, sender: SimUser, channel: SimChannel, m: SimMessage) {
  const policy = policyForSend(store, sender, channel, m);
  if (policy === null) return null;
  setTopicPolicy(store, sender, channel.stream_id, m.topic, policy);
  return policy;
}
