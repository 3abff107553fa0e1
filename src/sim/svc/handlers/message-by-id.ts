import { holdsRealmPermission } from '../channel-access';
import { badRequest } from '../errors';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import { SIM_LEVELS } from '../levels';
import { canAccessMessage, INVALID_MESSAGE } from '../message-edits';
import { bool, int } from '../param-spec';
import type { SimMessage, SimUser, SvcStore } from '../store';
import { formatDirectMessage, formatMessage, linkRules, type FormatOptions } from './messages';

/**
 * One message by ID (`GET /messages/{message_id}`, with its raw Markdown) and deleting one
 * (`DELETE /messages/{message_id}`), as the server allows it: anyone who may delete any message, or the sender
 * (or the owner of the sending bot) who may delete their own, within the organization's time limit.
 */

/** The organization's `message_content_delete_limit_seconds` (the value its register state reports). */
const DELETE_LIMIT_SECONDS = 600;
const CANNOT_DELETE = "You don't have permission to delete this message";

/** A message the caller may read (or change): a direct message they are in, or a channel message they may. */
function accessibleMessage(store: SvcStore, me: SimUser, id: number, modifying: boolean): SimMessage {
  const m = store.messages.get(id);
  const ok = m && (m.dmRecipients ? m.dmRecipients.includes(me.user_id) : canAccessMessage(store, me, m, modifying));
  if (!m || !ok) throw badRequest(INVALID_MESSAGE);
  return m;
}

function checkCanDelete(store: SvcStore, me: SimUser, m: SimMessage): void {
  if (holdsRealmPermission(store, me, 'can_delete_any_message_group')) return;
  const sender = store.user(m.senderId);
  if (m.senderId !== me.user_id && sender?.botOwnerId !== me.user_id) throw badRequest(CANNOT_DELETE);
  if (!holdsRealmPermission(store, me, 'can_delete_own_message_group')) throw badRequest(CANNOT_DELETE);
  if (Math.floor(store.now() / 1000) - m.timestamp > DELETE_LIMIT_SECONDS)
    throw badRequest('The time limit for deleting this message has passed');
}

function deleteMessage(store: SvcStore, m: SimMessage): void {
  store.messages.delete(m.id);
  if (m.dmRecipients) {
    store.emit({
      type: 'delete_message',
      message_type: 'private',
      message_ids: [m.id],
      only_user_ids: [...m.dmRecipients],
    });
    return;
  }
  store.emit({
    type: 'delete_message',
    message_type: 'stream',
    message_ids: [m.id],
    stream_id: m.streamId,
    topic: m.topic,
  });
}

export const messageByIdHandlers: readonly RegisteredHandler[] = [
  userHandler(
    endpoint({
      method: 'GET',
      path: '/messages/{message_id}',
      params: {
        message_id: int(),
        apply_markdown: bool().optional(),
        allow_empty_topic_name: bool().optional(),
      },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      const m = accessibleMessage(store, me, params.message_id, false);
      const options: FormatOptions = {
        applyMarkdown: params.apply_markdown ?? true,
        clientGravatar: true,
        allowEmptyTopicName: (params.allow_empty_topic_name ?? false) && store.featureLevel >= SIM_LEVELS.emptyTopics,
        rules: linkRules(store),
      };
      // `raw_content` is the older way to get the Markdown, still sent.
      const message = m.dmRecipients
        ? formatDirectMessage(store, me, m, m.dmRecipients, options)
        : formatMessage(store, me, m, store.channel(m.streamId)!, options);
      return { message, raw_content: m.content };
    },
  ),
  userHandler(
    endpoint({ method: 'DELETE', path: '/messages/{message_id}', params: { message_id: int() } }),
    ({ core, me, params }) => {
      const m = accessibleMessage(core.store, me, params.message_id, true);
      checkCanDelete(core.store, me, m);
      deleteMessage(core.store, m);
      return {};
    },
  ),
];
