import { SIM_CHANNEL_PERMISSIONS as CHANNEL_PERMISSION_SETTINGS, type SimChannelPermission } from '../group-rules';
import type { MessageRetentionParam, TopicsPolicy } from '../../../shared/svc/channels';
import type { GroupSettingValue } from '../../../shared/svc/group-settings';
import { isAdminRole } from '../permissions';
import {
  canReadHistory,
  canSeeChannel,
  channelActivity,
  formatChannel,
  formatSubscription,
  holdsChannelPermission,
  INVALID_CHANNEL_ID,
  holdsRealmPermission,
  topicForDisplay,
  topicFromParam,
  topicMessages,
} from '../channel-access';
import { badRequest, mustBeOwner, SvcError } from '../errors';
import { checkGroupSettingValue, topicCreationOnProtectedHistory } from '../group-setting-checks';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import { renderMarkdown } from '../markdown';
import { SERVER_LIMITS } from '../settings';
import type { SimChannel, SimUser, SvcStore } from '../store';
import { bool, int, intList, json, jsonOrText, listOf, strList, text } from '../param-spec';
import {
  groupSettingValue,
  principalsValue,
  retentionValue,
  subscriptionRequest,
  topicsPolicyValue,
} from '../wire-values';
import { SIM_LEVELS } from '../levels';

/**
 * Channels: listing, members, topics, folders, creation (both ways), subscribing, unsubscribing and
 * deleting a topic. Error texts are the server's.
 */

/** Deactivated or unknown principals: HTTP 400 BAD_REQUEST from this level, 403 UNAUTHORIZED_PRINCIPAL before. */
const PRINCIPAL_BAD_REQUEST_LEVEL = 208;
/** `subscribed`/`already_subscribed` are keyed by user ID from this level, by API email before. */
const SUBSCRIBE_KEYS_BY_ID_LEVEL = 289;
/** Subscriptions of archived channels can be changed from this level; before, such channels were not found. */
const ARCHIVED_SUBSCRIPTIONS_LEVEL = 362;
/** Stream update events carrying a changed `first_message_id` exist from this level. */
const FIRST_MESSAGE_ID_EVENTS_LEVEL = 256;
/** Order of channel folders by their `order` field (by ID before). */
const FOLDER_ORDER_LEVEL = 414;
/** One request deletes at most this many messages; the client repeats while `complete` is false. */
export const DELETE_TOPIC_BATCH = 1000;

export const INSUFFICIENT_PERMISSION = 'Insufficient permission';
export const DELETE_TOPIC_ADMIN_MSG = 'Must be an organization administrator';

const seconds = (store: SvcStore) => Math.floor(store.now() / 1000);

const isNotPrintable = (c: string) => /[\p{Cc}\p{Cs}\uFDD0-\uFDEF]/u.test(c) || (c.codePointAt(0)! & 0xfffe) === 0xfffe;

/** The server's channel name checks, in its order. */
function checkChannelName(name: string): void {
  if (name.trim() === '') throw badRequest("Channel name can't be empty.");
  const chars = [...name];
  if (chars.length > SERVER_LIMITS.max_stream_name_length)
    throw badRequest(`Channel name too long (limit: ${SERVER_LIMITS.max_stream_name_length} characters).`);
  const bad = chars.findIndex(isNotPrintable);
  if (bad >= 0) throw badRequest(`Invalid character in channel name, at position ${bad + 1}.`);
}

function checkDescription(description: string | undefined, paramName: string): void {
  if (description !== undefined && [...description].length > SERVER_LIMITS.max_stream_description_length)
    throw badRequest(`${paramName} is too long (limit: ${SERVER_LIMITS.max_stream_description_length} characters)`);
}

function principalError(store: SvcStore, principal: number | string): SvcError {
  return store.featureLevel >= PRINCIPAL_BAD_REQUEST_LEVEL
    ? badRequest('No such user')
    : new SvcError(
        'UNAUTHORIZED_PRINCIPAL',
        `User not authorized to execute queries on behalf of '${principal}'`,
        403,
        { principal },
      );
}

/** Principals as user IDs or API emails; deactivated and unknown ones are refused. */
function principalUsers(store: SvcStore, principals: readonly (number | string)[]): SimUser[] {
  const users = principals.map((p) => {
    const user = typeof p === 'number' ? store.user(p) : (store.userByApiEmail(p) ?? store.userByDeliveryEmail(p));
    if (!user || !user.isActive) throw principalError(store, p);
    return user;
  });
  return [...new Map(users.map((u) => [u.user_id, u])).values()];
}

