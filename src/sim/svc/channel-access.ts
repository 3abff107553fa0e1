import { SIM_LEVELS } from './levels';
import type { GroupSettingValue } from '../../shared/svc/group-settings';
import { badRequest } from './errors';
import type { SimChannelPermission } from './group-rules';
import { isAdminRole } from './permissions';
import { renderMarkdown } from './markdown';
import { EMPTY_TOPIC_DISPLAY_NAME, type RealmGroupSetting, type RealmSettings } from './settings';
import type { SimChannel, SimMessage, SimUser, SvcStore } from './store';

/**
 * Who may see and read a channel, and the channel record as the server sends it. Pure reads of the store,
 * shared by the channel and message handlers and by event routing.
 */

/** The server's answer for a channel that does not exist or that the caller may not access. */
export const INVALID_CHANNEL_ID = 'Invalid channel ID';

/** Realm permissions that are group settings. */
export type RealmGroupPermission = {
  [K in keyof RealmSettings]: RealmSettings[K] extends RealmGroupSetting ? K : never;
}[keyof RealmSettings];

/** A stored realm permission as the API shows it (system groups by their ID in this store). */
export function realmGroupSettingValue(store: SvcStore, setting: RealmGroupSetting): GroupSettingValue {
  return typeof setting === 'string' ? store.systemGroup(setting).id : setting;
}

/** Whether a group setting grants `user` the permission, through subgroups at any depth. */
export function isInGroupSetting(store: SvcStore, value: GroupSettingValue, user: SimUser): boolean {
  if (!user.isActive) return false;
  if (typeof value !== 'number' && value.direct_members.includes(user.user_id)) return true;
  const stack = typeof value === 'number' ? [value] : [...value.direct_subgroups];
  const seen = new Set<number>();
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const group = store.userGroup(id);
    if (!group) continue;
    const member = group.isSystemGroup
      ? store.groupMembers(group).includes(user.user_id)
      : group.members.has(user.user_id);
    if (member) return true;
    stack.push(...group.subgroups);
  }
  return false;
}

export function holdsRealmPermission(store: SvcStore, user: SimUser, name: RealmGroupPermission): boolean {
  return isInGroupSetting(store, realmGroupSettingValue(store, store.realmSettings[name]), user);
}

export function holdsChannelPermission(
  store: SvcStore,
  user: SimUser,
  channel: SimChannel,
  setting: SimChannelPermission,
): boolean {
  return isInGroupSetting(store, channel.permissions[setting], user);
}

/**
 * Metadata access (the channel appears in lists, its events arrive): administrators see every channel;
 * guests only those they are subscribed to and web-public ones; others every public channel, and a
 * private one when subscribed or holding one of the permissions that let them add people to it. Guests
 * never gain access through those permissions, as on the server.
 */
export function canSeeChannel(store: SvcStore, user: SimUser, channel: SimChannel): boolean {
  if (channel.subscribers.has(user.user_id)) return true;
  if (user.role === 600) return channel.isWebPublic;
  if (isAdminRole(user.role) || !channel.inviteOnly) return true;
  return (['can_administer_channel_group', 'can_add_subscribers_group', 'can_subscribe_group'] as const).some((s) =>
    holdsChannelPermission(store, user, channel, s),
  );
}

/**
 * Content access (its messages can be read): subscribers, anyone for web-public channels, non-guests for
 * public ones, and for a private one those who may subscribe themselves or others. Administrators are not
 * special here: they must subscribe to read a private channel.
 */
export function canReadChannel(store: SvcStore, user: SimUser, channel: SimChannel): boolean {
  if (channel.subscribers.has(user.user_id) || channel.isWebPublic) return true;
  if (user.role === 600) return false;
  if (!channel.inviteOnly) return true;
  return (['can_add_subscribers_group', 'can_subscribe_group'] as const).some((s) =>
    holdsChannelPermission(store, user, channel, s),
  );
}

/** A private channel with protected history shows its messages to subscribers only. */
export function canReadHistory(store: SvcStore, user: SimUser, channel: SimChannel): boolean {
  if (!canReadChannel(store, user, channel)) return false;
  return !channel.inviteOnly || channel.historyPublicToSubscribers || channel.subscribers.has(user.user_id);
}

