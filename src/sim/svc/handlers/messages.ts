import { canReadHistory, INVALID_CHANNEL_ID, sameTopic, topicForDisplay, topicFromParam } from '../channel-access';
import { INVALID_ATTACHMENT } from '../attachments';
import { badRequest, SvcError } from '../errors';
import type { MessageFlagDetails } from '../events';
import { avatarUrl } from '../format-user';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import { escapeHtml } from '../markdown';
import { canAccessMessage, messageHistory, receivedInProtectedHistory, updateMessage } from '../message-edits';
import type { SimChannel, SimMessage, SimUser, SvcStore } from '../store';
import { bool, int, intAtLeast, intList, json, oneOfValues, text, textChecked } from '../param-spec';
import { anchorText, narrowValue, type SimNarrowTerm } from '../wire-values';
import { SIM_LEVELS } from '../levels';
import { expandTemplate, readPattern } from '../linkifier-rules';

/**
 * Reading channel messages and marking them read. A user's own history is the messages of the channels
 * they are subscribed to (plus any they have read); a narrow naming a channel searches that channel's
 * shared history instead, as on the server.
 */

/** What `newest` (and `first_unread` with nothing unread) resolves to: larger than any message ID. */
const LARGER_THAN_MAX_MESSAGE_ID = 10_000_000_000_000_000;
/** `last_moved_timestamp` appeared here; before it, `last_edit_timestamp` also covered moves. */
const LAST_MOVED_LEVEL = 365;
/** Flags-for-narrow windows are clamped so one request changes at most this many messages. */
const MAX_MESSAGES_PER_UPDATE = 5000;
/** `ignored_because_not_subscribed_channels` appeared here. */
const IGNORED_CHANNELS_LEVEL = 355;
const RESOLVED_PREFIX = '✔ ';
/** Edits report the uploads they left unreferenced from here on. */
const DETACHED_UPLOADS_LEVEL = 285;

/** Flags clients may set and clear, and those the server sets itself (level 372's lists). */
export const EDITABLE_FLAGS: ReadonlySet<string> = new Set(['read', 'starred', 'collapsed']);
export const NON_EDITABLE_FLAGS: ReadonlySet<string> = new Set([
  'mentioned',
  'stream_wildcard_mentioned',
  'topic_wildcard_mentioned',
  'group_mentioned',
  'force_expand',
  'force_collapse',
  'has_alert_word',
  'historical',
]);

const narrowError = (what: string) => badRequest(`Invalid narrow operator: ${what}`);

/** A message predicate from the narrow, and whether the narrow searches a channel's shared history. */
interface CompiledNarrow {
  matches: (m: SimMessage) => boolean;
  sharedHistory: boolean;
}

function channelOperand(store: SvcStore, operand: SimNarrowTerm['operand']): SimChannel {
  const channel =
    typeof operand === 'number'
      ? store.channel(operand)
      : typeof operand === 'string'
        ? (store.channels.find((c) => c.name.toLowerCase() === operand.trim().toLowerCase()) ??
          (/^\d+$/.test(operand) ? store.channel(Number(operand)) : undefined))
        : undefined;
  if (!channel) throw narrowError(`unknown channel ${String(operand)}`);
  return channel;
}

function isOperand(me: SimUser, operand: string): (m: SimMessage) => boolean {
  switch (operand) {
    case 'unread':
      return (m) => !m.readBy.has(me.user_id);
    case 'resolved':
      return (m) => m.topic.startsWith(RESOLVED_PREFIX);
    // Nobody stars, follows or is mentioned in the simulation.
    case 'starred':
    case 'mentioned':
    case 'alerted':
    case 'followed':
    case 'dm':
    case 'private':
      return (m) => m.dmRecipients !== undefined;
    default:
      throw narrowError(`unknown 'is' operand ${operand}`);
  }
}

/** The people a `dm` operand names: user IDs, or emails (a list, or text with commas). */
function usersOperand(store: SvcStore, operand: SimNarrowTerm['operand']): number[] {
  const items = Array.isArray(operand) ? operand : typeof operand === 'number' ? [operand] : operand.split(',');
  return items.map((item) => {
    const text = String(item).trim();
    const user = /^\d+$/.test(text) ? store.user(Number(text)) : store.userByApiEmail(text);
    if (!user) throw narrowError(`Invalid user ID ${text}`);
    return user.user_id;
  });
}

