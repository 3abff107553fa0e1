import { renameSpare, restoreSpareName } from './official-client-recipes';
import { freshChannel, freshGroup, freshMessage, ok, unique } from './recipe-kit';
import type { ContractApi, ContractRole, Recipe } from './recipes';

/**
 * Events, recorded from the real server like any answer: a queue registered for one event type, something done
 * that the queue's owner hears of, then `GET /events` without blocking once the events have arrived. The
 * simulator's events must have the real ones' shape (which fields, in which events, with which types).
 */

interface QueueSpec {
  as?: ContractRole;
  eventTypes: string[];
  capabilities?: Record<string, boolean>;
  /** Made before the queue exists, so that its own events are not heard: the record `act` changes. */
  prepare?: (api: ContractApi) => Promise<number>;
}

type Act = (api: ContractApi, prepared: number) => Promise<unknown>;

/** Registers the queue, does `act`, waits for its events; the parameters of the `GET /events` that reads them. */
async function eventsOf(api: ContractApi, spec: QueueSpec, act: Act) {
  const prepared = spec.prepare ? await spec.prepare(api) : 0;
  await api.settle();
  const registered = await ok(api, spec.as ?? 'admin', 'POST', '/register', {
    event_types: spec.eventTypes,
    client_capabilities: { notification_settings_null: true, ...spec.capabilities },
  });
  await act(api, prepared);
  await api.settle();
  return { queue_id: registered.queue_id as string, last_event_id: -1, dont_block: true };
}

/** A `GET /events` recipe as the queue's owner. */
function eventRecipe(name: string, spec: QueueSpec, act: Act, ignore: readonly string[] = []): Recipe {
  return {
    name: `getEvents ${name}`,
    op: 'getEvents',
    as: spec.as ?? 'admin',
    method: 'GET',
    path: () => '/events',
    params: (a) => eventsOf(a, spec, act),
    ignore,
  };
}

/** A message's data, not contract: its sender's avatar, what was done to it, how its topic links. */
const MESSAGE_EVENT_DATA = [
  '$.events[].message.avatar_url',
  '$.events[].message.reactions',
  '$.events[].message.submessages',
  '$.events[].message.topic_links',
];

/** A channel record's organization data (as in `GET /streams`). */
const CHANNEL_EVENT_DATA = [
  'can_add_subscribers_group',
  'can_administer_channel_group',
  'can_remove_subscribers_group',
  'can_send_message_group',
  'message_retention_days',
  'stream_weekly_traffic',
  'first_message_id',
];

/** A fresh message the admin has read (to mark unread). */
async function readMessage(api: ContractApi): Promise<number> {
  const id = await freshMessage(api);
  await ok(api, 'admin', 'POST', '/messages/flags', { messages: [id], op: 'add', flag: 'read' });
  return id;
}

/** A fresh message the member reacted to with `smile`. */
async function reactedMessage(api: ContractApi): Promise<number> {
  const id = await freshMessage(api);
  await ok(api, 'member', 'POST', `/messages/${id}/reactions`, { emoji_name: 'smile' });
  return id;
}

const typeInChannel = (api: ContractApi) =>
  ok(api, 'moderator', 'POST', '/typing', {
    type: 'stream',
    op: 'start',
    stream_id: api.channel('public').stream_id,
    topic: 'contract typing',
  });

const channelPost = (api: ContractApi, topic: string, content: string) =>
  ok(api, 'moderator', 'POST', '/messages', { type: 'stream', to: api.channel('public').name, topic, content });

