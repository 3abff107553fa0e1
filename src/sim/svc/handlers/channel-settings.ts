import {
  canSeeChannel,
  channelActivity,
  formatChannel,
  holdsChannelPermission,
  holdsRealmPermission,
  INVALID_CHANNEL_ID,
} from '../channel-access';
import { renderMessageContent } from '../attachments';
import { badRequest, mustBeOwner, SvcError } from '../errors';
import { checkGroupSettingValue, topicCreationOnProtectedHistory } from '../group-setting-checks';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import { anyJson, bool, int, json, jsonOrText, text } from '../param-spec';
import { isAdminRole } from '../permissions';
import { SIM_LEVELS } from '../levels';
import { renderMarkdown } from '../markdown';
import { SERVER_LIMITS } from '../settings';
import type { SimChannel, SimUser, SvcStore } from '../store';
import type { ChannelPermission, GroupValue } from './channel-settings-values';
import {
  CHANNEL_PERMISSIONS,
  PERMISSION_LEVELS,
  readGroupUpdate,
  sameGroupValue,
  TOPICS_POLICY_VALUES,
} from './channel-settings-values';

/**
 * Channel settings as a real server (feature level 372, recorded with curl) answers them: `PATCH` and
 * `DELETE /streams/{stream_id}`, `GET /streams/{stream_id}` and the default channels for new users. The
 * values are checked here, in the server's order and words; the catalog only routes.
 */

/** Parameters `PATCH /streams/{stream_id}` learned after the endpoint; older levels report them ignored. */
export const UPDATE_CHANNEL_PARAM_LEVELS: Readonly<Record<string, number>> = {
  is_web_public: 98,
  is_default_stream: 200,
  is_archived: 388,
  folder_id: 389,
  topics_policy: 392,
  ...PERMISSION_LEVELS,
};

/** From this level `realm_default_streams` and `default_streams` events carry IDs, whole records before. */
const DEFAULT_STREAM_IDS_LEVEL = 330;

export const CANNOT_ADMINISTER = 'You do not have permission to administer this channel.';
export const ALREADY_ARCHIVED = 'Channel is already deactivated';

const isNotPrintable = (c: string) => /[\p{Cc}\p{Cs}\uFDD0-\uFDEF]/u.test(c) || (c.codePointAt(0)! & 0xfffe) === 0xfffe;

/** A channel the caller has metadata access to (archived ones included), or the server's invalid-ID error. */
function visibleChannel(store: SvcStore, me: SimUser, streamId: unknown): SimChannel {
  const channel = typeof streamId === 'number' ? store.channel(streamId) : undefined;
  if (!channel || !canSeeChannel(store, me, channel)) throw badRequest(INVALID_CHANNEL_ID);
  return channel;
}

/** Administrators, and whoever the channel's `can_administer_channel_group` holds. */
function canAdminister(store: SvcStore, me: SimUser, channel: SimChannel): boolean {
  return isAdminRole(me.role) || holdsChannelPermission(store, me, channel, 'can_administer_channel_group');
}

/** The default channels as the register state and events carry them at this level. */
export function defaultStreamsValue(store: SvcStore, me: SimUser): unknown[] {
  const defaults = store.channels.filter((c) => c.isDefault && !c.isArchived);
  if (store.featureLevel >= DEFAULT_STREAM_IDS_LEVEL) return defaults.map((c) => c.stream_id).sort((a, b) => a - b);
  const activity = channelActivity(store);
  return defaults.map((c) => formatChannel(store, me, c, activity.get(c.stream_id)));
}

/** `default_streams` in `fetch_event_types`. */
export function defaultStreamsState(store: SvcStore, me: SimUser): Record<string, unknown> {
  return { realm_default_streams: defaultStreamsValue(store, me) };
}

function announceDefaults(store: SvcStore, me: SimUser): void {
  store.emit({ type: 'default_streams', default_streams: defaultStreamsValue(store, me) });
}

function checkNewName(store: SvcStore, channel: SimChannel, raw: string): string {
  const name = raw.trim();
  if (name === '') throw badRequest("Channel name can't be empty.");
  const chars = [...name];
  if (chars.length > SERVER_LIMITS.max_stream_name_length)
    throw badRequest(`Channel name too long (limit: ${SERVER_LIMITS.max_stream_name_length} characters).`);
  const bad = chars.findIndex(isNotPrintable);
  if (bad >= 0) throw badRequest(`Invalid character in channel name, at position ${bad + 1}.`);
  if (name === channel.name) throw badRequest('Channel already has that name.');
  const taken = store.channels.some(
    (c) => c.stream_id !== channel.stream_id && c.name.toLowerCase() === name.toLowerCase(),
  );
  if (taken) throw badRequest('Channel name is already in use.');
  return name;
}