function compileTerm(store: SvcStore, me: SimUser, term: SimNarrowTerm): (m: SimMessage) => boolean {
  const { operator, operand } = term;
  const text = typeof operand === 'string' ? operand : String(operand);
  switch (operator) {
    case 'channel':
    case 'stream': {
      if (operator === 'channel' && store.featureLevel < SIM_LEVELS.channelOperator)
        throw narrowError('unknown operator channel');
      const channel = channelOperand(store, operand);
      return (m) => m.streamId === channel.stream_id;
    }
    case 'channels':
    case 'streams':
      if (text === 'public') return (m) => store.channel(m.streamId)?.inviteOnly === false;
      if (text === 'web-public') return (m) => store.channel(m.streamId)?.isWebPublic === true;
      throw narrowError(`invalid channels operand ${text}`);
    case 'topic':
    case 'subject': {
      const topic = topicFromParam(store, text);
      return (m) => m.dmRecipients === undefined && sameTopic(m.topic, topic);
    }
    case 'dm':
    case 'pm-with': {
      // The conversation with exactly these people (and the caller).
      const wanted = new Set([...usersOperand(store, operand), me.user_id]);
      return (m) => m.dmRecipients?.length === wanted.size && m.dmRecipients.every((id) => wanted.has(id));
    }
    case 'dm-including': {
      const [user] = usersOperand(store, operand);
      return (m) => user !== undefined && m.dmRecipients?.includes(user) === true;
    }
    case 'is':
      return isOperand(me, text);
    case 'id': {
      const id = Number(text);
      return (m) => m.id === id;
    }
    case 'sender': {
      const sender = /^\d+$/.test(text) ? store.user(Number(text)) : store.userByApiEmail(text);
      if (!sender) throw narrowError(`unknown user ${text}`);
      return (m) => m.senderId === sender.user_id;
    }
    case 'search': {
      const words = text.toLowerCase().split(/\s+/).filter(Boolean);
      return (m) => words.every((w) => m.content.toLowerCase().includes(w) || m.topic.toLowerCase().includes(w));
    }
    default:
      throw narrowError(`unknown operator ${operator}`);
  }
}

function compileNarrow(store: SvcStore, me: SimUser, narrow: readonly SimNarrowTerm[]): CompiledNarrow {
  const tests = narrow.map((term) => {
    const test = compileTerm(store, me, term);
    return term.negated ? (m: SimMessage) => !test(m) : test;
  });
  const sharedHistory = narrow.some(
    (t) => !t.negated && ['channel', 'stream', 'channels', 'streams'].includes(t.operator),
  );
  return { matches: (m) => tests.every((t) => t(m)), sharedHistory };
}

/** Whether the message is in the user's own history (the server has a per-user row for it). */
export function received(me: SimUser, channel: SimChannel, m: SimMessage): boolean {
  return channel.subscribers.has(me.user_id) || m.readBy.has(me.user_id);
}

/** Every message the caller may read that matches, oldest first. */
function matchingMessages(store: SvcStore, me: SimUser, narrow: CompiledNarrow): SimMessage[] {
  const readable = new Map<number, boolean>();
  const found: SimMessage[] = [];
  for (const m of store.messages.values()) {
    if (m.dmRecipients) {
      if (m.dmRecipients.includes(me.user_id) && narrow.matches(m)) found.push(m);
      continue;
    }
    const channel = store.channel(m.streamId);
    if (!channel) continue;
    let ok = readable.get(channel.stream_id);
    if (ok === undefined) readable.set(channel.stream_id, (ok = canReadHistory(store, me, channel)));
    if (!ok || (!narrow.sharedHistory && !received(me, channel, m))) continue;
    if (!receivedInProtectedHistory(store, me, channel, m)) continue;
    if (narrow.matches(m)) found.push(m);
  }
  return found;
}

type Anchor = number | 'newest' | 'oldest' | 'first_unread';

function resolveAnchor(store: SvcStore, me: SimUser, anchor: Anchor, messages: readonly SimMessage[]): number {
  if (anchor === 'newest') return LARGER_THAN_MAX_MESSAGE_ID;
  if (anchor === 'oldest') return 0;
  if (anchor === 'first_unread') {
    const unread = messages.find((m) => {
      if (m.dmRecipients) return !m.readBy.has(me.user_id);
      const channel = store.channel(m.streamId);
      return channel !== undefined && received(me, channel, m) && !m.readBy.has(me.user_id);
    });
    return unread?.id ?? LARGER_THAN_MAX_MESSAGE_ID;
  }
  return Math.min(Math.max(anchor, 0), LARGER_THAN_MAX_MESSAGE_ID);
}

