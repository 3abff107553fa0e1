import { freshMessage, freshTopic, ok, unique } from './recipe-kit';
import type { ContractApi, Recipe } from './recipes';

/**
 * What the official clients (the Python bindings, `zulip-js`, the terminal client) call that the console does
 * not: channel ID lookup, message flags, reactions, alert words, bots, typing notifications, and their start-up
 * requests. Their operations are not in the console's catalog (`OFFICIAL_CLIENT_OPS`); the simulator must answer
 * them as the real server does all the same, since the demo is where a developer first points a bot.
 */

/** Operation names of the recipes below that the console's catalog does not have. */
export const OFFICIAL_CLIENT_OPS: ReadonlySet<string> = new Set([
  'getStreamId',
  'updateMessageFlags',
  'addReaction',
  'removeReaction',
  'addAlertWords',
  'removeAlertWords',
  'createBot',
  'getBots',
  'setTypingStatus',
  'getMessage',
  'deleteMessage',
  'getLinkifiersOldPath',
]);

/** A key of the right length that belongs to nobody. */
const NOBODYS_KEY = '0123456789abcdefghijABCDEFGHIJ01';

/** The spare account's name before a recipe renames it. */
let spareName = '';
/** The message a recipe's path made, for its parameters to name again. */
let editedId = 0;

async function reactedMessage(api: ContractApi, emojiName: string): Promise<number> {
  const id = await freshMessage(api);
  await ok(api, 'member', 'POST', `/messages/${id}/reactions`, { emoji_name: emojiName });
  return id;
}

async function deactivateSpare(api: ContractApi): Promise<void> {
  await ok(api, 'admin', 'DELETE', `/users/${api.user('spare').user_id}`);
}

async function reactivateSpare(api: ContractApi): Promise<void> {
  await ok(api, 'admin', 'POST', `/users/${api.user('spare').user_id}/reactivate`);
}

const channelLookup: readonly Recipe[] = [
  {
    name: 'getStreamId',
    op: 'getStreamId',
    as: 'member',
    method: 'GET',
    path: () => '/get_stream_id',
    // Names are matched without regard to case.
    params: (a) => ({ stream: a.channel('public').name.toUpperCase() }),
  },
  {
    name: 'getStreamId unknown channel',
    op: 'getStreamId',
    as: 'member',
    method: 'GET',
    path: () => '/get_stream_id',
    params: () => ({ stream: 'no such channel anywhere' }),
  },
  { name: 'getStreamId without a name', op: 'getStreamId', as: 'member', method: 'GET', path: () => '/get_stream_id' },
];

const flags: readonly Recipe[] = [
  {
    name: 'updateMessageFlags star',
    op: 'updateMessageFlags',
    as: 'admin',
    method: 'POST',
    path: () => '/messages/flags',
    params: async (a) => ({ messages: [await freshMessage(a)], op: 'add', flag: 'starred' }),
  },
  {
    name: 'updateMessageFlags mark unread',
    op: 'updateMessageFlags',
    as: 'admin',
    method: 'POST',
    path: () => '/messages/flags',
    params: async (a) => ({ messages: [await freshMessage(a)], op: 'remove', flag: 'read' }),
  },
  {
    name: 'updateMessageFlags unknown flag',
    op: 'updateMessageFlags',
    as: 'admin',
    method: 'POST',
    path: () => '/messages/flags',
    params: () => ({ messages: [], op: 'add', flag: 'shiny' }),
  },
  {
    name: 'updateMessageFlags a flag that is not editable',
    op: 'updateMessageFlags',
    as: 'admin',
    method: 'POST',
    path: () => '/messages/flags',
    params: () => ({ messages: [], op: 'add', flag: 'mentioned' }),
  },
  {
    name: 'updateMessageFlags unknown operation',
    op: 'updateMessageFlags',
    as: 'admin',
    method: 'POST',
    path: () => '/messages/flags',
    params: () => ({ messages: [], op: 'toggle', flag: 'read' }),
  },
  {
    name: 'updateMessageFlags unknown message',
    op: 'updateMessageFlags',
    as: 'admin',
    method: 'POST',
    path: () => '/messages/flags',
    params: () => ({ messages: [987654321], op: 'add', flag: 'starred' }),
  },
];

