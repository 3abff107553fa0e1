import { isAdminRole } from '../permissions';
import { renderMessageContent } from '../attachments';
import { canReadHistory, checkTopicCreation, holdsChannelPermission, topicFromParam } from '../channel-access';
import { badRequest, SvcError } from '../errors';
import { applyAutomaticPolicy, AUTOMATIC_POLICY_LEVEL } from '../user-topics';
import type { DeliveryPreferences } from '../event-routing';
import type { MessageEvent, SvcEvent } from '../events';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import { escapeHtml } from '../markdown';
import { dispatchOutgoingWebhooks } from '../outgoing-webhooks';
import { SERVER_LIMITS } from '../settings';
import type { SimChannel, SimMessage, SimUser, SvcStore } from '../store';
import { formatDirectMessage, formatMessage, linkRules } from './messages';
import { bool, jsonOrText, text, textChecked } from '../param-spec';
import { messageTo, messageTypeValue, type SimMessageTo } from '../wire-values';

/**
 * Sending channel messages (`POST /messages`). Direct messages are not simulated: the store keeps channel
 * messages only, so they are refused with a clear error.
 */

/** `channel` as a message type arrived at level 248, `direct` at 174. */
const CHANNEL_TYPE_LEVEL = 248;
const DIRECT_TYPE_LEVEL = 174;
const EMPTY_TOPIC_LEVEL = 334;

/** `@**Name**`, `@**Name|id**`, and silent `@_**Name**` mentions in raw Markdown. */
const MENTION = /(?<![\w@])@(_?)\*\*([^*|\n]+?)(?:\|(\d+))?\*\*/g;

export interface Mention {
  user: SimUser;
  silent: boolean;
}

/** The users a message's content mentions (ambiguous names without an ID mention nobody, as on the server). */
export function mentionsIn(store: SvcStore, content: string): Mention[] {
  const found = new Map<number, Mention>();
  for (const match of content.matchAll(MENTION)) {
    const silent = match[1] === '_';
    const name = (match[2] ?? '').trim().toLowerCase();
    const id = match[3];
    let user: SimUser | undefined;
    if (id !== undefined) {
      user = store.user(Number(id));
      if (user && user.fullName.toLowerCase() !== name) user = undefined;
    } else {
      const named = store.users.filter((u) => u.isActive && u.fullName.toLowerCase() === name);
      user = named.length === 1 ? named[0] : undefined;
    }
    if (!user || !user.isActive) continue;
    const before = found.get(user.user_id);
    // A loud mention anywhere wins over a silent one.
    found.set(user.user_id, { user, silent: (before?.silent ?? true) && silent });
  }
  return [...found.values()];
}

/** The server's HTML for mentions: a `user-mention` span (with `silent` for silent ones). */
function renderMentions(store: SvcStore, html: string): string {
  return html.replace(/@(_?)<strong>([^<]+?)<\/strong>/g, (all, silent: string, inner: string) => {
    const [name, id] = inner.split('|');
    const [mention] = mentionsIn(store, `@${silent}**${unescape(name ?? '')}${id ? `|${id}` : ''}**`);
    if (!mention) return all;
    const cls = mention.silent ? 'user-mention silent' : 'user-mention';
    const text = `${mention.silent ? '' : '@'}${escapeHtml(mention.user.fullName)}`;
    return `<span class="${cls}" data-user-id="${mention.user.user_id}">${text}</span>`;
  });
}