/** A channel by name, case-insensitively, as the caller may find it (archived ones only from level 362). */
function channelByName(store: SvcStore, name: string): SimChannel | undefined {
  const wanted = name.trim().toLowerCase();
  return store.channels.find(
    (c) => c.name.toLowerCase() === wanted && (!c.isArchived || store.featureLevel >= ARCHIVED_SUBSCRIPTIONS_LEVEL),
  );
}

/** Who may add other people to an existing channel. */
function canAddSubscribers(store: SvcStore, me: SimUser, channel: SimChannel): boolean {
  if (isAdminRole(me.role)) return true;
  if (me.role === 600) return false;
  return (
    holdsRealmPermission(store, me, 'can_add_subscribers_group') ||
    holdsChannelPermission(store, me, channel, 'can_add_subscribers_group') ||
    holdsChannelPermission(store, me, channel, 'can_administer_channel_group')
  );
}

/** Who may join an existing channel themselves. */
function canSubscribeSelf(store: SvcStore, me: SimUser, channel: SimChannel): boolean {
  if (channel.subscribers.has(me.user_id)) return true;
  if (channel.isWebPublic && me.role !== 600) return true;
  if (!channel.inviteOnly) return me.role !== 600;
  return (
    isAdminRole(me.role) ||
    holdsChannelPermission(store, me, channel, 'can_subscribe_group') ||
    holdsChannelPermission(store, me, channel, 'can_add_subscribers_group') ||
    holdsChannelPermission(store, me, channel, 'can_administer_channel_group')
  );
}

/** The settings a new channel takes, from either creation endpoint. */
interface NewChannelSettings {
  invite_only?: boolean | undefined;
  is_web_public?: boolean | undefined;
  is_default_stream?: boolean | undefined;
  history_public_to_subscribers?: boolean | undefined;
  message_retention_days?: MessageRetentionParam | undefined;
  topics_policy?: TopicsPolicy | undefined;
  folder_id?: number | undefined;
  [setting: string]: unknown;
}

function retentionDays(value: MessageRetentionParam | undefined): number | null {
  if (value === undefined || value === 'realm_default') return null;
  return value === 'unlimited' ? -1 : value;
}

/** The server's creation checks, in its order (`check_channel_creation_permissions`). */
function checkCreationPermissions(store: SvcStore, me: SimUser, s: NewChannelSettings): void {
  const inviteOnly = s.invite_only ?? false;
  if (inviteOnly && !holdsRealmPermission(store, me, 'can_create_private_channel_group'))
    throw badRequest(INSUFFICIENT_PERMISSION);
  if (!inviteOnly && !holdsRealmPermission(store, me, 'can_create_public_channel_group'))
    throw badRequest(INSUFFICIENT_PERMISSION);
  if (s.is_default_stream && !isAdminRole(me.role)) throw badRequest(INSUFFICIENT_PERMISSION);
  if (inviteOnly && s.is_default_stream) throw badRequest('A default channel cannot be private.');
  if (s.is_web_public) {
    if (!store.realmSettings.enable_spectator_access) throw badRequest('Web-public channels are not enabled.');
    if (!holdsRealmPermission(store, me, 'can_create_web_public_channel_group'))
      throw badRequest(INSUFFICIENT_PERMISSION);
  }
  // `realm_default` is no retention of the channel's own, so anyone may send it.
  if (retentionDays(s.message_retention_days) !== null && me.role !== 100) throw mustBeOwner();
}

/** Checks every given permission value and the folder; returns the permissions to store. */
function checkedPermissions(
  store: SvcStore,
  s: NewChannelSettings,
): Partial<Record<SimChannelPermission, GroupSettingValue>> {
  const permissions: Partial<Record<SimChannelPermission, GroupSettingValue>> = {};
  for (const name of CHANNEL_PERMISSION_SETTINGS) {
    const value = s[name] as GroupSettingValue | undefined;
    if (value !== undefined) permissions[name] = checkGroupSettingValue(store, value);
  }
  if (s.folder_id !== undefined && !store.channelFolder(s.folder_id)) throw badRequest('Invalid channel folder ID');
  // A private channel protects its history unless asked not to (see `addNewChannel`).
  const inviteOnly = s.invite_only ?? false;
  const historyPublic = inviteOnly ? (s.history_public_to_subscribers ?? false) : true;
  const refusal = topicCreationOnProtectedHistory(store, inviteOnly, historyPublic, permissions.can_create_topic_group);
  if (refusal) throw refusal;
  return permissions;
}