/** The server keeps descriptions on one line. */
function checkedDescription(raw: string): string {
  if ([...raw].length > SERVER_LIMITS.max_stream_description_length)
    throw badRequest(`description is too long (limit: ${SERVER_LIMITS.max_stream_description_length} characters)`);
  return raw.replace(/\r?\n/g, ' ');
}

/** A permission's new value, checked: `old` must match what is stored; unknown groups are refused. */
function checkedPermission(store: SvcStore, channel: SimChannel, name: ChannelPermission, raw: unknown): GroupValue {
  const update = readGroupUpdate(name, raw);
  if (update.old !== undefined && !sameGroupValue(update.old, channel.permissions[name]))
    throw new SvcError('EXPECTATION_MISMATCH', "'old' value does not match the expected value.");
  // This endpoint words an unknown group without the period other endpoints use.
  if (typeof update.new === 'number' && !store.userGroup(update.new)) throw badRequest('Invalid user group');
  return checkGroupSettingValue(store, update.new);
}

/**
 * The permission changes a request asks for, each checked; then the channel as it would be: a private channel
 * with protected history lets everyone start topics (level 441).
 */
function checkedPermissions(
  store: SvcStore,
  channel: SimChannel,
  p: Record<string, unknown>,
  privacy: PrivacyChange | null,
): [ChannelPermission, GroupValue][] {
  const permissions: [ChannelPermission, GroupValue][] = [];
  for (const name of CHANNEL_PERMISSIONS) {
    if (p[name] !== undefined) permissions.push([name, checkedPermission(store, channel, name, p[name])]);
  }
  const topicGroup = permissions.find(([name]) => name === 'can_create_topic_group')?.[1];
  const refusal = topicCreationOnProtectedHistory(
    store,
    privacy?.inviteOnly ?? channel.inviteOnly,
    privacy?.historyPublic ?? channel.historyPublicToSubscribers,
    topicGroup ?? channel.permissions.can_create_topic_group,
  );
  if (refusal) throw refusal;
  return permissions;
}

interface PrivacyChange {
  inviteOnly: boolean;
  isWebPublic: boolean;
  historyPublic: boolean;
}

/** The channel's privacy after the request, or null when the request does not touch it. */
function privacyAfter(store: SvcStore, me: SimUser, channel: SimChannel, p: Record<string, unknown>) {
  const isPrivate = p.is_private as boolean | undefined;
  const isWebPublic = p.is_web_public as boolean | undefined;
  const history = p.history_public_to_subscribers as boolean | undefined;
  if (isPrivate === undefined && isWebPublic === undefined && history === undefined) return null;
  if (isWebPublic === true && (isPrivate === true || history === false)) throw badRequest('Invalid parameters');
  const inviteOnly = isWebPublic === true ? false : (isPrivate ?? channel.inviteOnly);
  // Public channels always share their history; a channel made private protects it unless asked.
  const historyPublic = inviteOnly
    ? (history ?? (isPrivate === true && !channel.inviteOnly ? false : channel.historyPublicToSubscribers))
    : true;
  if (!inviteOnly && history === false) throw badRequest('Invalid parameters');
  const webPublic = inviteOnly ? false : (isWebPublic ?? channel.isWebPublic);
  if (isWebPublic === true) {
    if (!store.realmSettings.enable_spectator_access) throw badRequest('Web-public channels are not enabled.');
    if (!holdsRealmPermission(store, me, 'can_create_web_public_channel_group'))
      throw badRequest('Insufficient permission');
  }
  return { inviteOnly, isWebPublic: webPublic, historyPublic } satisfies PrivacyChange;
}

function emitUpdate(store: SvcStore, channel: SimChannel, property: string, value: unknown, extra = {}): void {
  store.emit({
    type: 'stream',
    op: 'update',
    stream_id: channel.stream_id,
    name: channel.name,
    property,
    value,
    ...extra,
  });
}