interface Window {
  rows: SimMessage[];
  anchor: number;
  foundAnchor: boolean;
  foundOldest: boolean;
  foundNewest: boolean;
}

/** The server's range semantics: `num_before` below the anchor, the anchor itself, `num_after` above. */
function windowAround(
  messages: readonly SimMessage[],
  anchor: number,
  includeAnchor: boolean,
  numBefore: number,
  numAfter: number,
): Window {
  const anchoredToLeft = anchor === 0;
  const anchoredToRight = anchor === LARGER_THAN_MAX_MESSAGE_ID;
  let before = messages.filter((m) => m.id < anchor);
  const at = includeAnchor ? messages.filter((m) => m.id === anchor) : [];
  let after = anchoredToRight ? [] : messages.filter((m) => m.id > anchor);
  before = numBefore > 0 ? before.slice(-numBefore) : [];
  after = after.slice(0, anchoredToRight ? 0 : numAfter);
  return {
    rows: [...before, ...at, ...after],
    anchor,
    foundAnchor: at.length === 1,
    foundOldest: anchoredToLeft || before.length < numBefore,
    foundNewest: anchoredToRight || after.length < (anchoredToRight ? 0 : numAfter),
  };
}

/** The most messages one `GET /messages` may ask for. */
const MAX_MESSAGES_PER_REQUEST = 5000;

export interface LinkRule {
  regex: RegExp;
  template: string;
  /** The pattern's group names as written, by the name each got in `regex`. */
  aliases: Readonly<Record<string, string>>;
}

/** A match's groups by the names the pattern gave them (the first of a repeated name that took part). */
function groupValues(rule: LinkRule, groups: Record<string, string | undefined> | undefined) {
  const values: Record<string, string | undefined> = {};
  for (const [alias, value] of Object.entries(groups ?? {})) {
    const name = rule.aliases[alias] ?? alias;
    values[name] ??= value;
  }
  return values;
}

export function linkRules(store: SvcStore): LinkRule[] {
  return [...store.linkifiers]
    .sort((a, b) => a.order - b.order)
    .flatMap((l) => {
      const read = readPattern(l.pattern);
      return read.ok
        ? [
            {
              regex: new RegExp(read.pattern.source, `${read.pattern.flags}gu`),
              template: l.urlTemplate,
              aliases: read.pattern.aliases,
            },
          ]
        : [];
    });
}

/** Links in a topic: linkifier matches (earlier rules win overlaps) and bare URLs, in text order. */
function topicLinks(rules: readonly LinkRule[], topic: string): { text: string; url: string }[] {
  const found: { start: number; end: number; text: string; url: string }[] = [];
  const free = (start: number, end: number) => found.every((f) => end <= f.start || start >= f.end);
  for (const rule of rules) {
    for (const match of topic.matchAll(rule.regex)) {
      const start = match.index;
      const end = start + match[0].length;
      if (match[0] === '' || !free(start, end)) continue;
      found.push({ start, end, text: match[0], url: expandTemplate(rule.template, groupValues(rule, match.groups)) });
    }
  }
  for (const match of topic.matchAll(/https?:\/\/\S+/g)) {
    const start = match.index;
    if (free(start, start + match[0].length))
      found.push({ start, end: start + match[0].length, text: match[0], url: match[0] });
  }
  return found.sort((a, b) => a.start - b.start).map(({ text, url }) => ({ text, url }));
}

export interface FormatOptions {
  applyMarkdown: boolean;
  clientGravatar: boolean;
  allowEmptyTopicName: boolean;
  rules: readonly LinkRule[];
}

function editHistory(store: SvcStore, m: SimMessage, allowEmpty: boolean): Record<string, unknown>[] | undefined {
  const policy = store.realmSettings.message_edit_history_visibility_policy;
  if (policy === 'none' || m.editHistory.length === 0) return undefined;
  const entries = [...m.editHistory]
    .reverse()
    .filter((e) => policy === 'all' || e.prevTopic !== undefined || e.prevStream !== undefined)
    .map((e) => {
      const entry: Record<string, unknown> = { user_id: e.userId, timestamp: e.timestamp };
      if (policy === 'all' && e.prevContent !== undefined) {
        entry.prev_content = e.prevContent;
        entry.prev_rendered_content = e.prevRenderedContent;
      }
      if (e.prevStream !== undefined) Object.assign(entry, { prev_stream: e.prevStream, stream: e.stream });
      if (e.prevTopic !== undefined)
        Object.assign(entry, {
          prev_topic: topicForDisplay(e.prevTopic, allowEmpty),
          topic: topicForDisplay(e.topic ?? '', allowEmpty),
        });
      return entry;
    });
  return entries.length > 0 ? entries : undefined;
}

