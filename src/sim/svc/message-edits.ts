import { htmlDiff } from './html-diff';
import { createHash } from 'node:crypto';
import { SIM_LEVELS } from './levels';
import { isAdminRole } from './permissions';
import { detachedUploads, formatAttachment, renderMessageContent } from './attachments';
import {
  canReadChannel,
  canReadHistory,
  checkTopicCreation,
  holdsChannelPermission,
  holdsRealmPermission,
  INVALID_CHANNEL_ID,
  sameTopic,
  topicForDisplay,
  topicFromParam,
} from './channel-access';
import { badRequest, SvcError } from './errors';
import type { UpdateMessageEvent } from './events';
import { EMPTY_TOPIC_DISPLAY_NAME, SERVER_LIMITS } from './settings';
import type { SimChannel, SimEditHistoryEntry, SimMessage, SimUser, SvcStore } from './store';

/**
 * Editing and moving channel messages (`PATCH /messages/{message_id}`): who may do what, the time limits,
 * which messages a move takes along, and the edit history it leaves. Checks run in the server's order, so
 * a request wrong in two ways gets the server's first complaint.
 */

// The server's words. Permission refusals use the seed's one message for every kind of move.
export const INVALID_MESSAGE = 'Invalid message(s)';
export const NO_PERMISSION = "You don't have permission to edit this message";
export const EDITING_DISABLED = 'Your organization has turned off message editing';
/** The reference's wording (sic). */
export const CONTENT_TIME_LIMIT = 'The time limit for editing this message has past';
export const TOPIC_TIME_LIMIT = "The time limit for editing this message's topic has passed.";
export const CHANNEL_TIME_LIMIT = "The time limit for editing this message's channel has passed";
export const NOTHING_TO_CHANGE = 'Nothing to change';
export const DM_CANNOT_MOVE_TO_CHANNEL = 'Direct messages cannot be moved to channels.';
export const DM_CANNOT_HAVE_TOPIC = 'Direct messages cannot have topics.';
export const PROPAGATE_WITHOUT_MOVE = 'Invalid propagate_mode without topic edit';
export const EMPTY_TOPIC_NOT_RESOLVABLE = 'General chat cannot be marked as resolved';
export const CONTENT_WITH_CHANNEL = 'Cannot change message content while changing channel';
export const PREV_CONTENT_MISMATCH = "'prev_content_sha256' value does not match the expected value.";
export const TOPICS_REQUIRED = 'Topics are required in this organization.';
export const CANNOT_POST = 'You do not have permission to post in this channel.';
export const HISTORY_DISABLED = 'Message edit history is disabled in this organization';
export const emptyTopicNotAllowed = (name: string) => `Sending messages to the ${name} is not allowed in this channel.`;
export const onlyEmptyTopicAllowed = (name: string) => `Only the ${name} topic is allowed in this channel.`;
export const moveLimitExceeded = (allowed: number, total: number) =>
  `You only have permission to move the ${allowed}/${total} most recent messages in this topic.`;

/** Grace the server adds to every edit and move time limit, for slow networks. */
const EDIT_LIMIT_BUFFER_SECONDS = 20;
/** Before level 162 non-moderators could edit topics for three days, and moving between channels had no limit. */
const OLD_TOPIC_EDIT_LIMIT_SECONDS = 3 * 86_400;

/** The marker the server puts before a resolved topic's name. */
const RESOLVED_TOPIC_PREFIX = '✔ ';

const LEVEL = {
  /** Before: `allow_message_editing` false also forbade moves. */
  movesIndependentOfEditing: 159,
  moveTimeLimitSettings: 162,
  /** Before: `change_all` ignored the time limits. */
  changeAllTimeLimit: 172,
  channelTopicsPolicy: 392,
  channelMovePermissions: 396,
  channelResolvePermission: 402,
} as const;

/** The messages of a protected-history channel a subscriber received start at this ID (default: all). */
const historyStarts = new WeakMap<SvcStore, Map<string, number>>();

/**
 * Simulates a subscriber who joined a private channel with protected history later: they have received only
 * the messages from `firstMessageId` on (the server's UserMessage rows).
 */
export function setProtectedHistoryStart(store: SvcStore, userId: number, streamId: number, firstMessageId: number) {
  let starts = historyStarts.get(store);
  if (!starts) historyStarts.set(store, (starts = new Map()));
  starts.set(`${userId}:${streamId}`, firstMessageId);
}