function addNewChannel(
  store: SvcStore,
  me: SimUser,
  name: string,
  description: string,
  s: NewChannelSettings,
  permissions: Partial<Record<SimChannelPermission, GroupSettingValue>>,
): SimChannel {
  const inviteOnly = s.invite_only ?? false;
  return store.addChannel({
    name: name.trim(),
    description,
    inviteOnly,
    isWebPublic: (s.is_web_public ?? false) && !inviteOnly,
    isArchived: false,
    dateCreated: seconds(store),
    creatorId: me.user_id,
    subscribers: new Set(),
    // Public channels always share their history; private ones protect it unless asked.
    historyPublicToSubscribers: inviteOnly ? (s.history_public_to_subscribers ?? false) : true,
    messageRetentionDays: retentionDays(s.message_retention_days),
    topicsPolicy: s.topics_policy ?? 'inherit',
    folderId: s.folder_id ?? null,
    isDefault: s.is_default_stream ?? false,
    permissions,
  });
}

/** Subscribes each user to each channel; announces who joined what. Returns the pairs actually added. */
function subscribeUsers(store: SvcStore, channels: readonly SimChannel[], users: readonly SimUser[]) {
  const added: { user: SimUser; channel: SimChannel }[] = [];
  for (const channel of channels) {
    for (const user of users) {
      if (channel.subscribers.has(user.user_id)) continue;
      channel.subscribers.add(user.user_id);
      added.push({ user, channel });
    }
  }
  for (const user of users) {
    const mine = added.filter((a) => a.user === user).map((a) => formatSubscription(store, user, a.channel));
    if (mine.length > 0) store.emit({ type: 'subscription', op: 'add', owner_id: user.user_id, subscriptions: mine });
  }
  for (const channel of channels) {
    const ids = added.filter((a) => a.channel === channel).map((a) => a.user.user_id);
    if (ids.length > 0)
      store.emit({ type: 'subscription', op: 'peer_add', stream_ids: [channel.stream_id], user_ids: ids });
  }
  return added;
}

function announceCreated(store: SvcStore, me: SimUser, channels: readonly SimChannel[]): void {
  if (channels.length === 0) return;
  const activity = channelActivity(store);
  store.emit({
    type: 'stream',
    op: 'create',
    streams: channels.map((c) => formatChannel(store, me, c, activity.get(c.stream_id))),
  });
}

/** Who may take `target` out of `channel`: admins anyone; bot owners their bots; holders of the channel's permission. */
function canRemoveSubscriber(store: SvcStore, me: SimUser, target: SimUser, channel: SimChannel): boolean {
  if (target.user_id === me.user_id || isAdminRole(me.role)) return true;
  if (!canSeeChannel(store, me, channel)) return false;
  if (target.isBot && target.botOwnerId === me.user_id) return true;
  return (
    canReadHistory(store, me, channel) && holdsChannelPermission(store, me, channel, 'can_remove_subscribers_group')
  );
}

/** Archived channels are "not found" by the reads below until level 480, which lets them be read. */
const archivedHidden = (store: SvcStore, channel: SimChannel) =>
  channel.isArchived && store.featureLevel < SIM_LEVELS.archivedChannelReads;

/** The channel for a path `stream_id`, when the caller may read it; otherwise the server's invalid-ID error. */
function readableChannel(store: SvcStore, me: SimUser, streamId: number): SimChannel {
  const channel = store.channel(streamId);
  if (!channel || !canReadHistory(store, me, channel) || archivedHidden(store, channel))
    throw badRequest(INVALID_CHANNEL_ID);
  return channel;
}