/** Topics match case-insensitively, as on the server. */
export function sameTopic(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/** A topic parameter: from level 334 the realm's display name for the empty topic means the empty topic. */
export function topicFromParam(store: SvcStore, topic: string): string {
  return store.featureLevel >= SIM_LEVELS.emptyTopics && sameTopic(topic, EMPTY_TOPIC_DISPLAY_NAME) ? '' : topic;
}

/** A topic in a response: the empty topic is shown by its display name unless the client takes it as is. */
export function topicForDisplay(topic: string, allowEmptyTopicName: boolean): string {
  return topic === '' && !allowEmptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : topic;
}

/** What the channel list needs from the messages, computed in one pass over them. */
export interface ChannelActivity {
  firstMessageId: number | null;
  /** Messages per week over the last four weeks; null while the channel is younger than a week. */
  weeklyTraffic: number | null;
  recentlyActive: boolean;
}

const DAY = 86_400;
const RECENTLY_ACTIVE_DAYS = 180;

export function channelActivity(store: SvcStore): Map<number, ChannelActivity> {
  const now = Math.floor(store.now() / 1000);
  const counts = new Map<number, { first: number; recent: number; last: number }>();
  for (const m of store.messages.values()) {
    const entry = counts.get(m.streamId);
    const recent = m.timestamp >= now - 28 * DAY ? 1 : 0;
    if (entry) {
      entry.recent += recent;
      entry.last = Math.max(entry.last, m.timestamp);
    } else counts.set(m.streamId, { first: m.id, recent, last: m.timestamp });
  }
  const activity = new Map<number, ChannelActivity>();
  for (const channel of store.channels) {
    const entry = counts.get(channel.stream_id);
    const ageDays = (now - channel.dateCreated) / DAY;
    activity.set(channel.stream_id, {
      firstMessageId: entry?.first ?? null,
      weeklyTraffic: ageDays < 7 ? null : Math.round(((entry?.recent ?? 0) * 7) / Math.min(28, ageDays)),
      recentlyActive: (entry?.last ?? channel.dateCreated) >= now - RECENTLY_ACTIVE_DAYS * DAY,
    });
  }
  return activity;
}

/** The deprecated posting policy closest to who may post: 1 anyone, 2 admins, 3 full members, 4 moderators. */
function streamPostPolicy(store: SvcStore, channel: SimChannel): number {
  const value = channel.permissions.can_send_message_group;
  if (typeof value !== 'number') return 1;
  const name = store.userGroup(value)?.name;
  if (name === 'role:administrators') return 2;
  if (name === 'role:fullmembers') return 3;
  if (name === 'role:moderators') return 4;
  return 1;
}

/** Levels at which channel record fields appeared; absent ones are as old as the API. */
const FIELD_LEVELS: Readonly<Record<string, number>> = {
  date_created: 30,
  message_retention_days: 17,
  can_remove_subscribers_group: 142,
  stream_weekly_traffic: 199,
  creator_id: 254,
  is_archived: 315,
  is_recently_active: 323,
  can_administer_channel_group: 325,
  can_send_message_group: 333,
  can_add_subscribers_group: 342,
  can_subscribe_group: 357,
  folder_id: 389,
  topics_policy: 392,
  subscriber_count: 394,
  can_move_messages_out_of_channel_group: 396,
  can_move_messages_within_channel_group: 396,
  can_resolve_topics_group: 402,
  can_delete_any_message_group: 407,
  can_delete_own_message_group: 407,
  can_create_topic_group: SIM_LEVELS.canCreateTopicGroup,
};

function dropNewerFields(record: Record<string, unknown>, level: number): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([name]) => level >= (FIELD_LEVELS[name] ?? 0)));
}

function activeSubscriberCount(store: SvcStore, channel: SimChannel): number {
  let count = 0;
  for (const id of channel.subscribers) if (store.user(id)?.isActive) count++;
  return count;
}

/**
 * A channel as `GET /streams` and `stream` events carry it, with the fields the server's level has.
 * `activity` comes from `channelActivity` (computed once for a whole listing).
 */