const reactions: readonly Recipe[] = [
  {
    name: 'addReaction',
    op: 'addReaction',
    as: 'member',
    method: 'POST',
    path: async (a) => `/messages/${await freshMessage(a)}/reactions`,
    params: () => ({ emoji_name: 'smile' }),
  },
  {
    name: 'addReaction twice',
    op: 'addReaction',
    as: 'member',
    method: 'POST',
    path: async (a) => `/messages/${await reactedMessage(a, 'smile')}/reactions`,
    params: () => ({ emoji_name: 'smile' }),
  },
  {
    name: 'addReaction unknown emoji',
    op: 'addReaction',
    as: 'member',
    method: 'POST',
    path: async (a) => `/messages/${await freshMessage(a)}/reactions`,
    params: () => ({ emoji_name: 'definitely_not_an_emoji' }),
  },
  {
    name: 'addReaction a code that is another emoji',
    op: 'addReaction',
    as: 'member',
    method: 'POST',
    path: async (a) => `/messages/${await freshMessage(a)}/reactions`,
    params: () => ({ emoji_name: 'smile', emoji_code: '1f600' }),
  },
  {
    name: 'addReaction unknown type',
    op: 'addReaction',
    as: 'member',
    method: 'POST',
    path: async (a) => `/messages/${await freshMessage(a)}/reactions`,
    params: () => ({ emoji_name: 'smile', emoji_code: '1f642', reaction_type: 'sticker' }),
  },
  {
    name: 'addReaction the extra emoji',
    op: 'addReaction',
    as: 'member',
    method: 'POST',
    path: async (a) => `/messages/${await freshMessage(a)}/reactions`,
    params: () => ({ emoji_name: 'zulip' }),
  },
  {
    name: 'addReaction unknown message',
    op: 'addReaction',
    as: 'member',
    method: 'POST',
    path: () => '/messages/987654321/reactions',
    params: () => ({ emoji_name: 'smile' }),
  },
  {
    name: 'addReaction without a name',
    op: 'addReaction',
    as: 'member',
    method: 'POST',
    path: async (a) => `/messages/${await freshMessage(a)}/reactions`,
  },
  {
    name: 'removeReaction',
    op: 'removeReaction',
    as: 'member',
    method: 'DELETE',
    path: async (a) => `/messages/${await reactedMessage(a, 'smile')}/reactions`,
    params: () => ({ emoji_name: 'smile' }),
  },
  {
    name: 'removeReaction not reacted',
    op: 'removeReaction',
    as: 'member',
    method: 'DELETE',
    path: async (a) => `/messages/${await freshMessage(a)}/reactions`,
    params: () => ({ emoji_name: 'smile' }),
  },
  {
    name: 'removeReaction by code',
    op: 'removeReaction',
    as: 'member',
    method: 'DELETE',
    path: async (a) => `/messages/${await reactedMessage(a, 'smile')}/reactions`,
    params: () => ({ emoji_code: '1f642' }),
  },
  {
    name: 'removeReaction without name or code',
    op: 'removeReaction',
    as: 'member',
    method: 'DELETE',
    path: async (a) => `/messages/${await freshMessage(a)}/reactions`,
  },
  {
    name: 'getMessages with reactions',
    op: 'getMessages',
    as: 'member',
    method: 'GET',
    path: () => '/messages',
    params: async (a) => ({ message_ids: [await reactedMessage(a, 'smile')] }),
    // Whether the member follows the channel decides the flags: the organization's data.
    ignore: ['$.messages[].flags', '$.messages[].avatar_url'],
  },
];

