import type { ZulipClient } from 'zulip-js';

/**
 * The calls the differential test makes through the official JavaScript client, in order, each with what the
 * real server (level 372) answered when the test was written: the status and, for refusals, the code. `ignore`
 * names paths whose shape is the organization's data, not the API's.
 */

export interface SideClients {
  member: ZulipClient;
  admin: ZulipClient;
  /** A public channel both accounts follow. */
  channel: string;
  adminId: number;
  /** Signs in with the member's password (`POST /fetch_api_key`); the client holds the key it got. */
  signIn(): Promise<ZulipClient>;
  /** Waits until what was just done reached the event queues (a real server hands events over after answering). */
  settle(): Promise<void>;
}

/** What earlier steps found, for later ones to name. */
export interface StepContext {
  streamId: number;
  messageId: number;
  queueId: string;
  newChannel: string;
  newChannelId: number;
}

export interface Step {
  name: string;
  run(side: SideClients, ctx: StepContext): Promise<Record<string, unknown>>;
  /** What the real server answered. */
  expect: { status: number; code?: string };
  ignore?: readonly string[];
}

const CHANNEL_DATA = [
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_remove_subscribers_group',
  'can_send_message_group',
  'message_retention_days',
  'stream_weekly_traffic',
  'first_message_id',
  'creator_id',
  'email_notifications',
];
const channelData = (at: string) => CHANNEL_DATA.map((field) => `${at}.${field}`);
const MESSAGE_DATA = ['reactions', 'submessages', 'edit_history', 'last_edit_timestamp', 'last_moved_timestamp'];
const messageData = (at: string) => [...MESSAGE_DATA, 'flags', 'avatar_url'].map((field) => `${at}.${field}`);