/** A message as `GET /messages` returns it to `me`. */
export function formatMessage(
  store: SvcStore,
  me: SimUser,
  m: SimMessage,
  channel: SimChannel,
  options: FormatOptions,
): Record<string, unknown> {
  const sender = store.user(m.senderId);
  const level = store.featureLevel;
  const flags = ownFlags(me, m, received(me, channel, m));
  const history = editHistory(store, m, options.allowEmptyTopicName);
  // Before level 365 every edit counted, resolving included.
  const lastEdit =
    level >= LAST_MOVED_LEVEL
      ? m.lastEditTimestamp
      : Math.max(m.lastEditTimestamp ?? 0, m.lastMovedTimestamp ?? 0, m.editHistory.at(-1)?.timestamp ?? 0) || null;
  return {
    id: m.id,
    type: 'stream',
    content: options.applyMarkdown ? m.renderedContent : m.content,
    content_type: options.applyMarkdown ? 'text/html' : 'text/x-markdown',
    // A real server (level 372) sends the rendering only as `content` itself, with apply_markdown.
    subject: topicForDisplay(m.topic, options.allowEmptyTopicName),
    topic_links: options.rules.length > 0 || m.topic.includes('http') ? topicLinks(options.rules, m.topic) : [],
    timestamp: m.timestamp,
    sender_id: m.senderId,
    sender_email: sender?.apiEmail ?? '',
    sender_full_name: sender?.fullName ?? '',
    sender_realm_str: store.realm.host.split('.')[0] ?? '',
    avatar_url: sender ? avatarUrl(store, me, sender, options.clientGravatar) : null,
    client: 'website',
    display_recipient: channel.name,
    recipient_id: channel.stream_id,
    stream_id: channel.stream_id,
    is_me_message: m.content.startsWith('/me '),
    flags,
    ...(history ? { edit_history: history } : {}),
    ...(lastEdit !== null ? { last_edit_timestamp: lastEdit } : {}),
    ...(level >= LAST_MOVED_LEVEL && m.lastMovedTimestamp !== null
      ? { last_moved_timestamp: m.lastMovedTimestamp }
      : {}),
    reactions: formatReactions(m),
    submessages: [],
  };
}

/**
 * The caller's flags on a message, in the server's order: a message they never received (a channel's history
 * read from outside) counts as read and historical.
 */
export function ownFlags(me: SimUser, m: SimMessage, receivedIt: boolean): string[] {
  const starred = m.starredBy?.has(me.user_id) === true;
  if (!receivedIt) return starred ? ['read', 'starred', 'historical'] : ['read', 'historical'];
  return [...(m.readBy.has(me.user_id) ? ['read'] : []), ...(starred ? ['starred'] : [])];
}

function formatReactions(m: SimMessage): Record<string, unknown>[] {
  return (m.reactions ?? []).map((r) => ({
    emoji_name: r.emojiName,
    emoji_code: r.emojiCode,
    reaction_type: r.reactionType,
    user_id: r.userId,
  }));
}

/**
 * A direct message as a real server lists it: `type` "private" (also on servers that accept "direct" when
 * sending), its participants as `display_recipient`, an empty topic and no channel.
 */
export function formatDirectMessage(
  store: SvcStore,
  me: SimUser,
  m: SimMessage,
  participants: readonly number[],
  options: FormatOptions,
): Record<string, unknown> {
  const sender = store.user(m.senderId);
  return {
    id: m.id,
    type: 'private',
    content: options.applyMarkdown ? m.renderedContent : m.content,
    content_type: options.applyMarkdown ? 'text/html' : 'text/x-markdown',
    subject: '',
    topic_links: [],
    timestamp: m.timestamp,
    sender_id: m.senderId,
    sender_email: sender?.apiEmail ?? '',
    sender_full_name: sender?.fullName ?? '',
    sender_realm_str: store.realm.host.split('.')[0] ?? '',
    avatar_url: sender ? avatarUrl(store, me, sender, options.clientGravatar) : null,
    client: 'website',
    display_recipient: participants.map((id) => {
      const user = store.user(id);
      return { id, email: user?.apiEmail ?? '', full_name: user?.fullName ?? '', is_mirror_dummy: false };
    }),
    recipient_id: directRecipientId(participants),
    is_me_message: m.content.startsWith('/me '),
    flags: ownFlags(me, m, true),
    reactions: formatReactions(m),
    submessages: [],
  };
}