/** Whether the user may read this message of a channel whose history they may read at all. */
export function receivedInProtectedHistory(store: SvcStore, user: SimUser, channel: SimChannel, m: SimMessage) {
  if (!channel.inviteOnly || channel.historyPublicToSubscribers) return true;
  if (m.readBy.has(user.user_id)) return true;
  const start = historyStarts.get(store)?.get(`${user.user_id}:${channel.stream_id}`) ?? 0;
  return channel.subscribers.has(user.user_id) && m.id >= start;
}

/** Whether `user` may read the message (the server's `access_message`); archived channels refuse changes. */
export function canAccessMessage(store: SvcStore, user: SimUser, m: SimMessage, modifying: boolean): boolean {
  // Direct messages are read by their participants; the simulator does not edit them.
  if (m.dmRecipients) return !modifying && m.dmRecipients.includes(user.user_id);
  const channel = store.channel(m.streamId);
  if (!channel) return false;
  if (modifying && channel.isArchived) return false;
  return canReadHistory(store, user, channel) && receivedInProtectedHistory(store, user, channel, m);
}

export function accessMessageOrThrow(store: SvcStore, user: SimUser, id: number, modifying: boolean): SimMessage {
  const m = store.messages.get(id);
  if (!m || !canAccessMessage(store, user, m, modifying)) throw badRequest(INVALID_MESSAGE);
  return m;
}

/** Moderators and administrators (and owners) are exempt from move time limits. */
function isModerator(user: SimUser): boolean {
  return user.role <= 300;
}

const nowSeconds = (store: SvcStore) => Math.floor(store.now() / 1000);

function olderThan(store: SvcStore, m: SimMessage, limitSeconds: number): boolean {
  return nowSeconds(store) - m.timestamp > limitSeconds + EDIT_LIMIT_BUFFER_SECONDS;
}

function channelPermission(
  store: SvcStore,
  user: SimUser,
  channel: SimChannel,
  setting: 'can_move_messages_within_channel_group' | 'can_move_messages_out_of_channel_group',
): boolean {
  if (store.featureLevel < LEVEL.channelMovePermissions) return false;
  return (
    holdsChannelPermission(store, user, channel, 'can_administer_channel_group') ||
    holdsChannelPermission(store, user, channel, setting)
  );
}

/** Renaming a topic: the organization's permission, or the channel's in the original or target channel. */
export function canMoveWithinChannels(store: SvcStore, user: SimUser, orig: SimChannel, target: SimChannel): boolean {
  if (isAdminRole(user.role)) return true;
  if (holdsRealmPermission(store, user, 'can_move_messages_between_topics_group')) return true;
  return [orig, target].some((c) => channelPermission(store, user, c, 'can_move_messages_within_channel_group'));
}

/** Moving messages out of a channel. */
export function canMoveOutOfChannel(store: SvcStore, user: SimUser, channel: SimChannel): boolean {
  if (isAdminRole(user.role)) return true;
  if (holdsRealmPermission(store, user, 'can_move_messages_between_channels_group')) return true;
  return channelPermission(store, user, channel, 'can_move_messages_out_of_channel_group');
}

