/**
 * Requests the real-server contract is made of: one or more per catalog operation, each written against roles
 * and kinds of channel rather than ids, so the same recipe runs on the real Zulip server (recorded by
 * `scripts/record-real.ts`) and on the simulator (replayed by the contract test). Recipes that change things
 * make their own throwaway records first.
 */

import { peopleAdminRecipes } from './people-admin-recipes';
import { organizationDataRecipes } from './organization-data-recipes';
import { officialClientRecipes } from './official-client-recipes';
import { eventRecipes } from './event-recipes';
import { freshChannel, freshGroup, freshMessage, freshTopic, ok, unique } from './recipe-kit';

/** `spare`: a member account recipes may deactivate (each reactivates it in `after`). */
export type ContractRole = 'owner' | 'admin' | 'moderator' | 'member' | 'guest' | 'spare';
/** Who signs a request: a role, nobody, or a role's address with a key that is not the role's own. */
export type ContractCaller = ContractRole | null | { role: ContractRole; apiKey: string };
/** `public`: a public channel every role but the guest reads and the admin follows. */
export type ContractChannel = 'public';

export interface ContractApi {
  /** Calls the server as a role; resolves with the status and the JSON body, whatever the status. */
  call(
    as: ContractCaller,
    method: string,
    path: string,
    params?: Record<string, unknown>,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  user(role: ContractRole): { user_id: number; email: string };
  channel(kind: ContractChannel): { stream_id: number; name: string };
  /** The role's password (for the password sign-in; never recorded). */
  password(role: ContractRole): string;
  /**
   * Waits until the events of what was just done have reached the event queues: a real server hands them to
   * its event process after answering; the simulator queues them before answering.
   */
  settle(): Promise<void>;
}

export interface Recipe {
  /** The fixture's name: the operation, and what this request is about. */
  name: string;
  op: string;
  as: ContractCaller;
  method: string;
  /** The path with its ids filled in. */
  path: (api: ContractApi) => Promise<string> | string;
  params?: (api: ContractApi) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /**
   * Paths whose shape is data, not contract (what the demo organization happens to hold), with the reason: not
   * compared.
   */
  ignore?: readonly string[];
  /** Puts back what the recipe changed that later recipes rely on (a deactivated account). */
  after?: (api: ContractApi) => Promise<void>;
}

/** Group-valued permissions: a group ID or an anonymous group, whichever the organization chose. */
const GROUP_SETTING_FIELDS = [
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_remove_subscribers_group',
  'can_send_message_group',
  'can_subscribe_group',
  'can_resolve_topics_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
];

/** A queue of the admin's for deletions, then a topic deleted: the queue holds its `delete_message` events. */
async function deletionQueue(api: ContractApi, capabilities: Record<string, boolean>) {
  const registered = await ok(api, 'admin', 'POST', '/register', {
    event_types: ['delete_message'],
    client_capabilities: capabilities,
  });
  const { streamId, topic } = await freshTopic(api);
  await ok(api, 'admin', 'POST', `/streams/${streamId}/delete_topic`, { topic_name: topic });
  return { queue_id: registered.queue_id as string, last_event_id: -1 };
}

async function freshDraft(api: ContractApi): Promise<number> {
  const created = await ok(api, 'member', 'POST', '/drafts', {
    drafts: [{ type: 'stream', to: [api.channel('public').stream_id], topic: 'contract', content: 'draft' }],
  });
  return (created.ids as number[])[0]!;
}

async function systemGroupId(api: ContractApi, name: string): Promise<number> {
  const { user_groups: groups } = (await ok(api, 'admin', 'GET', '/user_groups')) as {
    user_groups: { id: number; name: string }[];
  };
  return groups.find((g) => g.name === name)!.id;
}

async function freshSnippet(api: ContractApi): Promise<number> {
  const created = await ok(api, 'member', 'POST', '/saved_snippets', { title: unique('snippet'), content: 'x' });
  return created.saved_snippet_id as number;
}

async function freshLinkifier(api: ContractApi): Promise<number> {
  const n = Math.floor(Math.random() * 1e9);
  const created = await ok(api, 'admin', 'POST', '/realm/filters', {
    pattern: `CT${n}-(?P<id>[0-9]+)`,
    url_template: 'https://contract.example/{id}',
  });
  return created.id as number;
}

/** What happened to particular messages (moved, reacted to, read) and whether addresses are shown: data. */
const MESSAGE_DATA = [
  '$.messages[].reactions',
  '$.messages[].submessages',
  '$.messages[].edit_history',
  '$.messages[].last_moved_timestamp',
  '$.messages[].last_edit_timestamp',
  '$.messages[].flags',
  '$.messages[].avatar_url',
];

/**
 * A channel record's organization data, not contract: which permission values are system groups or ad-hoc
 * sets, retention, and traffic figures (a fresh server has computed none yet).
 */
const channelData = (at: string) =>
  ['can_add_subscribers_group', 'can_administer_channel_group', 'message_retention_days', 'stream_weekly_traffic'].map(
    (field) => `${at}.${field}`,
  );

const me = (role: ContractRole) => (api: ContractApi) => api.user(role).user_id;

export const recipes: readonly Recipe[] = [
  // Server and people.
  { name: 'getServerSettings', op: 'getServerSettings', as: null, method: 'GET', path: () => '/server_settings' },
  {
    name: 'getOwnUser',
    op: 'getOwnUser',
    as: 'admin',
    method: 'GET',
    path: () => '/users/me',
    // Which of the admin's profile fields hold Markdown-capable text is the organization's data.
    ignore: ['$.profile_data'],
  },
  {
    name: 'getUsers',
    op: 'getUsers',
    as: 'admin',
    method: 'GET',
    path: () => '/users',
    params: () => ({ client_gravatar: true }),
    // The demo organization has people who hide their address even from admins, and shows addresses (so
    // avatars are left to the client); the dev organization does neither.
    ignore: ['$.members[].delivery_email', '$.members[].avatar_url'],
  },
  {
    name: 'getUsers with profile fields',
    op: 'getUsers',
    as: 'member',
    method: 'GET',
    path: () => '/users',
    params: () => ({ include_custom_profile_fields: true }),
    ignore: ['$.members[].profile_data'],
  },
  {
    name: 'getUser',
    op: 'getUser',
    as: 'admin',
    method: 'GET',
    path: (a) => `/users/${me('member')(a)}`,
    ignore: ['$.user.avatar_url'],
  },
  { name: 'getUser unknown', op: 'getUser', as: 'admin', method: 'GET', path: () => '/users/987654' },
  {
    name: 'getUserByEmail',
    op: 'getUserByEmail',
    as: 'admin',
    method: 'GET',
    path: (a) => `/users/${encodeURIComponent(a.user('member').email)}`,
    ignore: ['$.user.avatar_url'],
  },
  {
    name: 'getUserStatus',
    op: 'getUserStatus',
    as: 'admin',
    method: 'GET',
    path: async (a) => {
      await ok(a, 'member', 'POST', '/users/me/status', { status_text: 'Reading the contract' });
      return `/users/${me('member')(a)}/status`;
    },
  },
  {
    name: 'getCustomProfileFields',
    op: 'getCustomProfileFields',
    as: 'admin',
    method: 'GET',
    path: () => '/realm/profile_fields',
  },
  {
    name: 'getRealmPresence',
    op: 'getRealmPresence',
    as: 'admin',
    method: 'GET',
    path: () => '/realm/presence',
    ignore: ['$.presences'],
  },
  {
    name: 'updateUser role',
    op: 'updateUser',
    as: 'owner',
    method: 'PATCH',
    path: (a) => `/users/${me('member')(a)}`,
    params: () => ({ role: 400 }),
  },
  {
    name: 'deactivateUser only owner',
    op: 'deactivateUser',
    as: 'owner',
    method: 'DELETE',
    path: (a) => `/users/${me('owner')(a)}`,
  },
  {
    name: 'deactivateUser as member',
    op: 'deactivateUser',
    as: 'member',
    method: 'DELETE',
    path: (a) => `/users/${me('moderator')(a)}`,
  },
  {
    name: 'updateOwnStatus',
    op: 'updateOwnStatus',
    as: 'member',
    method: 'POST',
    path: () => '/users/me/status',
    params: () => ({ status_text: 'In a contract test' }),
  },
  {
    name: 'updateOwnStatus unknown emoji',
    op: 'updateOwnStatus',
    as: 'member',
    method: 'POST',
    path: () => '/users/me/status',
    params: () => ({ status_text: 'x', emoji_name: 'definitely_not_an_emoji' }),
  },
  // Channels.
  {
    name: 'getStreams',
    op: 'getStreams',
    as: 'admin',
    method: 'GET',
    path: () => '/streams',
    params: () => ({ include_all: true }),
    ignore: channelData('$.streams[]'),
  },
  {
    name: 'getOwnSubscriptions',
    op: 'getOwnSubscriptions',
    as: 'admin',
    method: 'GET',
    path: () => '/users/me/subscriptions',
    params: () => ({ include_subscribers: true }),
    // As for channels, and the demo subscriptions' notification settings are set where the dev ones inherit.
    ignore: [
      ...channelData('$.subscriptions[]'),
      '$.subscriptions[].subscribers',
      '$.subscriptions[].email_notifications',
    ],
  },
  {
    name: 'getChannelSubscribers',
    op: 'getChannelSubscribers',
    as: 'admin',
    method: 'GET',
    path: (a) => `/streams/${a.channel('public').stream_id}/members`,
  },
  {
    name: 'getChannelTopics',
    op: 'getChannelTopics',
    as: 'admin',
    method: 'GET',
    path: (a) => `/users/me/${a.channel('public').stream_id}/topics`,
  },
  {
    name: 'getChannelTopics unknown channel',
    op: 'getChannelTopics',
    as: 'admin',
    method: 'GET',
    path: () => '/users/me/987654/topics',
  },
  {
    name: 'subscribe creates a channel',
    op: 'subscribe',
    as: 'admin',
    method: 'POST',
    path: () => '/users/me/subscriptions',
    params: (a) => ({
      subscriptions: [{ name: unique('channel').slice(0, 50), description: 'contract' }],
      principals: [a.user('member').user_id],
      invite_only: true,
    }),
    ignore: ['$.subscribed', '$.already_subscribed'],
  },
  {
    name: 'unsubscribe unknown channel',
    op: 'unsubscribe',
    as: 'admin',
    method: 'DELETE',
    path: () => '/users/me/subscriptions',
    params: () => ({ subscriptions: ['no such channel anywhere'] }),
  },
  {
    name: 'deleteTopic as member',
    op: 'deleteTopic',
    as: 'member',
    method: 'POST',
    path: (a) => `/streams/${a.channel('public').stream_id}/delete_topic`,
    params: () => ({ topic_name: 'anything' }),
  },
  // Messages.
  {
    name: 'getMessages in a channel',
    op: 'getMessages',
    as: 'admin',
    method: 'GET',
    path: () => '/messages',
    params: (a) => ({
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: a.channel('public').stream_id }],
      apply_markdown: false,
    }),
    ignore: MESSAGE_DATA,
  },
  {
    name: 'getMessages with a list-form narrow',
    op: 'getMessages',
    as: 'admin',
    method: 'GET',
    path: () => '/messages',
    params: (a) => ({ anchor: 'newest', num_before: 3, num_after: 0, narrow: [['stream', a.channel('public').name]] }),
    ignore: [...MESSAGE_DATA, '$.messages[].topic_links'],
  },
  {
    name: 'getMessages with use_first_unread_anchor',
    op: 'getMessages',
    as: 'admin',
    method: 'GET',
    path: () => '/messages',
    params: (a) => ({
      use_first_unread_anchor: true,
      num_before: 1,
      num_after: 1,
      narrow: [{ operator: 'channel', operand: a.channel('public').stream_id }],
    }),
    ignore: ['$.messages', '$.anchor'],
  },
  {
    name: 'sendMessage with the subject alias',
    op: 'sendMessage',
    as: 'moderator',
    method: 'POST',
    path: () => '/messages',
    params: (a) => ({ type: 'stream', to: a.channel('public').name, subject: unique('subject'), content: 'Hi' }),
  },
  {
    name: 'sendMessage a direct message',
    op: 'sendMessage',
    as: 'moderator',
    method: 'POST',
    path: () => '/messages',
    params: (a) => ({ type: 'private', to: [a.user('member').user_id], content: 'A direct hello' }),
  },
  {
    name: 'getMessages a direct-message conversation',
    op: 'getMessages',
    as: 'member',
    method: 'GET',
    path: () => '/messages',
    params: async (a) => {
      await ok(a, 'moderator', 'POST', '/messages', {
        type: 'private',
        to: [a.user('member').user_id],
        content: 'A direct hello for the contract',
      });
      return {
        anchor: 'newest',
        num_before: 3,
        num_after: 0,
        narrow: [{ operator: 'dm', operand: [a.user('moderator').user_id] }],
      };
    },
    // A URL or null by the organization's email visibility (the demo organization shows emails, so clients
    // compute avatars themselves): data, not contract.
    ignore: ['$.messages[].avatar_url'],
  },
  {
    name: 'registerQueue with the reference data common clients ask for',
    op: 'registerQueue',
    as: 'admin',
    method: 'POST',
    path: () => '/register',
    params: () => ({
      event_types: ['message'],
      fetch_event_types: [
        'subscription',
        'stream',
        'realm_user_groups',
        'realm_linkifiers',
        'custom_profile_fields',
        'default_streams',
      ],
    }),
    // What the organizations hold: empty channels (no first message), anonymous permission groups, retention
    // and traffic figures, linkifiers the dev organization lacks.
    ignore: [
      '$.never_subscribed[].first_message_id',
      '$.streams[].first_message_id',
      '$.subscriptions[].first_message_id',
      '$.realm_linkifiers[]',
      ...['streams', 'subscriptions', 'never_subscribed', 'realm_user_groups'].flatMap((list) =>
        GROUP_SETTING_FIELDS.map((field) => `$.${list}[].${field}`),
      ),
      ...['streams', 'subscriptions', 'never_subscribed'].flatMap((list) => [
        `$.${list}[].message_retention_days`,
        `$.${list}[].stream_weekly_traffic`,
      ]),
    ],
  },
  {
    name: 'registerQueue with a narrow',
    op: 'registerQueue',
    as: 'admin',
    method: 'POST',
    path: () => '/register',
    params: (a) => ({
      event_types: ['message'],
      fetch_event_types: ['message'],
      narrow: [['channel', a.channel('public').name]],
    }),
  },
  {
    name: 'getEvents a deleted topic, without bulk_message_deletion',
    op: 'getEvents',
    as: 'admin',
    method: 'GET',
    path: () => '/events',
    params: (a) => deletionQueue(a, { notification_settings_null: true }),
  },
  {
    name: 'getEvents a deleted topic, with bulk_message_deletion',
    op: 'getEvents',
    as: 'admin',
    method: 'GET',
    path: () => '/events',
    params: (a) => deletionQueue(a, { notification_settings_null: true, bulk_message_deletion: true }),
  },
  {
    name: 'registerQueue with the initial state the console asks for',
    op: 'registerQueue',
    as: 'admin',
    method: 'POST',
    path: () => '/register',
    params: () => ({
      event_types: ['realm_user', 'stream', 'subscription', 'update_message', 'delete_message', 'message'],
      fetch_event_types: ['realm', 'realm_user_settings_defaults', 'user_settings', 'message'],
      client_capabilities: { notification_settings_null: true, empty_topic_name: true },
    }),
    // The realm's settings and the account's own values are the organization's data; only which keys a
    // real server sends is compared.
    ignore: [
      '$.realm_user_settings_defaults',
      '$.user_settings',
      '$.realm_authentication_methods',
      '$.realm_default_external_accounts',
      '$.realm_incoming_webhook_bots',
      '$.realm_embedded_bots',
      '$.server_emoji_data_url',
    ],
  },
  {
    name: 'sendMessage',
    op: 'sendMessage',
    as: 'moderator',
    method: 'POST',
    path: () => '/messages',
    params: (a) => ({ type: 'stream', to: a.channel('public').name, topic: unique('send'), content: 'Hello' }),
  },
  {
    name: 'sendMessage to an unknown channel',
    op: 'sendMessage',
    as: 'moderator',
    method: 'POST',
    path: () => '/messages',
    params: () => ({ type: 'stream', to: 'no such channel anywhere', topic: 't', content: 'x' }),
  },
  {
    name: 'updateMessage resolve a topic',
    op: 'updateMessage',
    as: 'moderator',
    method: 'PATCH',
    path: async (a) => `/messages/${await freshMessage(a)}`,
    params: () => ({ topic: '✔ resolved by contract', propagate_mode: 'change_all' }),
  },
  {
    name: 'updateMessage content with an edit guard',
    op: 'updateMessage',
    as: 'moderator',
    method: 'PATCH',
    path: async (a) => `/messages/${await freshMessage(a)}`,
    params: () => ({ content: 'Edited', prev_content_sha256: '0'.repeat(64) }),
  },
  {
    name: 'updateMessage by a member on someone else’s message',
    op: 'updateMessage',
    as: 'member',
    method: 'PATCH',
    path: async (a) => `/messages/${await freshMessage(a)}`,
    params: () => ({ content: 'Not mine' }),
  },
  {
    name: 'getMessageHistory',
    op: 'getMessageHistory',
    as: 'moderator',
    method: 'GET',
    path: async (a) => `/messages/${await freshMessage(a)}/history`,
  },
  // User groups.
  {
    name: 'getUserGroups',
    op: 'getUserGroups',
    as: 'admin',
    method: 'GET',
    path: () => '/user_groups',
    // Which permission values are ad-hoc sets with subgroups is the organization's data.
    ignore: ['$.user_groups[].can_manage_group'],
  },
  { name: 'getUserGroups as guest', op: 'getUserGroups', as: 'guest', method: 'GET', path: () => '/user_groups' },
  {
    name: 'createUserGroup',
    op: 'createUserGroup',
    as: 'admin',
    method: 'POST',
    path: () => '/user_groups/create',
    params: (a) => ({ name: unique('group'), description: 'contract', members: [a.user('member').user_id] }),
  },
  {
    name: 'updateUserGroup with a stale old value',
    op: 'updateUserGroup',
    as: 'admin',
    method: 'PATCH',
    path: async (a) => `/user_groups/${await freshGroup(a)}`,
    params: () => ({ can_mention_group: { new: 9, old: { direct_members: [987654], direct_subgroups: [] } } }),
  },
  {
    name: 'getUserGroupMembers',
    op: 'getUserGroupMembers',
    as: 'admin',
    method: 'GET',
    path: async (a) => `/user_groups/${await freshGroup(a)}/members`,
  },
  {
    name: 'deactivateUserGroup',
    op: 'deactivateUserGroup',
    as: 'admin',
    method: 'POST',
    path: async (a) => `/user_groups/${await freshGroup(a)}/deactivate`,
  },
  // Channel settings, default channels.
  {
    name: 'getChannel',
    op: 'getChannel',
    as: 'member',
    method: 'GET',
    path: (a) => `/streams/${a.channel('public').stream_id}`,
    // Who created the demo's channel is the organization's data (populate_db's channels have none).
    ignore: [...channelData('$.stream'), '$.stream.creator_id'],
  },
  {
    name: 'updateChannel rename and describe',
    op: 'updateChannel',
    as: 'admin',
    method: 'PATCH',
    path: async (a) => `/streams/${await freshChannel(a)}`,
    params: () => ({ new_name: unique('renamed').slice(0, 50), description: 'Line one\nline **two**' }),
  },
  {
    name: 'updateChannel to a name in use',
    op: 'updateChannel',
    as: 'admin',
    method: 'PATCH',
    path: async (a) => `/streams/${await freshChannel(a)}`,
    params: (a) => ({ new_name: a.channel('public').name }),
  },
  {
    name: 'updateChannel public with protected history',
    op: 'updateChannel',
    as: 'admin',
    method: 'PATCH',
    path: async (a) => `/streams/${await freshChannel(a)}`,
    params: () => ({ is_private: false, history_public_to_subscribers: false }),
  },
  {
    name: 'updateChannel private',
    op: 'updateChannel',
    as: 'admin',
    method: 'PATCH',
    path: async (a) => `/streams/${await freshChannel(a)}`,
    params: () => ({ is_private: true }),
  },
  {
    name: 'updateChannel with a stale old value',
    op: 'updateChannel',
    as: 'admin',
    method: 'PATCH',
    path: async (a) => `/streams/${await freshChannel(a)}`,
    params: async (a) => ({
      can_send_message_group: {
        new: await systemGroupId(a, 'role:administrators'),
        old: await systemGroupId(a, 'role:moderators'),
      },
    }),
  },
  {
    name: 'updateChannel with parameters newer than the server',
    op: 'updateChannel',
    as: 'admin',
    method: 'PATCH',
    path: async (a) => `/streams/${await freshChannel(a)}`,
    params: () => ({ description: 'x', is_archived: false, folder_id: null }),
  },
  {
    name: 'updateChannel as member',
    op: 'updateChannel',
    as: 'member',
    method: 'PATCH',
    path: (a) => `/streams/${a.channel('public').stream_id}`,
    params: () => ({ description: 'x' }),
  },
  {
    name: 'archiveChannel',
    op: 'archiveChannel',
    as: 'admin',
    method: 'DELETE',
    path: async (a) => `/streams/${await freshChannel(a)}`,
  },
  {
    name: 'archiveChannel already archived',
    op: 'archiveChannel',
    as: 'admin',
    method: 'DELETE',
    path: async (a) => {
      const id = await freshChannel(a);
      await ok(a, 'admin', 'DELETE', `/streams/${id}`);
      return `/streams/${id}`;
    },
  },
  {
    name: 'addDefaultChannel private',
    op: 'addDefaultChannel',
    as: 'admin',
    method: 'POST',
    path: () => '/default_streams',
    params: async (a) => ({ stream_id: await freshChannel(a, true) }),
  },
  {
    name: 'addDefaultChannel as member',
    op: 'addDefaultChannel',
    as: 'member',
    method: 'POST',
    path: () => '/default_streams',
    params: (a) => ({ stream_id: a.channel('public').stream_id }),
  },
  {
    name: 'removeDefaultChannel',
    op: 'removeDefaultChannel',
    as: 'admin',
    method: 'DELETE',
    path: () => '/default_streams',
    params: async (a) => ({ stream_id: await freshChannel(a) }),
  },
  {
    name: 'removeDefaultChannel unknown channel',
    op: 'removeDefaultChannel',
    as: 'admin',
    method: 'DELETE',
    path: () => '/default_streams',
    params: () => ({ stream_id: 987654 }),
  },
  {
    name: 'renderMessage',
    op: 'renderMessage',
    as: 'guest',
    method: 'POST',
    path: () => '/messages/render',
    params: () => ({ content: 'Hello **world**' }),
  },
  // Linkifiers, drafts, snippets, defaults.
  { name: 'getLinkifiers', op: 'getLinkifiers', as: 'admin', method: 'GET', path: () => '/realm/linkifiers' },
  {
    name: 'addLinkifier invalid pattern',
    op: 'addLinkifier',
    as: 'admin',
    method: 'POST',
    path: () => '/realm/filters',
    params: () => ({ pattern: '#(?P<id>[0-9]+', url_template: 'https://x.example/{id}' }),
  },
  {
    name: 'removeLinkifier',
    op: 'removeLinkifier',
    as: 'admin',
    method: 'DELETE',
    path: async (a) => `/realm/filters/${await freshLinkifier(a)}`,
  },
  {
    name: 'getDrafts',
    op: 'getDrafts',
    as: 'member',
    method: 'GET',
    path: async (a) => (await freshDraft(a), '/drafts'),
  },
  {
    name: 'updateDraft unknown',
    op: 'updateDraft',
    as: 'member',
    method: 'PATCH',
    path: () => '/drafts/987654',
    params: (a) => ({ draft: { type: 'stream', to: [a.channel('public').stream_id], topic: 't', content: 'x' } }),
  },
  {
    name: 'getSavedSnippets',
    op: 'getSavedSnippets',
    as: 'member',
    method: 'GET',
    path: async (a) => (await freshSnippet(a), '/saved_snippets'),
  },
  {
    name: 'createSavedSnippet empty title',
    op: 'createSavedSnippet',
    as: 'member',
    method: 'POST',
    path: () => '/saved_snippets',
    params: () => ({ title: '', content: 'x' }),
  },
  {
    name: 'updateRealmUserSettingsDefaults as moderator',
    op: 'updateRealmUserSettingsDefaults',
    as: 'moderator',
    method: 'PATCH',
    path: () => '/realm/user_settings_defaults',
    params: () => ({ web_home_view: 'inbox' }),
  },
  {
    name: 'updateRealmUserSettingsDefaults with an unknown setting',
    op: 'updateRealmUserSettingsDefaults',
    as: 'admin',
    method: 'PATCH',
    path: () => '/realm/user_settings_defaults',
    params: () => ({ web_home_view: 'inbox', no_such_setting: true }),
  },
  ...peopleAdminRecipes,
  ...organizationDataRecipes,
  ...officialClientRecipes,
  ...eventRecipes,
];