/** A `PATCH /streams/{stream_id}` that passed every check; undefined fields stay as they are. */
interface ChannelUpdate {
  newName: string | undefined;
  description: string | undefined;
  privacy: PrivacyChange | null;
  makeDefault: boolean | undefined;
  retention: unknown;
  topicsPolicy: unknown;
  folderId: unknown;
  permissions: [ChannelPermission, GroupValue][];
  unarchive: boolean;
}

function checkedChannelUpdate(
  store: SvcStore,
  me: SimUser,
  channel: SimChannel,
  p: Record<string, unknown>,
): ChannelUpdate {
  const privacy = privacyAfter(store, me, channel, p);
  const makeDefault = p.is_default_stream as boolean | undefined;
  const privateAfter = privacy?.inviteOnly ?? channel.inviteOnly;
  const defaultAfter = makeDefault ?? channel.isDefault;
  if (privateAfter && defaultAfter) throw badRequest('A default channel cannot be private.');
  const retention = p.message_retention_days;
  if (retention !== undefined && retention !== 'realm_default' && me.role !== 100) throw mustBeOwner();
  const newName = typeof p.new_name === 'string' ? checkNewName(store, channel, p.new_name) : undefined;
  const description = typeof p.description === 'string' ? checkedDescription(p.description) : undefined;
  const topicsPolicy = p.topics_policy;
  if (topicsPolicy !== undefined && !TOPICS_POLICY_VALUES.includes(topicsPolicy as string))
    throw badRequest('Invalid topics_policy');
  const folderId = p.folder_id;
  if (typeof folderId === 'number') {
    const folder = store.channelFolder(folderId);
    if (!folder || folder.isArchived) throw badRequest('Invalid channel folder ID');
  }
  const unarchive = p.is_archived === false && channel.isArchived;
  // The endpoint only unarchives; archiving is DELETE.
  if (p.is_archived === true) throw badRequest('Invalid parameters');
  const permissions = checkedPermissions(store, channel, p, privacy);
  return { newName, description, privacy, makeDefault, retention, topicsPolicy, folderId, permissions, unarchive };
}

/** Applies the changes in the server's order, one `stream` update event each. */
function applyChannelUpdate(store: SvcStore, me: SimUser, channel: SimChannel, u: ChannelUpdate): void {
  if (u.newName !== undefined) {
    const old = channel.name;
    channel.name = u.newName;
    store.emit({
      type: 'stream',
      op: 'update',
      stream_id: channel.stream_id,
      name: old,
      property: 'name',
      value: u.newName,
    });
  }
  if (u.description !== undefined) {
    channel.description = u.description;
    emitUpdate(store, channel, 'description', u.description, { rendered_description: renderMarkdown(u.description) });
  }
  if (u.privacy) {
    channel.inviteOnly = u.privacy.inviteOnly;
    channel.isWebPublic = u.privacy.isWebPublic;
    channel.historyPublicToSubscribers = u.privacy.historyPublic;
    emitUpdate(store, channel, 'invite_only', u.privacy.inviteOnly, {
      history_public_to_subscribers: u.privacy.historyPublic,
      is_web_public: u.privacy.isWebPublic,
    });
  }
  if (u.makeDefault !== undefined) {
    channel.isDefault = u.makeDefault;
    announceDefaults(store, me);
  }
  if (u.retention !== undefined) {
    channel.messageRetentionDays =
      u.retention === 'realm_default' ? null : u.retention === 'unlimited' ? -1 : (u.retention as number);
    emitUpdate(store, channel, 'message_retention_days', channel.messageRetentionDays);
  }
  if (u.topicsPolicy !== undefined) {
    channel.topicsPolicy = u.topicsPolicy as SimChannel['topicsPolicy'];
    emitUpdate(store, channel, 'topics_policy', u.topicsPolicy);
  }
  if (u.folderId !== undefined) {
    channel.folderId = (u.folderId as number | null) ?? null;
    emitUpdate(store, channel, 'folder_id', channel.folderId);
  }
  for (const [name, value] of u.permissions) {
    channel.permissions[name] = value;
    emitUpdate(store, channel, name, structuredClone(value));
  }
  if (u.unarchive) {
    channel.isArchived = false;
    emitUpdate(store, channel, 'is_archived', false);
  }
}