const alertWords: readonly Recipe[] = [
  { name: 'getAlertWords', op: 'getAlertWords', as: 'member', method: 'GET', path: () => '/users/me/alert_words' },
  {
    name: 'addAlertWords',
    op: 'addAlertWords',
    as: 'member',
    method: 'POST',
    path: () => '/users/me/alert_words',
    // Trimmed, empty ones dropped, one spelling kept per word whatever the case.
    params: () => ({ alert_words: ['  Contract ', '', 'contract', 'deadline'] }),
  },
  {
    name: 'addAlertWords too long',
    op: 'addAlertWords',
    as: 'member',
    method: 'POST',
    path: () => '/users/me/alert_words',
    params: () => ({ alert_words: ['x'.repeat(101)] }),
  },
  {
    name: 'addAlertWords not a list',
    op: 'addAlertWords',
    as: 'member',
    method: 'POST',
    path: () => '/users/me/alert_words',
    params: () => ({ alert_words: 'deadline' }),
  },
  {
    name: 'removeAlertWords',
    op: 'removeAlertWords',
    as: 'member',
    method: 'DELETE',
    path: () => '/users/me/alert_words',
    params: () => ({ alert_words: ['CONTRACT', 'DEADLINE', 'never added'] }),
  },
];

const bots: readonly Recipe[] = [
  {
    name: 'createBot',
    op: 'createBot',
    as: 'member',
    method: 'POST',
    path: () => '/bots',
    params: () => {
      const name = unique('bot');
      return { full_name: name, short_name: name.replaceAll(' ', '-').slice(-20) };
    },
  },
  {
    name: 'createBot an outgoing webhook with a default channel',
    op: 'createBot',
    as: 'member',
    method: 'POST',
    path: () => '/bots',
    params: (a) => {
      const name = unique('hook');
      return {
        full_name: name,
        short_name: name.replaceAll(' ', '-').slice(-20),
        bot_type: 3,
        // A JSON string, as the server reads it.
        payload_url: JSON.stringify('https://bots.example/hook'),
        default_sending_stream: a.channel('public').name,
      };
    },
  },
  {
    name: 'createBot with a name in use',
    op: 'createBot',
    as: 'member',
    method: 'POST',
    path: () => '/bots',
    params: async (a) => {
      const { user } = (await ok(a, 'member', 'GET', `/users/${a.user('moderator').user_id}`)) as {
        user: { full_name: string };
      };
      return { full_name: user.full_name, short_name: unique('x').slice(-12) };
    },
  },
  {
    name: 'createBot unknown type',
    op: 'createBot',
    as: 'member',
    method: 'POST',
    path: () => '/bots',
    params: () => ({ full_name: unique('bot'), short_name: unique('t').slice(-12), bot_type: 9 }),
  },
  {
    name: 'createBot without a name',
    op: 'createBot',
    as: 'member',
    method: 'POST',
    path: () => '/bots',
    params: () => ({ full_name: ' ', short_name: unique('n').slice(-12) }),
  },
  {
    name: 'createBot a bad username',
    op: 'createBot',
    as: 'member',
    method: 'POST',
    path: () => '/bots',
    params: () => ({ full_name: unique('bot'), short_name: 'two words' }),
  },
  {
    name: 'createBot unknown default channel',
    op: 'createBot',
    as: 'member',
    method: 'POST',
    path: () => '/bots',
    params: () => ({
      full_name: unique('bot'),
      short_name: unique('c').slice(-12),
      default_sending_stream: 'no such channel anywhere',
    }),
  },
  {
    name: 'createBot as guest',
    op: 'createBot',
    as: 'guest',
    method: 'POST',
    path: () => '/bots',
    params: () => ({ full_name: unique('bot'), short_name: unique('g').slice(-12) }),
  },
  {
    name: 'getBots',
    op: 'getBots',
    as: 'moderator',
    method: 'GET',
    path: async (a) => {
      const name = unique('own bot');
      await ok(a, 'moderator', 'POST', '/bots', { full_name: name, short_name: name.replaceAll(' ', '-').slice(-20) });
      return '/bots';
    },
  },
];