export function formatChannel(
  store: SvcStore,
  _me: SimUser,
  channel: SimChannel,
  activity: ChannelActivity | undefined = channelActivity(store).get(channel.stream_id),
): Record<string, unknown> {
  const postPolicy = streamPostPolicy(store, channel);
  const record: Record<string, unknown> = {
    stream_id: channel.stream_id,
    name: channel.name,
    description: channel.description,
    rendered_description: renderMarkdown(channel.description),
    invite_only: channel.inviteOnly,
    is_web_public: channel.isWebPublic,
    is_archived: channel.isArchived,
    date_created: channel.dateCreated,
    creator_id: channel.creatorId,
    history_public_to_subscribers: channel.historyPublicToSubscribers,
    message_retention_days: channel.messageRetentionDays,
    first_message_id: activity?.firstMessageId ?? null,
    folder_id: channel.folderId,
    topics_policy: channel.topicsPolicy,
    subscriber_count: activeSubscriberCount(store, channel),
    stream_weekly_traffic: activity?.weeklyTraffic ?? null,
    is_recently_active: activity?.recentlyActive ?? false,
    is_announcement_only: postPolicy === 2,
    stream_post_policy: postPolicy,
    ...structuredClone(channel.permissions),
  };
  return dropNewerFields(record, store.featureLevel);
}

/** A subscription as `subscription` `add` events carry it: the channel, the personal settings, the members. */
export function formatSubscription(store: SvcStore, user: SimUser, channel: SimChannel): Record<string, unknown> {
  const s = store.subscription(user.user_id, channel.stream_id);
  return {
    ...formatChannel(store, user, channel),
    color: s?.color,
    is_muted: s?.isMuted ?? false,
    in_home_view: !(s?.isMuted ?? false),
    pin_to_top: s?.pinToTop ?? false,
    desktop_notifications: s?.desktopNotifications ?? null,
    audible_notifications: s?.audibleNotifications ?? null,
    push_notifications: s?.pushNotifications ?? null,
    email_notifications: s?.emailNotifications ?? null,
    wildcard_mentions_notify: s?.wildcardMentionsNotify ?? null,
    subscribers: [...channel.subscribers].filter((id) => store.user(id)?.isActive).sort((a, b) => a - b),
  };
}

/** The server's refusal of a new topic to someone outside the channel's `can_create_topic_group`. */
export const CANNOT_CREATE_TOPIC = 'You do not have permission to create new topics in this channel.';

/** `role:nobody` grants the permission to no one, whatever else the value holds. */
function mayCreateTopics(store: SvcStore, user: SimUser, channel: SimChannel): boolean {
  const value = channel.permissions.can_create_topic_group;
  if (value === store.systemGroup('role:nobody').id) return false;
  return isInGroupSetting(store, value, user);
}

/**
 * From level 441, a message to a topic the channel does not have yet (topics match case-insensitively) needs
 * the channel's `can_create_topic_group`; a bot may also use its owner's. Resolving and unresolving are not
 * checked by the callers, as on the server: they rename a topic that exists.
 */
export function checkTopicCreation(store: SvcStore, user: SimUser, channel: SimChannel, topic: string): void {
  if (store.featureLevel < SIM_LEVELS.canCreateTopicGroup) return;
  if (channel.permissions.can_create_topic_group === store.systemGroup('role:everyone').id) return;
  if (topicMessages(store, channel.stream_id, topic).length > 0) return;
  if (mayCreateTopics(store, user, channel)) return;
  const owner = user.isBot && user.botOwnerId !== null ? store.user(user.botOwnerId) : undefined;
  if (owner && mayCreateTopics(store, owner, channel)) return;
  throw badRequest(CANNOT_CREATE_TOPIC);
}

/** The messages of one channel topic, oldest first. */
export function topicMessages(store: SvcStore, streamId: number, topic: string): SimMessage[] {
  const found: SimMessage[] = [];
  for (const m of store.messages.values()) if (m.streamId === streamId && sameTopic(m.topic, topic)) found.push(m);
  return found;
}