export const channelSettingsHandlers: readonly RegisteredHandler[] = [
  // Anyone signed in, guests too; nothing is stored.
  userHandler(endpoint({ method: 'POST', path: '/messages/render', params: { content: text() } }), ({ params }) => ({
    rendered: renderMessageContent(String(params.content)),
  })),

  // A real server (level 372) does not find archived channels here; from level 480 it does.
  userHandler(
    endpoint({ method: 'GET', path: '/streams/{stream_id}', params: { stream_id: int() }, since: 132 }),
    ({ core, me, params }) => {
      const { store } = core;
      const channel = visibleChannel(store, me, params.stream_id);
      if (channel.isArchived && store.featureLevel < SIM_LEVELS.archivedChannelReads)
        throw badRequest(INVALID_CHANNEL_ID);
      return { stream: formatChannel(store, me, channel) };
    },
  ),

  userHandler(
    endpoint({
      method: 'PATCH',
      path: '/streams/{stream_id}',
      params: {
        stream_id: int(),
        new_name: text().optional(),
        description: text().optional(),
        is_private: bool().optional(),
        is_web_public: bool()
          .optional()
          .from(UPDATE_CHANNEL_PARAM_LEVELS.is_web_public ?? 0),
        history_public_to_subscribers: bool().optional(),
        is_default_stream: bool()
          .optional()
          .from(UPDATE_CHANNEL_PARAM_LEVELS.is_default_stream ?? 0),
        message_retention_days: jsonOrText((v: unknown) => v).optional(),
        topics_policy: jsonOrText((v: unknown) => v)
          .optional()
          .from(UPDATE_CHANNEL_PARAM_LEVELS.topics_policy ?? 0),
        is_archived: bool()
          .optional()
          .from(UPDATE_CHANNEL_PARAM_LEVELS.is_archived ?? 0),
        folder_id: json((v: unknown) => v)
          .optional()
          .from(UPDATE_CHANNEL_PARAM_LEVELS.folder_id ?? 0),
        ...Object.fromEntries(
          CHANNEL_PERMISSIONS.map((name) => [
            name,
            anyJson()
              .optional()
              .from(UPDATE_CHANNEL_PARAM_LEVELS[name] ?? 0),
          ]),
        ),
      },
    }),
    ({ core, me, params }) => {
      const p = params as Record<string, unknown>;
      const channel = visibleChannel(core.store, me, p.stream_id);
      if (!canAdminister(core.store, me, channel)) throw badRequest(CANNOT_ADMINISTER);
      // Everything is checked before anything changes.
      applyChannelUpdate(core.store, me, channel, checkedChannelUpdate(core.store, me, channel, p));
      return {};
    },
  ),

  userHandler(
    endpoint({ method: 'DELETE', path: '/streams/{stream_id}', params: { stream_id: int() } }),
    ({ core, me, params }) => {
      const { store } = core;
      const channel = visibleChannel(store, me, params.stream_id);
      if (!canAdminister(store, me, channel)) throw badRequest(CANNOT_ADMINISTER);
      if (channel.isArchived) throw badRequest(ALREADY_ARCHIVED);
      channel.isArchived = true;
      // A real server drops it from the defaults first, and says so.
      if (channel.isDefault) {
        channel.isDefault = false;
        announceDefaults(store, me);
      }
      store.emit({
        type: 'stream',
        op: 'delete',
        streams: [{ stream_id: channel.stream_id }],
        stream_ids: [channel.stream_id],
      });
      return {};
    },
  ),

  userHandler(
    endpoint({ method: 'POST', path: '/default_streams', params: { stream_id: int() } }),
    ({ core, me, params }) => {
      const { store } = core;
      const channel = visibleChannel(store, me, params.stream_id);
      if (channel.isArchived) throw badRequest(INVALID_CHANNEL_ID);
      if (channel.inviteOnly) throw badRequest('Private channels cannot be made default.');
      // Already a default: nothing changes and, as on a real server, nothing is announced.
      if (channel.isDefault) return {};
      channel.isDefault = true;
      announceDefaults(store, me);
      return {};
    },
    { adminBeforeParams: true },
  ),

  userHandler(
    endpoint({ method: 'DELETE', path: '/default_streams', params: { stream_id: int() } }),
    ({ core, me, params }) => {
      const { store } = core;
      const channel = visibleChannel(store, me, params.stream_id);
      if (channel.isArchived) throw badRequest(INVALID_CHANNEL_ID);
      channel.isDefault = false;
      // A real server announces the list even when the channel was not a default.
      announceDefaults(store, me);
      return {};
    },
    { adminBeforeParams: true },
  ),
];