const typing: readonly Recipe[] = [
  {
    name: 'setTypingStatus to a person',
    op: 'setTypingStatus',
    as: 'moderator',
    method: 'POST',
    path: () => '/typing',
    params: (a) => ({ op: 'start', to: [a.user('member').user_id] }),
  },
  {
    name: 'setTypingStatus in a channel',
    op: 'setTypingStatus',
    as: 'moderator',
    method: 'POST',
    path: () => '/typing',
    params: (a) => ({ type: 'channel', op: 'stop', stream_id: a.channel('public').stream_id, topic: 'contract' }),
  },
  {
    name: 'setTypingStatus without an operation',
    op: 'setTypingStatus',
    as: 'moderator',
    method: 'POST',
    path: () => '/typing',
    params: (a) => ({ to: [a.user('member').user_id] }),
  },
  {
    name: 'setTypingStatus unknown operation',
    op: 'setTypingStatus',
    as: 'moderator',
    method: 'POST',
    path: () => '/typing',
    params: (a) => ({ op: 'pause', to: [a.user('member').user_id] }),
  },
  {
    name: 'setTypingStatus to nobody',
    op: 'setTypingStatus',
    as: 'moderator',
    method: 'POST',
    path: () => '/typing',
    params: () => ({ op: 'start', to: [] }),
  },
  {
    name: 'setTypingStatus without recipients',
    op: 'setTypingStatus',
    as: 'moderator',
    method: 'POST',
    path: () => '/typing',
    params: () => ({ op: 'start' }),
  },
  {
    name: 'setTypingStatus to an unknown person',
    op: 'setTypingStatus',
    as: 'moderator',
    method: 'POST',
    path: () => '/typing',
    params: () => ({ op: 'start', to: [987654] }),
  },
  {
    name: 'setTypingStatus in a channel without a topic',
    op: 'setTypingStatus',
    as: 'moderator',
    method: 'POST',
    path: () => '/typing',
    params: (a) => ({ type: 'stream', op: 'start', stream_id: a.channel('public').stream_id }),
  },
  {
    name: 'setTypingStatus in a channel without its ID',
    op: 'setTypingStatus',
    as: 'moderator',
    method: 'POST',
    path: () => '/typing',
    params: () => ({ type: 'stream', op: 'start', topic: 'contract' }),
  },
  {
    name: 'setTypingStatus in an unknown channel',
    op: 'setTypingStatus',
    as: 'moderator',
    method: 'POST',
    path: () => '/typing',
    params: () => ({ type: 'stream', op: 'start', stream_id: 987654, topic: 'contract' }),
  },
  {
    name: 'setTypingStatus unknown type',
    op: 'setTypingStatus',
    as: 'moderator',
    method: 'POST',
    path: () => '/typing',
    params: (a) => ({ type: 'huddle', op: 'start', to: [a.user('member').user_id] }),
  },
  {
    name: 'setTypingStatus recipients as text',
    op: 'setTypingStatus',
    as: 'moderator',
    method: 'POST',
    path: () => '/typing',
    params: (a) => ({ op: 'start', to: JSON.stringify(a.user('member').email) }),
  },
];

const credentials: readonly Recipe[] = [
  {
    name: 'getOwnUser with a wrong API key',
    op: 'getOwnUser',
    as: { role: 'member', apiKey: NOBODYS_KEY },
    method: 'GET',
    path: () => '/users/me',
  },
  {
    name: 'getOwnUser with a malformed API key',
    op: 'getOwnUser',
    as: { role: 'member', apiKey: 'not-a-key' },
    method: 'GET',
    path: () => '/users/me',
  },
  {
    name: 'fetchApiKey',
    op: 'fetchApiKey',
    as: null,
    method: 'POST',
    path: () => '/fetch_api_key',
    params: (a) => ({ username: a.user('member').email, password: a.password('member') }),
  },
  {
    name: 'fetchApiKey a wrong password',
    op: 'fetchApiKey',
    as: null,
    method: 'POST',
    path: () => '/fetch_api_key',
    params: (a) => ({ username: a.user('member').email, password: 'not the password' }),
  },
  {
    name: 'fetchApiKey a deactivated account',
    op: 'fetchApiKey',
    as: null,
    method: 'POST',
    path: async (a) => (await deactivateSpare(a), '/fetch_api_key'),
    params: (a) => ({ username: a.user('spare').email, password: a.password('spare') }),
    after: reactivateSpare,
  },
  {
    name: 'getOwnUser with a deactivated account',
    op: 'getOwnUser',
    as: 'spare',
    method: 'GET',
    path: async (a) => (await deactivateSpare(a), '/users/me'),
    after: reactivateSpare,
  },
];

