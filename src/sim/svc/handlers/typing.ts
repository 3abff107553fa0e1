import { canReadChannel, INVALID_CHANNEL_ID, topicFromParam } from '../channel-access';
import { badRequest } from '../errors';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import { int, intList, oneOfValues, text, textChecked } from '../param-spec';
import type { SimUser, SvcStore } from '../store';

/**
 * `POST /typing`: typing notifications, as the server checks and sends them. Nothing is stored; the event goes
 * to the conversation's people (a channel's subscribers), and event routing keeps it from those who turned
 * typing notifications off and, for channels, from clients without the `stream_typing_notifications` capability.
 */

const who = (user: SimUser) => ({ user_id: user.user_id, email: user.apiEmail });

function typeInChannel(store: SvcStore, me: SimUser, op: 'start' | 'stop', streamId: number, topic: string): void {
  if (!store.personalSetting(me.user_id, 'send_stream_typing_notifications'))
    throw badRequest('User has disabled typing notifications for channel messages');
  const channel = store.channel(streamId);
  if (!channel || channel.isArchived || !canReadChannel(store, me, channel)) throw badRequest(INVALID_CHANNEL_ID);
  const recipients = [...channel.subscribers].filter((id) => store.user(id)?.isActive === true);
  store.emit({
    type: 'typing',
    message_type: 'stream',
    op,
    sender: who(me),
    stream_id: channel.stream_id,
    topic: topicFromParam(store, topic),
    recipient_ids: recipients,
  });
}

function typeToPeople(store: SvcStore, me: SimUser, op: 'start' | 'stop', to: readonly number[]): void {
  if (to.length === 0) throw badRequest("Empty 'to' list");
  if (!store.personalSetting(me.user_id, 'send_private_typing_notifications'))
    throw badRequest('User has disabled typing notifications for direct messages');
  const ids = to.includes(me.user_id) ? [...to] : [...to, me.user_id];
  // One unknown person refuses the whole notification: a partial list would name another conversation.
  const people = ids.map((id) => {
    const user = store.user(id);
    if (!user) throw badRequest(`Invalid user ID ${id}`);
    return user;
  });
  store.emit({
    type: 'typing',
    message_type: 'direct',
    op,
    sender: who(me),
    recipients: people.map(who),
    recipient_ids: people.filter((u) => u.isActive).map((u) => u.user_id),
  });
}

export const typingHandlers: readonly RegisteredHandler[] = [
  userHandler(
    endpoint({
      method: 'POST',
      path: '/typing',
      params: {
        type: textChecked(oneOfValues(['direct', 'stream', 'channel'])).optional(),
        op: textChecked(oneOfValues(['start', 'stop'])),
        to: intList().optional(),
        stream_id: int().optional(),
        topic: text().optional(),
      },
    }),
    ({ core, me, params }) => {
      const { store } = core;
      if (params.type === 'stream' || params.type === 'channel') {
        // Refused as plain requests (no `var_name`), unlike a missing parameter the server reads itself.
        if (params.stream_id === undefined) throw badRequest("Missing 'stream_id' argument");
        if (params.topic === undefined) throw badRequest('Missing topic');
        typeInChannel(store, me, params.op, params.stream_id, params.topic);
        return {};
      }
      if (params.to === undefined) throw badRequest("Missing 'to' argument");
      typeToPeople(store, me, params.op, params.to);
      return {};
    },
  ),
];