/** The settings a new channel may be given, alike when created (`/channels/create`) and by subscribing. */
const NEW_CHANNEL_SETTINGS = {
  announce: bool().optional(),
  invite_only: bool().optional(),
  is_web_public: bool().optional(),
  is_default_stream: bool().optional(),
  history_public_to_subscribers: bool().optional(),
  message_retention_days: jsonOrText(retentionValue).optional(),
  topics_policy: jsonOrText(topicsPolicyValue).optional(),
  folder_id: int().optional(),
  can_send_message_group: json(groupSettingValue).optional(),
  can_add_subscribers_group: json(groupSettingValue).optional(),
  can_remove_subscribers_group: json(groupSettingValue).optional(),
  can_administer_channel_group: json(groupSettingValue).optional(),
  can_delete_any_message_group: json(groupSettingValue).optional(),
  can_delete_own_message_group: json(groupSettingValue).optional(),
  can_move_messages_out_of_channel_group: json(groupSettingValue).optional(),
  can_move_messages_within_channel_group: json(groupSettingValue).optional(),
  can_subscribe_group: json(groupSettingValue).optional(),
  can_resolve_topics_group: json(groupSettingValue).optional(),
  can_create_topic_group: json(groupSettingValue).optional().from(SIM_LEVELS.canCreateTopicGroup),
};