/** What the terminal client (`zulip-term`) asks for at start-up, as it sends it. */
const TERMINAL_EVENT_TYPES = [
  'message',
  'update_message',
  'reaction',
  'subscription',
  'typing',
  'update_message_flags',
  'update_global_notifications',
  'update_display_settings',
  'user_settings',
  'realm_emoji',
];
const TERMINAL_FETCH_TYPES = [
  'realm',
  'presence',
  'subscription',
  'message',
  'starred_messages',
  'update_message_flags',
  'muted_topics',
  'realm_user',
  'realm_user_groups',
  'update_global_notifications',
  'update_display_settings',
  'user_settings',
  'realm_emoji',
  'zulip_version',
];

/**
 * The organizations' data in a register answer: group-valued settings (a system group or an ad-hoc set, whichever
 * the organization chose), figures a fresh server has not computed, the account's own settings' values.
 */
const REGISTER_DATA = [
  ...['subscriptions', 'never_subscribed', 'streams'].flatMap((list) =>
    [
      'first_message_id',
      'message_retention_days',
      'stream_weekly_traffic',
      'can_add_subscribers_group',
      'can_administer_channel_group',
      'can_remove_subscribers_group',
      'can_send_message_group',
      'email_notifications',
    ].map((field) => `$.${list}[].${field}`),
  ),
  ...['can_add_members_group', 'can_join_group', 'can_leave_group', 'can_manage_group', 'can_mention_group'].map(
    (field) => `$.realm_user_groups[].${field}`,
  ),
  // The demo organization has people who hide their address even from admins; the dev organization has none.
  '$.realm_users[].delivery_email',
  '$.realm_non_active_users[].delivery_email',
  '$.user_settings',
  '$.realm_authentication_methods',
  '$.realm_default_external_accounts',
  '$.server_emoji_data_url',
];

const startUp: readonly Recipe[] = [
  {
    name: 'registerQueue as the terminal client starts',
    op: 'registerQueue',
    as: 'admin',
    method: 'POST',
    path: () => '/register',
    params: () => ({
      event_types: TERMINAL_EVENT_TYPES,
      fetch_event_types: TERMINAL_FETCH_TYPES,
      client_gravatar: true,
      apply_markdown: true,
      include_subscribers: true,
    }),
    ignore: REGISTER_DATA,
  },
  {
    name: 'getMessages as the terminal client starts',
    op: 'getMessages',
    as: 'admin',
    method: 'GET',
    path: () => '/messages',
    // It sends an anchor of 0 along with use_first_unread_anchor; the real server ignores the anchor.
    params: () => ({
      anchor: 0,
      num_before: 30,
      num_after: 10,
      apply_markdown: true,
      use_first_unread_anchor: true,
      client_gravatar: true,
      narrow: '[]',
    }),
    ignore: ['$.messages', '$.anchor', '$.found_anchor'],
  },
  {
    name: 'registerQueue with the state official clients read',
    op: 'registerQueue',
    as: 'member',
    method: 'POST',
    path: () => '/register',
    params: () => ({
      event_types: ['message'],
      fetch_event_types: [
        'alert_words',
        'drafts',
        'saved_snippets',
        'realm_emoji',
        'realm_user',
        'starred_messages',
        'muted_users',
        'user_topic',
        'recent_private_conversations',
        'realm_bot',
        'realm_domains',
        'default_stream_groups',
        'onboarding_steps',
        'scheduled_messages',
        'video_calls',
        'giphy',
      ],
      client_capabilities: { notification_settings_null: true, user_settings_object: true },
    }),
    // The dev member's drafts and snippets lists were empty when recorded (their records are held by getDrafts
    // and getSavedSnippets).
    ignore: [...REGISTER_DATA, '$.drafts[]', '$.saved_snippets[]'],
  },
];