/** Resolving and unresolving: its own permission from level 367, a topic edit before. */
export function canResolveTopics(store: SvcStore, user: SimUser, orig: SimChannel, target: SimChannel): boolean {
  if (store.featureLevel < SIM_LEVELS.canResolveTopicsGroup) return canMoveWithinChannels(store, user, orig, target);
  if (holdsRealmPermission(store, user, 'can_resolve_topics_group')) return true;
  if (store.featureLevel < LEVEL.channelResolvePermission) return false;
  return [orig, target].some((c) => holdsChannelPermission(store, user, c, 'can_resolve_topics_group'));
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The server cuts long topics rather than refusing them. */
function truncateTopic(topic: string): string {
  const chars = [...topic];
  const max = SERVER_LIMITS.max_topic_length;
  return chars.length <= max ? topic : `${chars.slice(0, max - 3).join('')}...`;
}

function normalizeContent(content: string): string {
  if (content.trimEnd() === '') return '(deleted)';
  const chars = [...content];
  const suffix = '\n[message truncated]';
  const max = SERVER_LIMITS.max_message_length;
  return chars.length <= max ? content : `${chars.slice(0, max - suffix.length).join('')}${suffix}`;
}

function stripResolvedPrefixes(topic: string): string {
  let i = 0;
  while (i < topic.length && (topic[i] === '✔' || topic[i] === ' ')) i++;
  return topic.slice(i);
}

/** The topics policy that applies to a channel (`inherit` follows the organization). */
function topicsPolicyOf(store: SvcStore, channel: SimChannel): string {
  return channel.topicsPolicy === 'inherit' ? store.realmSettings.topics_policy : channel.topicsPolicy;
}

export interface UpdateMessageRequest {
  message_id: number;
  topic?: string | undefined;
  propagate_mode?: 'change_one' | 'change_later' | 'change_all' | undefined;
  send_notification_to_old_thread?: boolean | undefined;
  send_notification_to_new_thread?: boolean | undefined;
  content?: string | undefined;
  prev_content_sha256?: string | undefined;
  stream_id?: number | undefined;
}

/** The messages of a topic the user may access (only those they received, with protected history), oldest first. */
export function accessibleTopicMessages(store: SvcStore, user: SimUser, channel: SimChannel, topic: string) {
  const found: SimMessage[] = [];
  if (!canReadHistory(store, user, channel)) return found;
  for (const m of store.messages.values()) {
    if (m.streamId !== channel.stream_id || !sameTopic(m.topic, topic)) continue;
    if (receivedInProtectedHistory(store, user, channel, m)) found.push(m);
  }
  return found;
}

/** `change_all` by a non-moderator: every accessible message of the topic must still be movable. */
function checkChangeAllTimeLimit(
  store: SvcStore,
  me: SimUser,
  m: SimMessage,
  channel: SimChannel,
  topicChanged: boolean,
  channelChanged: boolean,
): void {
  const r = store.realmSettings;
  const limits = [
    topicChanged ? r.move_messages_within_stream_limit_seconds : null,
    channelChanged ? r.move_messages_between_streams_limit_seconds : null,
  ].filter((l): l is number => l !== null);
  if (limits.length === 0) return;
  const limit = Math.min(...limits);
  const inTopic = accessibleTopicMessages(store, me, channel, m.topic);
  const allowed = inTopic.filter((x) => !olderThan(store, x, limit));
  if (allowed.length === inTopic.length) return;
  throw new SvcError('MOVE_MESSAGES_TIME_LIMIT_EXCEEDED', moveLimitExceeded(allowed.length, inTopic.length), 400, {
    first_message_id_allowed_to_move: allowed[0]?.id ?? null,
    total_messages_in_topic: inTopic.length,
    total_messages_allowed_to_move: allowed.length,
  });
}

export interface UpdateMessageOutcome {
  changedMessageIds: number[];
  detachedUploads: Record<string, unknown>[];
}

/** What one request asks for, once its payload has passed the server's first checks. */
interface EditPlan {
  m: SimMessage;
  propagateMode: NonNullable<UpdateMessageRequest['propagate_mode']>;
  origChannel: SimChannel;
  targetChannel: SimChannel;
  newContent: string | undefined;
  targetTopic: string;
  topicChanged: boolean;
  channelChanged: boolean;
  moved: boolean;
  resolving: boolean;
  unresolving: boolean;
}

/**
 * Checks and applies one `PATCH /messages/{message_id}` as the server does, emitting `update_message` (and
 * `delete_message` for those a channel move takes the messages away from).
 */
export function updateMessage(store: SvcStore, me: SimUser, req: UpdateMessageRequest): UpdateMessageOutcome {
  const m = accessMessageOrThrow(store, me, req.message_id, true);
  checkContentEditAllowed(store, me, m, req);
  let topic: string | undefined = req.topic;
  if (topic !== undefined) {
    topic = topicFromParam(store, topic.trim());
    if (topic === m.topic) topic = undefined;
  }
  checkPayload(m, req, topic);
  const plan = planEdit(store, me, m, req, topic);
  checkTopicsPolicy(store, plan);
  checkMovePermissions(store, me, plan);
  return applyEdit(store, me, plan);
}

function checkContentEditAllowed(store: SvcStore, me: SimUser, m: SimMessage, req: UpdateMessageRequest): void {
  if (req.content === undefined) return;
  const r = store.realmSettings;
  if (!r.allow_message_editing) throw badRequest(EDITING_DISABLED);
  if (m.senderId !== me.user_id) throw badRequest(NO_PERMISSION);
  const limit = r.message_content_edit_limit_seconds;
  if (limit !== null && olderThan(store, m, limit)) throw badRequest(CONTENT_TIME_LIMIT);
}

/** The payload itself (no permissions yet). */
function checkPayload(m: SimMessage, req: UpdateMessageRequest, topic: string | undefined): void {
  const propagateMode = req.propagate_mode ?? 'change_one';
  if (topic === undefined && req.content === undefined && req.stream_id === undefined)
    throw badRequest(NOTHING_TO_CHANGE);
  // Rule 2: only channel messages have topics and channels. Every simulated message is a channel message, so
  // this never fires here; kept so the order of checks stays the server's.
  if (!isChannelMessage(m)) {
    if (req.stream_id !== undefined) throw badRequest(DM_CANNOT_MOVE_TO_CHANNEL);
    if (topic !== undefined) throw badRequest(DM_CANNOT_HAVE_TOPIC);
  }
  if (propagateMode !== 'change_one' && topic === undefined && req.stream_id === undefined)
    throw badRequest(PROPAGATE_WITHOUT_MOVE);
  if (
    topic !== undefined &&
    [RESOLVED_TOPIC_PREFIX.trim(), `${RESOLVED_TOPIC_PREFIX}${EMPTY_TOPIC_DISPLAY_NAME}`].includes(topic)
  )
    throw badRequest(EMPTY_TOPIC_NOT_RESOLVABLE);
  if (req.stream_id !== undefined && req.content !== undefined) throw badRequest(CONTENT_WITH_CHANNEL);
  if (req.prev_content_sha256 !== undefined && req.prev_content_sha256 !== sha256Hex(m.content))
    throw new SvcError('EXPECTATION_MISMATCH', PREV_CONTENT_MISMATCH, 400, { field_name: 'prev_content_sha256' });
}

/** What the request asks for; an unknown or unreadable target channel is refused here, as the server does. */
function planEdit(
  store: SvcStore,
  me: SimUser,
  m: SimMessage,
  req: UpdateMessageRequest,
  topic: string | undefined,
): EditPlan {
  const origChannel = store.channel(m.streamId)!;
  const targetTopic = topic !== undefined ? truncateTopic(topic) : m.topic;
  const topicChanged = topic !== undefined;
  const resolving =
    topicChanged &&
    targetTopic.startsWith(RESOLVED_TOPIC_PREFIX) &&
    !m.topic.startsWith(RESOLVED_TOPIC_PREFIX) &&
    topic.slice(RESOLVED_TOPIC_PREFIX.length) === m.topic;
  const unresolving =
    topicChanged &&
    m.topic.startsWith(RESOLVED_TOPIC_PREFIX) &&
    !targetTopic.startsWith(RESOLVED_TOPIC_PREFIX) &&
    stripResolvedPrefixes(m.topic) === targetTopic;
  let targetChannel = origChannel;
  const channelChanged = req.stream_id !== undefined && req.stream_id !== origChannel.stream_id;
  if (req.stream_id !== undefined) {
    const found = store.channel(req.stream_id);
    if (!found || found.isArchived || !canReadChannel(store, me, found)) throw badRequest(INVALID_CHANNEL_ID);
    targetChannel = found;
  }
  return {
    m,
    propagateMode: req.propagate_mode ?? 'change_one',
    origChannel,
    targetChannel,
    newContent: req.content !== undefined ? normalizeContent(req.content) : undefined,
    targetTopic,
    topicChanged,
    channelChanged,
    moved: topicChanged || channelChanged,
    resolving,
    unresolving,
  };
}

function checkTopicsPolicy(store: SvcStore, plan: EditPlan): void {
  const { targetTopic, moved } = plan;
  const targetEmpty = targetTopic === '' || targetTopic === '(no topic)';
  const policy = topicsPolicyOf(store, plan.targetChannel);
  if (targetEmpty && moved && policy === 'disable_empty_topic')
    throw store.featureLevel >= LEVEL.channelTopicsPolicy
      ? new SvcError('BAD_REQUEST', emptyTopicNotAllowed(EMPTY_TOPIC_DISPLAY_NAME), 400, {
          empty_topic_display_name: EMPTY_TOPIC_DISPLAY_NAME,
        })
      : badRequest(TOPICS_REQUIRED);
  if (policy === 'empty_topic_only' && !targetEmpty)
    throw new SvcError('BAD_REQUEST', onlyEmptyTopicAllowed(EMPTY_TOPIC_DISPLAY_NAME), 400, {
      empty_topic_display_name: EMPTY_TOPIC_DISPLAY_NAME,
    });
}

/** Permissions and time limits. */
function checkMovePermissions(store: SvcStore, me: SimUser, plan: EditPlan): void {
  const level = store.featureLevel;
  const r = store.realmSettings;
  const { m, origChannel, targetChannel, topicChanged, channelChanged, moved, resolving, unresolving } = plan;
  if (moved && level < LEVEL.movesIndependentOfEditing && !r.allow_message_editing) throw badRequest(EDITING_DISABLED);
  const exempt = isModerator(me);
  if (topicChanged) {
    if (resolving || unresolving) {
      if (!canResolveTopics(store, me, origChannel, targetChannel)) throw badRequest(NO_PERMISSION);
    } else {
      if (!canMoveWithinChannels(store, me, origChannel, targetChannel)) throw badRequest(NO_PERMISSION);
      const limit =
        level >= LEVEL.moveTimeLimitSettings
          ? r.move_messages_within_stream_limit_seconds
          : OLD_TOPIC_EDIT_LIMIT_SECONDS;
      if (!exempt && limit !== null && olderThan(store, m, limit)) throw badRequest(TOPIC_TIME_LIMIT);
    }
  }
  if (channelChanged) {
    if (!canMoveOutOfChannel(store, me, origChannel)) throw badRequest(NO_PERMISSION);
    if (!holdsChannelPermission(store, me, targetChannel, 'can_send_message_group')) throw badRequest(CANNOT_POST);
    const limit = level >= LEVEL.moveTimeLimitSettings ? r.move_messages_between_streams_limit_seconds : null;
    if (!exempt && limit !== null && olderThan(store, m, limit)) throw badRequest(CHANNEL_TIME_LIMIT);
  }
  if (
    plan.propagateMode === 'change_all' &&
    !exempt &&
    moved &&
    !resolving &&
    !unresolving &&
    level >= LEVEL.changeAllTimeLimit
  )
    checkChangeAllTimeLimit(store, me, m, origChannel, topicChanged, channelChanged);
  // A move (not a resolve or unresolve) into a topic the target channel does not have yet starts a topic.
  if (moved && !resolving && !unresolving) checkTopicCreation(store, me, targetChannel, plan.targetTopic);
}

/** The messages a move takes along (the edited one always), oldest first. */
function messagesToChange(store: SvcStore, me: SimUser, plan: EditPlan): SimMessage[] {
  const { m, propagateMode } = plan;
  const changed =
    !plan.moved || propagateMode === 'change_one'
      ? [m]
      : accessibleTopicMessages(store, me, plan.origChannel, m.topic).filter(
          (x) => x.id === m.id || propagateMode === 'change_all' || x.id > m.id,
        );
  if (!changed.includes(m)) changed.push(m);
  return changed.sort((a, b) => a.id - b.id);
}

function applyEdit(store: SvcStore, me: SimUser, plan: EditPlan): UpdateMessageOutcome {
  const { m, newContent, origChannel, targetChannel, targetTopic, topicChanged, channelChanged } = plan;
  const timestamp = nowSeconds(store);
  const orig = { topic: m.topic, content: m.content, rendered: m.renderedContent };
  const movedMessages = messagesToChange(store, me, plan);
  const isMove = plan.moved && !plan.resolving && !plan.unresolving;

  for (const x of movedMessages) {
    const entry: SimEditHistoryEntry = { userId: me.user_id, timestamp };
    if (x === m && newContent !== undefined) {
      entry.prevContent = x.content;
      entry.prevRenderedContent = x.renderedContent;
    }
    if (channelChanged) Object.assign(entry, { prevStream: origChannel.stream_id, stream: targetChannel.stream_id });
    if (topicChanged) Object.assign(entry, { prevTopic: x.topic, topic: targetTopic });
    x.editHistory.push(entry);
    if (topicChanged) x.topic = targetTopic;
    if (channelChanged) x.streamId = targetChannel.stream_id;
    if (isMove) x.lastMovedTimestamp = timestamp;
  }
  if (newContent !== undefined) {
    m.content = newContent;
    m.renderedContent = renderMessageContent(newContent);
    m.lastEditTimestamp = timestamp;
  }

  if (channelChanged) emitLostAccess(store, plan, movedMessages, orig.topic);
  const event = updateMessageEvent(me, plan, movedMessages, timestamp, orig);
  store.emit(event);

  const detached =
    newContent !== undefined
      ? detachedUploads(store, me.user_id, orig.content, newContent).map((a) => formatAttachment(store, a))
      : [];
  return { changedMessageIds: event.message_ids, detachedUploads: detached };
}

/** Users who could read the messages where they were and cannot where they went see them deleted. */
function emitLostAccess(store: SvcStore, plan: EditPlan, movedMessages: SimMessage[], origTopic: string): void {
  const { origChannel, targetChannel } = plan;
  const losing = store.users
    .filter((u) => u.isActive && canReadHistory(store, u, origChannel) && !canReadHistory(store, u, targetChannel))
    .map((u) => u.user_id);
  if (losing.length === 0) return;
  store.emit({
    type: 'delete_message',
    message_type: 'stream',
    message_ids: movedMessages.map((x) => x.id),
    stream_id: origChannel.stream_id,
    topic: origTopic,
    only_user_ids: losing,
  });
}

function updateMessageEvent(
  me: SimUser,
  plan: EditPlan,
  movedMessages: SimMessage[],
  timestamp: number,
  orig: { topic: string; content: string; rendered: string },
): UpdateMessageEvent {
  const { m, newContent, origChannel } = plan;
  return {
    type: 'update_message',
    user_id: me.user_id,
    edit_timestamp: timestamp,
    message_id: m.id,
    message_ids: movedMessages.map((x) => x.id),
    rendering_only: false,
    flags: [],
    stream_name: origChannel.name,
    stream_id: origChannel.stream_id,
    ...(plan.moved ? { propagate_mode: plan.propagateMode } : {}),
    ...(plan.channelChanged ? { new_stream_id: plan.targetChannel.stream_id, orig_subject: orig.topic } : {}),
    ...(plan.topicChanged ? { orig_subject: orig.topic, subject: plan.targetTopic, topic_links: [] } : {}),
    ...(newContent !== undefined
      ? {
          orig_content: orig.content,
          orig_rendered_content: orig.rendered,
          content: newContent,
          rendered_content: m.renderedContent,
          is_me_message: newContent.startsWith('/me '),
        }
      : {}),
  };
}

/** Every simulated message is a channel message; the check documents rule 2 of the seed. */
function isChannelMessage(m: SimMessage): boolean {
  return m.streamId > 0;
}

/** One snapshot of `GET /messages/{message_id}/history`. */
type Snapshot = Record<string, unknown>;

/** The edit history as snapshots, oldest first, as far as the organization shows it. */
export function messageHistory(store: SvcStore, me: SimUser, id: number, allowEmptyTopicName: boolean): Snapshot[] {
  const policy = store.realmSettings.message_edit_history_visibility_policy;
  if (policy === 'none') throw badRequest(HISTORY_DISABLED);
  const m = accessMessageOrThrow(store, me, id, false);
  const show = (t: string) => topicForDisplay(t, allowEmptyTopicName);
  let content = m.content;
  let rendered = m.renderedContent;
  let topic = m.topic;
  const newestFirst: Snapshot[] = [];
  for (const e of [...m.editHistory].reverse()) {
    const snapshot: Snapshot = {
      content,
      rendered_content: rendered,
      timestamp: e.timestamp,
      topic: show(topic),
      user_id: e.userId,
    };
    if (e.prevTopic !== undefined) {
      topic = e.prevTopic;
      snapshot.prev_topic = show(topic);
    }
    if (e.prevContent !== undefined) {
      snapshot.prev_content = e.prevContent;
      snapshot.prev_rendered_content = e.prevRenderedContent ?? '';
      snapshot.content_html_diff = htmlDiff(e.prevRenderedContent ?? '', rendered);
      content = e.prevContent;
      rendered = e.prevRenderedContent ?? '';
    }
    if (e.prevStream !== undefined) Object.assign(snapshot, { prev_stream: e.prevStream, stream: e.stream });
    // Only moves are shown under the "moves" policy, and never earlier content.
    if (policy === 'all' || e.prevTopic !== undefined || e.prevStream !== undefined) newestFirst.push(snapshot);
  }
  newestFirst.push({
    content,
    rendered_content: rendered,
    timestamp: m.timestamp,
    topic: show(topic),
    user_id: m.senderId,
  });
  if (policy === 'moves') {
    for (const s of newestFirst) {
      s.content = m.content;
      s.rendered_content = m.renderedContent;
      delete s.prev_content;
      delete s.prev_rendered_content;
      delete s.content_html_diff;
    }
  }
  return newestFirst.reverse();
}