/** A stable recipient ID per conversation (the server numbers its recipient rows; any stable integer will do). */
function directRecipientId(participants: readonly number[]): number {
  return 100_000 + (participants.reduce((h, id) => (h * 31 + id) % 900_000, 7) % 900_000);
}

function checkRangeCounts(numBefore: number, numAfter: number, includeAnchor: boolean): void {
  if (numBefore > 0 && numAfter > 0 && !includeAnchor)
    throw badRequest('The anchor can only be excluded at an end of the range');
}

/** Marks messages read (or unread) for one user; returns those whose state changed. */
function setRead(messages: readonly SimMessage[], user: SimUser, read: boolean): SimMessage[] {
  const changed: SimMessage[] = [];
  for (const m of messages) {
    if (m.readBy.has(user.user_id) === read) continue;
    if (read) m.readBy.add(user.user_id);
    else m.readBy.delete(user.user_id);
    changed.push(m);
  }
  return changed;
}

/** Where an unread message is, for clients that keep unread counts (sent when `read` is removed). */
function unreadDetails(store: SvcStore, me: SimUser, m: SimMessage): MessageFlagDetails {
  if (m.dmRecipients) {
    // The other people of the conversation, without the caller (a group's in ascending order).
    const others = m.dmRecipients.filter((id) => id !== me.user_id);
    return { type: 'private', user_ids: others };
  }
  const muted = store.subscription(me.user_id, m.streamId)?.isMuted ?? false;
  return { type: 'stream', stream_id: m.streamId, topic: m.topic, unmuted_stream_msg: !muted };
}

export function announceFlags(
  store: SvcStore,
  me: SimUser,
  op: 'add' | 'remove',
  flag: string,
  changed: readonly SimMessage[],
): void {
  if (changed.length === 0) return;
  const details: Record<string, MessageFlagDetails> = {};
  if (op === 'remove' && flag === 'read') for (const m of changed) details[String(m.id)] = unreadDetails(store, me, m);
  store.emit({
    type: 'update_message_flags',
    owner_id: me.user_id,
    op,
    operation: op,
    flag,
    messages: changed.map((m) => m.id),
    all: false,
    ...(op === 'remove' && flag === 'read' ? { message_details: details } : {}),
  });
}

/** The words of the narrow's `search` terms, lower-cased. */
function searchWords(narrow: readonly SimNarrowTerm[]): string[] {
  return narrow
    .filter((t) => t.operator === 'search' && !t.negated)
    .flatMap((t) => String(t.operand).toLowerCase().split(/\s+/))
    .filter(Boolean);
}