const messages: readonly Recipe[] = [
  eventRecipe(
    'a channel message',
    { eventTypes: ['message'] },
    (a) => channelPost(a, unique('event'), 'An event for the contract'),
    MESSAGE_EVENT_DATA,
  ),
  eventRecipe(
    'a direct message',
    { eventTypes: ['message'] },
    (a) => ok(a, 'moderator', 'POST', '/messages', { type: 'private', to: [a.user('admin').user_id], content: 'Hi' }),
    MESSAGE_EVENT_DATA,
  ),
  eventRecipe(
    'an edited message',
    { eventTypes: ['update_message'], prepare: freshMessage },
    (a, id) => ok(a, 'moderator', 'PATCH', `/messages/${id}`, { content: 'One, edited' }),
    ['$.events[].topic_links'],
  ),
  eventRecipe(
    'a renamed topic',
    { eventTypes: ['update_message'], prepare: freshMessage },
    (a, id) =>
      ok(a, 'moderator', 'PATCH', `/messages/${id}`, {
        topic: unique('renamed'),
        propagate_mode: 'change_all',
      }),
    ['$.events[].topic_links'],
  ),
  eventRecipe('a deleted message', { eventTypes: ['delete_message'], prepare: freshMessage }, (a, id) =>
    ok(a, 'admin', 'DELETE', `/messages/${id}`),
  ),
  eventRecipe(
    'a deleted message with bulk_message_deletion',
    { eventTypes: ['delete_message'], capabilities: { bulk_message_deletion: true }, prepare: freshMessage },
    (a, id) => ok(a, 'admin', 'DELETE', `/messages/${id}`),
  ),
  eventRecipe('a starred message', { eventTypes: ['update_message_flags'], prepare: freshMessage }, (a, id) =>
    ok(a, 'admin', 'POST', '/messages/flags', { messages: [id], op: 'add', flag: 'starred' }),
  ),
  eventRecipe('a message marked unread', { eventTypes: ['update_message_flags'], prepare: readMessage }, (a, id) =>
    ok(a, 'admin', 'POST', '/messages/flags', { messages: [id], op: 'remove', flag: 'read' }),
  ),
  eventRecipe('a reaction added', { eventTypes: ['reaction'], prepare: freshMessage }, (a, id) =>
    ok(a, 'member', 'POST', `/messages/${id}/reactions`, { emoji_name: 'smile' }),
  ),
  eventRecipe('a reaction removed', { eventTypes: ['reaction'], prepare: reactedMessage }, (a, id) =>
    ok(a, 'member', 'DELETE', `/messages/${id}/reactions`, { emoji_name: 'smile' }),
  ),
  eventRecipe('typing to a person', { eventTypes: ['typing'] }, (a) =>
    ok(a, 'moderator', 'POST', '/typing', { op: 'start', to: [a.user('admin').user_id] }),
  ),
  eventRecipe(
    'typing in a channel',
    { eventTypes: ['typing'], capabilities: { stream_typing_notifications: true } },
    typeInChannel,
  ),
  // Without the capability a client hears of typing in direct messages only.
  eventRecipe('typing in a channel without stream_typing_notifications', { eventTypes: ['typing'] }, typeInChannel),
  {
    ...eventRecipe('alert words changed', { as: 'member', eventTypes: ['alert_words'] }, (a) =>
      ok(a, 'member', 'POST', '/users/me/alert_words', { alert_words: ['eventful'] }),
    ),
    after: async (a) => void (await ok(a, 'member', 'DELETE', '/users/me/alert_words', { alert_words: ['eventful'] })),
  },
];

const channels: readonly Recipe[] = [
  eventRecipe(
    'a channel created',
    { as: 'member', eventTypes: ['stream'] },
    (a) => freshChannel(a),
    CHANNEL_EVENT_DATA.map((f) => `$.events[].streams[].${f}`),
  ),
  eventRecipe('a channel described', { as: 'member', eventTypes: ['stream'], prepare: freshChannel }, (a, id) =>
    ok(a, 'admin', 'PATCH', `/streams/${id}`, { description: 'Described for the contract' }),
  ),
  eventRecipe(
    'subscribed to a channel',
    { eventTypes: ['subscription'] },
    (a) => freshChannel(a),
    CHANNEL_EVENT_DATA.map((f) => `$.events[].subscriptions[].${f}`),
  ),
  eventRecipe('someone else subscribed', { eventTypes: ['subscription'], prepare: freshChannel }, async (a, id) => {
    const { stream } = (await ok(a, 'admin', 'GET', `/streams/${id}`)) as { stream: { name: string } };
    return ok(a, 'admin', 'POST', '/users/me/subscriptions', {
      subscriptions: [{ name: stream.name }],
      principals: [a.user('member').user_id],
    });
  }),
  eventRecipe('unsubscribed from a channel', { eventTypes: ['subscription'], prepare: freshChannel }, async (a, id) => {
    const { stream } = (await ok(a, 'admin', 'GET', `/streams/${id}`)) as { stream: { name: string } };
    return ok(a, 'admin', 'DELETE', '/users/me/subscriptions', { subscriptions: [stream.name] });
  }),
  eventRecipe('a subscription pinned', { eventTypes: ['subscription'], prepare: freshChannel }, (a, id) =>
    ok(a, 'admin', 'POST', '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: id, property: 'pin_to_top', value: true }],
    }),
  ),
];

const people: readonly Recipe[] = [
  {
    ...eventRecipe('a person renamed', { eventTypes: ['realm_user'] }, renameSpare),
    after: restoreSpareName,
  },
  eventRecipe('a group created', { as: 'member', eventTypes: ['user_group'] }, (a) => freshGroup(a), [
    '$.events[].group.can_manage_group',
  ]),
  eventRecipe('a group described', { as: 'member', eventTypes: ['user_group'], prepare: freshGroup }, (a, id) =>
    ok(a, 'admin', 'PATCH', `/user_groups/${id}`, { description: 'Described for the contract' }),
  ),
  eventRecipe('members added to a group', { as: 'member', eventTypes: ['user_group'], prepare: freshGroup }, (a, id) =>
    ok(a, 'admin', 'POST', `/user_groups/${id}/members`, { add: [a.user('moderator').user_id] }),
  ),
];

export const eventRecipes: readonly Recipe[] = [...messages, ...channels, ...people];