function unescape(html: string): string {
  return html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

export function renderWithMentions(store: SvcStore, content: string): string {
  return renderMentions(store, renderMessageContent(content));
}

function truncateTopic(topic: string): string {
  const chars = [...topic];
  const max = SERVER_LIMITS.max_topic_length;
  return chars.length <= max ? topic : `${chars.slice(0, max - 3).join('')}...`;
}

function truncateContent(content: string): string {
  const chars = [...content];
  const suffix = '\n[message truncated]';
  const max = SERVER_LIMITS.max_message_length;
  return chars.length <= max ? content : `${chars.slice(0, max - suffix.length).join('')}${suffix}`;
}

/** The channel `to` names (ID, name, or a list of one of them), as the sender may see it. */
function channelFor(store: SvcStore, me: SimUser, to: number | string | readonly (number | string)[]): SimChannel {
  let target: number | string;
  if (Array.isArray(to)) {
    if (to.length !== 1) throw badRequest('Cannot send to multiple channels; did you mean to send a direct message?');
    target = to[0] as number | string;
  } else {
    target = to as number | string;
  }
  const channel =
    typeof target === 'number'
      ? store.channel(target)
      : store.channels.find((c) => c.name.toLowerCase() === target.trim().toLowerCase());
  // A private channel one cannot read does not exist, as far as its existence is concerned.
  const visible = channel && (!channel.inviteOnly || canReadHistory(store, me, channel) || isAdminRole(me.role));
  if (!channel || !visible) {
    throw typeof target === 'number'
      ? new SvcError('STREAM_DOES_NOT_EXIST', `Channel with ID '${target}' does not exist`, 400, { stream_id: target })
      : new SvcError('STREAM_DOES_NOT_EXIST', `Channel '${target}' does not exist`, 400, { stream: target });
  }
  return channel;
}

function checkCanSend(store: SvcStore, me: SimUser, channel: SimChannel): void {
  const refused = () => badRequest(`Not authorized to send to channel '${channel.name}'`);
  if (channel.isArchived) throw refused();
  if (channel.inviteOnly && !channel.subscribers.has(me.user_id)) throw refused();
  if (!holdsChannelPermission(store, me, channel, 'can_send_message_group')) throw refused();
}

/**
 * Stores a channel message, announces it (`message` event) and notifies the outgoing-webhook bots it
 * triggers; their replies come back through here as the bot. Checks are the caller's.
 */
export function postChannelMessage(
  store: SvcStore,
  sender: SimUser,
  channel: SimChannel,
  topic: string,
  content: string,
  options: { readBySender?: boolean } = {},
): SimMessage {
  const message = store.addMessage({
    senderId: sender.user_id,
    streamId: channel.stream_id,
    topic,
    content,
    renderedContent: renderWithMentions(store, content),
    timestamp: Math.floor(store.now() / 1000),
    lastEditTimestamp: null,
    lastMovedTimestamp: null,
    editHistory: [],
    readBy: new Set(options.readBySender === false ? [] : [sender.user_id]),
  });
  const { flags, ...formatted } = formatMessage(store, sender, message, channel, {
    applyMarkdown: true,
    clientGravatar: false,
    allowEmptyTopicName: false,
    rules: linkRules(store),
  });
  store.emit({ type: 'message', message: formatted, flags: Array.isArray(flags) ? (flags as string[]) : [] });
  dispatchOutgoingWebhooks(store, message, (bot, reply) => {
    const current = store.channel(message.streamId);
    if (current && !current.isArchived) postChannelMessage(store, bot, current, message.topic, truncateContent(reply));
  });
  return message;
}

/** A direct message's participants: the people `to` names (IDs or emails) and the sender, ascending. */
function directParticipants(store: SvcStore, me: SimUser, to: SimMessageTo): number[] {
  const named = Array.isArray(to) ? to : typeof to === 'number' ? [to] : to.split(',').map((e) => e.trim());
  if (named.length === 0) throw badRequest('Message must have recipients');
  const ids = named.map((who) => {
    if (typeof who === 'number') {
      const user = store.user(who);
      if (!user) throw badRequest(`Invalid user ID ${who}`);
      return user.user_id;
    }
    const user = store.userByApiEmail(who) ?? store.userByDeliveryEmail(who);
    if (!user) throw badRequest(`Invalid email '${who}'`);
    return user.user_id;
  });
  return [...new Set([...ids, me.user_id])].sort((a, b) => a - b);
}

/** Stores a direct message and announces it to its participants. */
export function postDirectMessage(
  store: SvcStore,
  sender: SimUser,
  participants: readonly number[],
  content: string,
  options: { readBySender?: boolean } = {},
): SimMessage {
  const message = store.addMessage({
    senderId: sender.user_id,
    streamId: 0,
    topic: '',
    content,
    renderedContent: renderWithMentions(store, content),
    timestamp: Math.floor(store.now() / 1000),
    lastEditTimestamp: null,
    lastMovedTimestamp: null,
    editHistory: [],
    readBy: new Set(options.readBySender === false ? [] : [sender.user_id]),
    dmRecipients: participants,
  });
  const { flags: _flags, ...formatted } = formatDirectMessage(store, sender, message, participants, {
    applyMarkdown: true,
    clientGravatar: false,
    allowEmptyTopicName: false,
    rules: [],
  });
  store.emit({ type: 'message', message: formatted, flags: [] });
  return message;
}

/**
 * A `message` event as one recipient receives it: only those who may read the channel, with the message
 * in the form their queue asked for and their own flags (`mentioned` when the message mentions them).
 */
export function shapeMessageEvent(
  store: SvcStore,
  event: MessageEvent,
  recipient: SimUser,
  preferences: DeliveryPreferences,
): SvcEvent | null {
  const message = store.messages.get(Number(event.message.id));
  if (message?.dmRecipients) {
    // Only the conversation's participants hear of a direct message.
    if (!message.dmRecipients.includes(recipient.user_id)) return null;
    const { flags: _flags, ...formatted } = formatDirectMessage(store, recipient, message, message.dmRecipients, {
      applyMarkdown: preferences.applyMarkdown,
      clientGravatar: preferences.clientGravatar,
      allowEmptyTopicName: preferences.capabilities.empty_topic_name === true,
      rules: [],
    });
    return { type: 'message', message: formatted, flags: message.readBy.has(recipient.user_id) ? ['read'] : [] };
  }
  const channel = message ? store.channel(message.streamId) : undefined;
  if (!message || !channel || !canReadHistory(store, recipient, channel)) return null;
  // A real server delivers a message to those who receive it: its channel's subscribers and its sender. An
  // administrator who may read a channel but is not subscribed hears nothing of it.
  if (!channel.subscribers.has(recipient.user_id) && message.senderId !== recipient.user_id) return null;
  const { flags, ...formatted } = formatMessage(store, recipient, message, channel, {
    applyMarkdown: preferences.applyMarkdown,
    clientGravatar: preferences.clientGravatar,
    allowEmptyTopicName: preferences.capabilities.empty_topic_name === true,
    rules: linkRules(store),
  });
  const own = Array.isArray(flags) ? (flags as string[]) : [];
  const mentioned = mentionsIn(store, message.content).some((m) => m.user.user_id === recipient.user_id && !m.silent);
  return { type: 'message', message: formatted, flags: mentioned ? [...own, 'mentioned'] : own };
}

export const sendMessageHandlers: readonly RegisteredHandler[] = [
  userHandler(
    endpoint({
      method: 'POST',
      path: '/messages',
      params: {
        type: textChecked(messageTypeValue),
        to: jsonOrText(messageTo),
        topic: text().optional(),
        subject: text().optional(),
        content: text(),
        queue_id: text().optional(),
        local_id: text().optional(),
        read_by_sender: bool().optional(),
      },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const level = store.featureLevel;
      if (
        (params.type === 'channel' && level < CHANNEL_TYPE_LEVEL) ||
        (params.type === 'direct' && level < DIRECT_TYPE_LEVEL)
      )
        throw badRequest('Invalid type');
      if (params.type === 'direct' || params.type === 'private') {
        const participants = directParticipants(store, me, params.to);
        if (params.content.trim() === '') throw badRequest('Message must not be empty');
        const message = postDirectMessage(store, me, participants, truncateContent(params.content), {
          readBySender: params.read_by_sender ?? true,
        });
        return { id: message.id };
      }
      if (params.content.trim() === '') throw badRequest('Message must not be empty');
      // `subject` is the documented older name of `topic`.
      const topicParam = params.topic ?? params.subject;
      if (topicParam === undefined) throw badRequest('Missing topic');
      const channel = channelFor(store, me, params.to);
      checkCanSend(store, me, channel);
      const topic = truncateTopic(topicFromParam(store, topicParam.trim()));
      checkTopicCreation(store, me, channel, topic);
      if (topic === '' && (level < EMPTY_TOPIC_LEVEL || store.realmSettings.topics_policy === 'disable_empty_topic'))
        throw badRequest('Topics are required in this organization.');
      const message = postChannelMessage(store, me, channel, topic, truncateContent(params.content), {
        readBySender: params.read_by_sender ?? true,
      });
      const policy = applyAutomaticPolicy(store, me, channel, message);
      return {
        id: message.id,
        ...(policy !== null && level >= AUTOMATIC_POLICY_LEVEL ? { automatic_new_visibility_policy: policy } : {}),
      };
    },
  ),
];