/** Wraps each occurrence of the words in the text (never inside tags) in the server's highlight span. */
export function highlightHtml(html: string, words: readonly string[]): string {
  if (words.length === 0) return html;
  const alternatives = [...new Set(words.map((w) => escapeHtml(w)))]
    .sort((a, b) => b.length - a.length)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(${alternatives.join('|')})`, 'giu');
  return html
    .split(/(<[^>]*>)/)
    .map((part) => (part.startsWith('<') ? part : part.replace(pattern, '<span class="highlight">$1</span>')))
    .join('');
}

export const messagesHandlers: readonly RegisteredHandler[] = [
  userHandler(
    endpoint({
      method: 'GET',
      path: '/messages',
      params: {
        anchor: textChecked(anchorText).optional(),
        include_anchor: bool().optional(),
        num_before: json(intAtLeast(0)).optional(),
        num_after: json(intAtLeast(0)).optional(),
        narrow: json(narrowValue).optional(),
        client_gravatar: bool().optional(),
        apply_markdown: bool().optional(),
        message_ids: intList().optional(),
        allow_empty_topic_name: bool().optional(),
        use_first_unread_anchor: bool().optional(),
      },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const level = store.featureLevel;
      // Servers before level 300 do not know `message_ids` at all.
      const messageIds = level >= SIM_LEVELS.messageIds ? params.message_ids : undefined;
      const numBefore = params.num_before ?? 0;
      const numAfter = params.num_after ?? 0;
      // The deprecated flag is the older spelling of `anchor=first_unread`; an anchor sent along with it is
      // ignored, as on a real server (the terminal client sends both).
      const anchorParam = params.use_first_unread_anchor ? ('first_unread' as const) : params.anchor;
      if (messageIds !== undefined && (numBefore > 0 || numAfter > 0 || anchorParam !== undefined)) {
        const parameters = 'num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor';
        throw new SvcError('BAD_REQUEST', `Unsupported parameter combination: ${parameters}`, 400, { parameters });
      }
      if (messageIds === undefined && anchorParam === undefined) throw badRequest("Missing 'anchor' argument.");
      const includeAnchor = messageIds === undefined && (params.include_anchor ?? true);
      const requested = messageIds !== undefined ? messageIds.length : numBefore + numAfter;
      if (requested > MAX_MESSAGES_PER_REQUEST)
        throw badRequest(`Too many messages requested (maximum ${MAX_MESSAGES_PER_REQUEST}).`);
      checkRangeCounts(numBefore, numAfter, includeAnchor);

      // The legacy list form, `["stream", "general"]`, was read as the same term.
      const terms = params.narrow ?? [];
      const narrow = compileNarrow(store, me, terms);
      const matching = matchingMessages(store, me, narrow);
      const options: FormatOptions = {
        applyMarkdown: params.apply_markdown ?? true,
        clientGravatar: params.client_gravatar ?? true,
        allowEmptyTopicName: (params.allow_empty_topic_name ?? false) && level >= SIM_LEVELS.emptyTopics,
        rules: linkRules(store),
      };
      const format = (rows: readonly SimMessage[]) =>
        rows.map((m) =>
          m.dmRecipients
            ? formatDirectMessage(store, me, m, m.dmRecipients, options)
            : formatMessage(store, me, m, store.channel(m.streamId)!, options),
        );

      if (messageIds !== undefined) {
        const wanted = new Set(messageIds);
        return {
          messages: format(matching.filter((m) => wanted.has(m.id))),
          history_limited: false,
          found_anchor: false,
          found_oldest: false,
          found_newest: false,
        };
      }
      const anchor = resolveAnchor(store, me, anchorParam!, matching);
      const window = windowAround(matching, anchor, includeAnchor, numBefore, numAfter);
      return {
        messages: format(window.rows),
        found_anchor: window.foundAnchor,
        found_oldest: window.foundOldest,
        found_newest: window.foundNewest,
        history_limited: false,
        anchor: window.anchor,
      };
    },
  ),

  // A window of the narrow at a time, like a fetch; clients repeat from the last processed ID.
  userHandler(
    endpoint({
      method: 'POST',
      path: '/messages/flags/narrow',
      params: {
        anchor: textChecked(anchorText),
        include_anchor: bool().optional(),
        num_before: json(intAtLeast(0)),
        num_after: json(intAtLeast(0)),
        narrow: json(narrowValue),
        op: textChecked(oneOfValues(['add', 'remove'])),
        flag: text(),
      },
      since: SIM_LEVELS.flagsForNarrow,
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const { flag, op } = params;
      if (!EDITABLE_FLAGS.has(flag)) {
        throw badRequest(NON_EDITABLE_FLAGS.has(flag) ? `Flag not editable: '${flag}'` : `Invalid flag: '${flag}'`);
      }
      const includeAnchor = params.include_anchor ?? true;
      checkRangeCounts(params.num_before, params.num_after, includeAnchor);
      const half = MAX_MESSAGES_PER_UPDATE / 2;
      const numBefore = Math.min(params.num_before, Math.max(MAX_MESSAGES_PER_UPDATE - params.num_after, half));
      const numAfter = Math.min(params.num_after, Math.max(MAX_MESSAGES_PER_UPDATE - numBefore, half));

      const narrow = compileNarrow(store, me, params.narrow);
      const matching = matchingMessages(store, me, narrow);
      const anchor = resolveAnchor(store, me, params.anchor, matching);
      const window = windowAround(matching, anchor, includeAnchor, numBefore, numAfter);
      const ignoredChannels = new Set<number>();
      let targets = window.rows;
      if (flag === 'read' && op === 'remove') {
        // Unread messages only exist in subscribed channels.
        targets = targets.filter((m) => {
          const subscribed = store.channel(m.streamId)?.subscribers.has(me.user_id) ?? false;
          if (!subscribed) ignoredChannels.add(m.streamId);
          return subscribed;
        });
      }
      // The simulator keeps only the read flag; the other editable flags are accepted and change nothing.
      const changed = flag === 'read' ? setRead(targets, me, op === 'add') : [];
      announceFlags(store, me, op, flag, changed);
      return {
        processed_count: window.rows.length,
        updated_count: changed.length,
        first_processed_id: window.rows[0]?.id ?? null,
        last_processed_id: window.rows.at(-1)?.id ?? null,
        found_oldest: window.foundOldest,
        found_newest: window.foundNewest,
        ...(flag === 'read' && op === 'remove' && store.featureLevel >= IGNORED_CHANNELS_LEVEL
          ? { ignored_because_not_subscribed_channels: [...ignoredChannels].sort((a, b) => a - b) }
          : {}),
      };
    },
  ),

  userHandler(
    endpoint({
      method: 'PATCH',
      path: '/messages/{message_id}',
      params: {
        message_id: int(),
        topic: text().optional(),
        propagate_mode: textChecked(oneOfValues(['change_one', 'change_later', 'change_all'])).optional(),
        send_notification_to_old_thread: bool().optional(),
        send_notification_to_new_thread: bool().optional(),
        content: text().optional(),
        prev_content_sha256: text().optional().from(SIM_LEVELS.editContentGuard),
        stream_id: int().optional(),
      },
    }),
    ({ core, me, params }) => {
      const { detachedUploads } = updateMessage(core.store, me, params);
      // `detached_uploads` appeared at level 285.
      return core.store.featureLevel >= DETACHED_UPLOADS_LEVEL ? { detached_uploads: detachedUploads } : {};
    },
  ),

  userHandler(
    endpoint({
      method: 'GET',
      path: '/messages/{message_id}/history',
      params: { message_id: int(), allow_empty_topic_name: bool().optional() },
    }),
    ({ core, me, params }) => {
      const allowEmpty = (params.allow_empty_topic_name ?? false) && core.store.featureLevel >= SIM_LEVELS.emptyTopics;
      return { message_history: messageHistory(core.store, me, params.message_id, allowEmpty) };
    },
  ),

  // Which of the given messages match the narrow, with the search words highlighted.
  userHandler(
    endpoint({
      method: 'GET',
      path: '/messages/matches_narrow',
      params: { msg_ids: intList(), narrow: json(narrowValue) },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const narrow = compileNarrow(store, me, params.narrow);
      const words = searchWords(params.narrow);
      const messages: Record<string, { match_content: string; match_subject: string }> = {};
      for (const id of params.msg_ids) {
        const m = store.messages.get(id);
        if (!m || !canAccessMessage(store, me, m, false) || !narrow.matches(m)) continue;
        messages[String(id)] = {
          match_content: highlightHtml(m.renderedContent, words),
          match_subject: highlightHtml(escapeHtml(m.topic), words),
        };
      }
      return { messages };
    },
  ),

  // Only the owner may delete an upload; anyone else's looks like no upload at all.
  userHandler(
    endpoint({ method: 'DELETE', path: '/attachments/{attachment_id}', params: { attachment_id: int() } }),
    ({ core, me, params }) => {
      const { store } = core;
      const attachment = store.attachments.get(params.attachment_id);
      if (!attachment || attachment.ownerId !== me.user_id) throw badRequest(INVALID_ATTACHMENT);
      store.attachments.delete(attachment.id);
      return {};
    },
  ),

  userHandler(
    endpoint({ method: 'POST', path: '/mark_topic_as_read', params: { stream_id: int(), topic_name: text() } }),
    ({ core, me, params }) => {
      const { store } = core;
      const channel = store.channel(params.stream_id);
      if (!channel || !canReadHistory(store, me, channel)) throw badRequest(INVALID_CHANNEL_ID);
      const topic = topicFromParam(store, params.topic_name);
      const inTopic = [...store.messages.values()].filter(
        (m) => m.streamId === channel.stream_id && sameTopic(m.topic, topic) && received(me, channel, m),
      );
      if (inTopic.length === 0) throw badRequest(`No such topic '${params.topic_name}'`);
      announceFlags(store, me, 'add', 'read', setRead(inTopic, me, true));
      return {};
    },
  ),
];