export const channelsHandlers: readonly RegisteredHandler[] = [
  userHandler(
    endpoint({
      method: 'GET',
      path: '/streams',
      params: {
        include_public: bool().optional(),
        include_web_public: bool().optional(),
        include_subscribed: bool().optional(),
        exclude_archived: bool().optional(),
        include_all: bool().optional(),
        include_all_active: bool().optional(),
        include_default: bool().optional(),
        include_owner_subscribed: bool().optional(),
      },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const includePublic = params.include_public ?? true;
      const includeWebPublic = params.include_web_public ?? false;
      const includeSubscribed = params.include_subscribed ?? true;
      const excludeArchived = params.exclude_archived ?? true;
      const includeAll = params.include_all ?? false;
      const includeDefault = params.include_default ?? false;
      const guest = me.role === 600;
      const listed = store.channels.filter((c) => {
        if (excludeArchived && c.isArchived) return false;
        // Everything the caller has metadata access to (for administrators: every channel).
        if (includeAll && canSeeChannel(store, me, c)) return true;
        if (includeSubscribed && c.subscribers.has(me.user_id)) return true;
        if (includeWebPublic && c.isWebPublic) return true;
        if (includeDefault && c.isDefault && !guest) return true;
        return includePublic && !guest && !c.inviteOnly;
      });
      const activity = channelActivity(store);
      const streams = listed
        .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
        .map((c) => formatChannel(store, me, c, activity.get(c.stream_id)));
      return { streams };
    },
  ),

  userHandler(
    endpoint({ method: 'GET', path: '/streams/{stream_id}/members', params: { stream_id: int() } }),
    ({ core, me, params }) => {
      const { store } = core;
      const channel = store.channel(params.stream_id);
      if (!channel || !canSeeChannel(store, me, channel) || archivedHidden(store, channel))
        throw badRequest(INVALID_CHANNEL_ID);
      const subscribers = [...channel.subscribers].filter((id) => store.user(id)?.isActive).sort((a, b) => a - b);
      return { subscribers };
    },
  ),

  // Newest topic first; a topic's name is that of its newest message (topics match case-insensitively).
  userHandler(
    endpoint({
      method: 'GET',
      path: '/users/me/{stream_id}/topics',
      params: { stream_id: int(), allow_empty_topic_name: bool().optional() },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const channel = readableChannel(store, me, params.stream_id);
      const allowEmpty = (params.allow_empty_topic_name ?? false) && store.featureLevel >= SIM_LEVELS.emptyTopics;
      const byKey = new Map<string, { name: string; max_id: number }>();
      for (const m of store.messages.values()) {
        if (m.streamId !== channel.stream_id) continue;
        byKey.set(m.topic.toLowerCase(), { name: m.topic, max_id: m.id });
      }
      const topics = [...byKey.values()]
        .sort((a, b) => b.max_id - a.max_id)
        .map((t) => ({ name: topicForDisplay(t.name, allowEmpty), max_id: t.max_id }));
      return { topics };
    },
  ),

  userHandler(
    endpoint({
      method: 'GET',
      path: '/channel_folders',
      params: { include_archived: bool().optional() },
      since: SIM_LEVELS.channelFolders,
    }),
    ({ core, params }) => {
      const { store } = core;
      const ordered = store.featureLevel >= FOLDER_ORDER_LEVEL;
      const folders = store.channelFolders
        .filter((f) => params.include_archived === true || !f.isArchived)
        .sort((a, b) => (ordered ? a.order - b.order : a.id - b.id))
        .map((f) => ({
          id: f.id,
          name: f.name,
          description: f.description,
          rendered_description: renderMarkdown(f.description),
          date_created: f.dateCreated,
          creator_id: f.creatorId,
          is_archived: f.isArchived,
          ...(ordered ? { order: f.order } : {}),
        }));
      return { channel_folders: folders };
    },
  ),

  userHandler(
    endpoint({
      method: 'POST',
      path: '/channels/create',
      params: {
        name: text(),
        description: text().optional(),
        subscribers: intList(),
        ...NEW_CHANNEL_SETTINGS,
      },
      since: SIM_LEVELS.channelCreate,
    }),
    ({ core, me, params }) => {
      const { store } = core;
      checkDescription(params.description, 'description');
      checkChannelName(params.name);
      checkCreationPermissions(store, me, params);
      const existing = store.channels.find((c) => c.name.toLowerCase() === params.name.trim().toLowerCase());
      if (existing) throw new SvcError('CHANNEL_ALREADY_EXISTS', `Channel '${existing.name}' already exists`, 409);
      const subscribers = principalUsers(store, params.subscribers);
      const permissions = checkedPermissions(store, params);
      const channel = addNewChannel(store, me, params.name, params.description ?? '', params, permissions);
      subscribeUsers(store, [channel], subscribers);
      announceCreated(store, me, [channel]);
      return { id: channel.stream_id };
    },
  ),

  // Subscribing, and the way to create channels before level 417: names that do not exist are created
  // with the request's settings. Everything is checked before anything changes.
  userHandler(
    endpoint({
      method: 'POST',
      path: '/users/me/subscriptions',
      params: {
        subscriptions: json(listOf(subscriptionRequest)),
        principals: json(principalsValue).optional(),
        authorization_errors_fatal: bool().optional(),
        ...NEW_CHANNEL_SETTINGS,
      },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const fatal = params.authorization_errors_fatal ?? true;
      for (const s of params.subscriptions) {
        checkDescription(s.description, 'description');
        checkChannelName(s.name);
      }
      const users = params.principals ? principalUsers(store, params.principals) : [me];
      const others = users.some((u) => u.user_id !== me.user_id);
      const wanted = [...new Map(params.subscriptions.map((s) => [s.name.toLowerCase(), s])).values()];
      const existing: SimChannel[] = [];
      const missing: typeof wanted = [];
      for (const s of wanted) {
        const channel = channelByName(store, s.name);
        if (channel) existing.push(channel);
        else missing.push(s);
      }
      let permissions: ReturnType<typeof checkedPermissions> = {};
      if (missing.length > 0) {
        checkCreationPermissions(store, me, params);
        permissions = checkedPermissions(store, params);
      }
      const unauthorized = existing.filter(
        (c) =>
          !canSubscribeSelf(store, me, c) &&
          !(others && canAddSubscribers(store, me, c) && canSeeChannel(store, me, c)),
      );
      if (unauthorized.length > 0 && fatal) throw badRequest(`Unable to access channel (${unauthorized[0]!.name}).`);
      const allowed = existing.filter((c) => !unauthorized.includes(c));
      if (others && allowed.some((c) => !canAddSubscribers(store, me, c))) throw badRequest(INSUFFICIENT_PERMISSION);

      const created = missing.map((s) => addNewChannel(store, me, s.name, s.description ?? '', params, permissions));
      const targets = [...allowed, ...created];
      const before = new Map(targets.map((c) => [c.stream_id, new Set(c.subscribers)]));
      subscribeUsers(store, targets, users);
      announceCreated(store, me, created);

      const keyOf = (u: SimUser) => (store.featureLevel >= SUBSCRIBE_KEYS_BY_ID_LEVEL ? String(u.user_id) : u.apiEmail);
      const subscribed: Record<string, string[]> = {};
      const alreadySubscribed: Record<string, string[]> = {};
      for (const user of users) {
        for (const channel of targets) {
          const into = before.get(channel.stream_id)!.has(user.user_id) ? alreadySubscribed : subscribed;
          (into[keyOf(user)] ??= []).push(channel.name);
        }
      }
      return {
        subscribed,
        already_subscribed: alreadySubscribed,
        ...(fatal ? {} : { unauthorized: unauthorized.map((c) => c.name) }),
      };
    },
  ),

  userHandler(
    endpoint({
      method: 'DELETE',
      path: '/users/me/subscriptions',
      params: { subscriptions: strList(), principals: json(principalsValue).optional() },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      // A private channel the caller cannot see does not exist for them. A real server (level 372) names every
      // unknown one at once, as a plain BAD_REQUEST (the seed documents STREAM_DOES_NOT_EXIST here).
      const found = params.subscriptions.map((name) => {
        const channel = channelByName(store, name);
        return channel && canSeeChannel(store, me, channel) ? channel : name.trim();
      });
      const unknown = found.filter((c): c is string => typeof c === 'string');
      if (unknown.length > 0) throw badRequest(`Channel(s) (${unknown.join(', ')}) do not exist`);
      const channels = found.filter((c): c is Exclude<(typeof found)[number], string> => typeof c !== 'string');
      const users = params.principals ? principalUsers(store, params.principals) : [me];
      for (const channel of channels)
        for (const user of users)
          if (!canRemoveSubscriber(store, me, user, channel)) throw badRequest(INSUFFICIENT_PERMISSION);

      const removed: string[] = [];
      const notRemoved: string[] = [];
      const removedPairs: { user: SimUser; channel: SimChannel }[] = [];
      for (const user of users) {
        for (const channel of channels) {
          if (channel.subscribers.delete(user.user_id)) {
            removed.push(channel.name);
            removedPairs.push({ user, channel });
          } else notRemoved.push(channel.name);
        }
      }
      for (const user of users) {
        const mine = removedPairs.filter((p) => p.user === user);
        if (mine.length === 0) continue;
        store.emit({
          type: 'subscription',
          op: 'remove',
          owner_id: user.user_id,
          subscriptions: mine.map((p) => ({ stream_id: p.channel.stream_id, name: p.channel.name })),
        });
      }
      for (const channel of channels) {
        const ids = removedPairs.filter((p) => p.channel === channel).map((p) => p.user.user_id);
        if (ids.length > 0)
          store.emit({ type: 'subscription', op: 'peer_remove', stream_ids: [channel.stream_id], user_ids: ids });
      }
      return { removed, not_removed: notRemoved };
    },
  ),

  // Administrators only, with the seed's wording for this endpoint (the period included). Checked in the
  // handler, first, since the shared before-parameters check words the refusal without the period.
  userHandler(
    endpoint({
      method: 'POST',
      path: '/streams/{stream_id}/delete_topic',
      params: { stream_id: int(), topic_name: text() },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const channel = store.channel(params.stream_id);
      if (!channel || !canSeeChannel(store, me, channel)) throw badRequest(INVALID_CHANNEL_ID);
      const topic = topicFromParam(store, params.topic_name);
      const batched = store.featureLevel >= SIM_LEVELS.deleteTopicComplete;
      const inTopic = topicMessages(store, channel.stream_id, topic).map((m) => m.id);
      // Newest first, one batch per request; servers before level 211 answered only once all were gone.
      const doomed = batched ? inTopic.slice(-DELETE_TOPIC_BATCH) : inTopic;
      const firstBefore = store.firstMessageId(channel.stream_id);
      const storedTopic = doomed.length > 0 ? store.messages.get(doomed[0]!)!.topic : topic;
      for (const id of doomed) store.messages.delete(id);
      if (doomed.length > 0) {
        store.emit({
          type: 'delete_message',
          message_type: 'stream',
          message_ids: doomed,
          stream_id: channel.stream_id,
          // As stored, which may differ in case from the request.
          topic: storedTopic,
        });
      }
      const firstAfter = store.firstMessageId(channel.stream_id);
      if (firstAfter !== firstBefore && store.featureLevel >= FIRST_MESSAGE_ID_EVENTS_LEVEL) {
        store.emit({
          type: 'stream',
          op: 'update',
          stream_id: channel.stream_id,
          name: channel.name,
          property: 'first_message_id',
          value: firstAfter,
        });
      }
      return batched ? { complete: doomed.length === inTopic.length } : {};
    },
    { adminBeforeParams: true, adminError: () => new SvcError('UNAUTHORIZED_PRINCIPAL', DELETE_TOPIC_ADMIN_MSG) },
  ),
];