/** Everything a register without `fetch_event_types` builds (what `client.register()` of the bindings asks). */
const everything: Recipe = {
  name: 'registerQueue with every type of state',
  op: 'registerQueue',
  as: 'member',
  method: 'POST',
  path: () => '/register',
  // Which integrations and embedded bots a server offers, and their settings, are the installation's data.
  ignore: [
    ...REGISTER_DATA,
    '$.drafts[]',
    '$.saved_snippets[]',
    '$.realm_user_settings_defaults',
    '$.realm_incoming_webhook_bots',
    '$.realm_embedded_bots[].config',
    '$.realm_linkifiers[]',
    // Nobody in the dev organization had set a status when recorded.
    '$.user_status.*',
  ],
};

const messageAnswers: readonly Recipe[] = [
  {
    name: 'getMessage',
    op: 'getMessage',
    as: 'member',
    method: 'GET',
    path: async (a) => `/messages/${await reactedMessage(a, 'smile')}`,
    ignore: ['$.message.avatar_url'],
  },
  {
    name: 'getMessage as Markdown',
    op: 'getMessage',
    as: 'member',
    method: 'GET',
    path: async (a) => `/messages/${await freshMessage(a)}`,
    params: () => ({ apply_markdown: false }),
    ignore: ['$.message.avatar_url'],
  },
  { name: 'getMessage unknown', op: 'getMessage', as: 'member', method: 'GET', path: () => '/messages/987654321' },
  {
    name: 'deleteMessage',
    op: 'deleteMessage',
    as: 'admin',
    method: 'DELETE',
    path: async (a) => `/messages/${await freshMessage(a)}`,
  },
  {
    name: "deleteMessage someone else's as member",
    op: 'deleteMessage',
    as: 'member',
    method: 'DELETE',
    path: async (a) => `/messages/${await freshMessage(a)}`,
  },
  {
    name: 'deleteMessage unknown',
    op: 'deleteMessage',
    as: 'admin',
    method: 'DELETE',
    path: () => '/messages/987654321',
  },
  // zulip-js still reads linkifiers at their old address, which now only takes new ones.
  {
    name: 'getLinkifiersOldPath method not allowed',
    op: 'getLinkifiersOldPath',
    as: 'member',
    method: 'GET',
    path: () => '/realm/filters',
  },
  {
    name: 'updateMessage with the message ID in the body',
    op: 'updateMessage',
    as: 'moderator',
    method: 'PATCH',
    // The Python bindings send the whole request, message_id included, as the body.
    path: async (a) => `/messages/${(editedId = await freshMessage(a))}`,
    params: () => ({ message_id: editedId, content: 'Edited through the bindings' }),
  },
  {
    name: 'getMessageHistory of an edited message',
    op: 'getMessageHistory',
    as: 'moderator',
    method: 'GET',
    path: async (a) => {
      const id = await freshMessage(a);
      await ok(a, 'moderator', 'PATCH', `/messages/${id}`, { content: 'One, edited' });
      return `/messages/${id}/history`;
    },
  },
  {
    name: 'sendMessage to a topic already started',
    op: 'sendMessage',
    as: 'member',
    method: 'POST',
    path: () => '/messages',
    params: async (a) => {
      const { topic } = await freshTopic(a);
      return { type: 'stream', to: a.channel('public').name, topic, content: 'Joining in' };
    },
  },
];

/** Renames the spare account (a `realm_user` update) and later puts its name back. */
export async function renameSpare(api: ContractApi): Promise<void> {
  const { user } = (await ok(api, 'admin', 'GET', `/users/${api.user('spare').user_id}`)) as {
    user: { full_name: string };
  };
  spareName = user.full_name;
  await ok(api, 'admin', 'PATCH', `/users/${api.user('spare').user_id}`, { full_name: unique('renamed') });
}

export async function restoreSpareName(api: ContractApi): Promise<void> {
  if (spareName) await ok(api, 'admin', 'PATCH', `/users/${api.user('spare').user_id}`, { full_name: spareName });
}

export const officialClientRecipes: readonly Recipe[] = [
  ...channelLookup,
  ...flags,
  ...reactions,
  ...alertWords,
  ...bots,
  ...typing,
  ...credentials,
  ...startUp,
  everything,
  ...messageAnswers,
];