const unique = (label: string) =>
  `zulip-js ${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

const success = { status: 200 };
const refused = (code = 'BAD_REQUEST') => ({ status: 400, code });

const reading: readonly Step[] = [
  { name: 'server settings', run: (s) => s.member.server.settings(), expect: success },
  {
    name: 'sign in with a password',
    run: async (s) => ({ result: 'success', signed_in: (await s.signIn()).config.apiKey.length > 0 }),
    expect: success,
  },
  {
    name: 'own profile',
    run: (s) => s.member.users.me.getProfile(),
    expect: success,
    ignore: ['$.profile_data', '$.avatar_url', '$.delivery_email'],
  },
  {
    name: 'people',
    run: (s) => s.member.users.retrieve({ client_gravatar: true }),
    expect: success,
    ignore: ['$.members[].delivery_email', '$.members[].avatar_url', '$.members[].profile_data'],
  },
  { name: 'channels', run: (s) => s.member.streams.retrieve(), expect: success, ignore: channelData('$.streams[]') },
  {
    name: 'channel ID',
    run: async (s, ctx) => {
      const answer = await s.member.streams.getStreamId(s.channel);
      ctx.streamId = Number(answer.stream_id);
      return answer;
    },
    expect: success,
  },
  {
    name: 'channel ID of an unknown channel',
    run: (s) => s.member.streams.getStreamId('no such channel anywhere'),
    expect: refused(),
  },
  {
    name: 'subscriptions',
    run: (s) => s.member.streams.subscriptions.retrieve(),
    expect: success,
    ignore: channelData('$.subscriptions[]'),
  },
  {
    name: 'custom emoji',
    run: (s) => s.member.emojis.retrieve(),
    expect: success,
    ignore: ['$.emoji.*.author_id', '$.emoji.*.still_url'],
  },
  { name: 'alert words', run: (s) => s.member.users.me.alertWords.retrieve(), expect: success },
  { name: 'linkifiers at their old address', run: (s) => s.member.filters.retrieve(), expect: { status: 405 } },
];

const messaging: readonly Step[] = [
  {
    name: 'send to a channel',
    run: async (s, ctx) => {
      const answer = await s.member.messages.send({
        type: 'stream',
        to: s.channel,
        topic: unique('topic'),
        content: 'Hi',
      });
      ctx.messageId = Number(answer.id);
      return answer;
    },
    expect: success,
  },
  // After a send, so the channel has a topic on both sides (a freshly reset real server's channel may have none,
  // and an empty list says nothing about a topic's shape).
  { name: 'topics', run: (s, ctx) => s.member.streams.topics.retrieve({ stream_id: ctx.streamId }), expect: success },
  {
    name: 'send to an unknown channel',
    run: (s) => s.member.messages.send({ type: 'stream', to: 'no such channel anywhere', topic: 't', content: 'x' }),
    expect: refused('STREAM_DOES_NOT_EXIST'),
  },
  {
    name: 'messages of a channel',
    run: (s) =>
      s.member.messages.retrieve({
        anchor: 'newest',
        num_before: 3,
        num_after: 0,
        narrow: [{ operator: 'channel', operand: s.channel }],
      }),
    expect: success,
    ignore: [...messageData('$.messages[]'), '$.messages[].topic_links'],
  },
  {
    name: 'one message',
    run: (s, ctx) => s.member.messages.getById({ message_id: ctx.messageId }),
    expect: success,
    ignore: messageData('$.message'),
  },
  {
    name: 'edit (the message ID goes along as a parameter)',
    run: (s, ctx) => s.member.messages.update({ message_id: ctx.messageId, content: 'Hi, edited' }),
    expect: success,
  },
  {
    name: 'edit history',
    run: (s, ctx) => s.member.messages.getHistoryById({ message_id: ctx.messageId }),
    expect: success,
  },
  { name: 'render', run: (s) => s.member.messages.render('Hello **world**'), expect: success },
];

const reacting: readonly Step[] = [
  {
    name: 'react',
    run: (s, ctx) => s.member.reactions.add({ message_id: ctx.messageId, emoji_name: 'smile' }),
    expect: success,
  },
  {
    name: 'react twice',
    run: (s, ctx) => s.member.reactions.add({ message_id: ctx.messageId, emoji_name: 'smile' }),
    expect: refused('REACTION_ALREADY_EXISTS'),
  },
  {
    name: 'take the reaction back',
    run: (s, ctx) => s.member.reactions.remove({ message_id: ctx.messageId, emoji_name: 'smile' }),
    expect: success,
  },
  {
    name: 'star',
    run: (s, ctx) => s.member.messages.flags.add({ messages: [ctx.messageId], flag: 'starred' }),
    expect: success,
  },
  {
    name: 'unstar',
    run: (s, ctx) => s.member.messages.flags.remove({ messages: [ctx.messageId], flag: 'starred' }),
    expect: success,
  },
  {
    name: 'start typing',
    run: (s) => s.member.typing.send({ to: [s.adminId], op: 'start' }),
    expect: success,
  },
];

const events: readonly Step[] = [
  {
    name: 'register an event queue',
    run: async (s, ctx) => {
      const answer = await s.admin.queues.register({ event_types: ['message'] });
      ctx.queueId = String(answer.queue_id);
      return answer;
    },
    expect: success,
  },
  {
    name: 'a message for the queue',
    run: (s) => s.member.messages.send({ type: 'stream', to: s.channel, topic: unique('event'), content: 'Event' }),
    expect: success,
  },
  {
    name: 'read the queue',
    run: async (s, ctx) => {
      await s.settle();
      return s.admin.events.retrieve({ queue_id: ctx.queueId, last_event_id: -1, dont_block: true });
    },
    expect: success,
    ignore: ['$.events[].message.avatar_url', '$.events[].message.topic_links'],
  },
  { name: 'delete the queue', run: (s, ctx) => s.admin.queues.deregister({ queue_id: ctx.queueId }), expect: success },
];

const administering: readonly Step[] = [
  {
    name: 'create a channel by subscribing',
    run: (s, ctx) => {
      ctx.newChannel = unique('channel').slice(0, 50);
      return s.admin.users.me.subscriptions.add({ subscriptions: [{ name: ctx.newChannel }] });
    },
    expect: success,
    ignore: ['$.subscribed', '$.already_subscribed'],
  },
  {
    name: 'the new channel ID',
    run: async (s, ctx) => {
      const answer = await s.admin.streams.getStreamId(ctx.newChannel);
      ctx.newChannelId = Number(answer.stream_id);
      return answer;
    },
    expect: success,
  },
  {
    name: 'unsubscribe',
    run: (s, ctx) => s.admin.users.me.subscriptions.remove({ subscriptions: JSON.stringify([ctx.newChannel]) }),
    expect: success,
  },
  {
    name: 'archive the channel',
    run: (s, ctx) => s.admin.streams.deleteById({ stream_id: ctx.newChannelId }),
    expect: success,
  },
  {
    name: 'create an account as a member',
    run: (s) => s.member.users.create({ email: 'new-person@example.com', password: 'x'.repeat(12), full_name: 'New' }),
    expect: refused('UNAUTHORIZED_PRINCIPAL'),
  },
  {
    name: 'delete the message',
    run: (s, ctx) => s.admin.messages.deleteById({ message_id: ctx.messageId }),
    expect: success,
  },
  {
    name: 'delete it again',
    run: (s, ctx) => s.admin.messages.deleteById({ message_id: ctx.messageId }),
    expect: refused(),
  },
];

export const STEPS: readonly Step[] = [...reading, ...messaging, ...reacting, ...events, ...administering];
