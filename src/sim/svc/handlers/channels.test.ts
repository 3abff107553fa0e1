import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { svcOps } from '../../../shared/svc';
import { callSim, createSvcSimulator, type SvcSimulator } from '..';
import { mountControlApi } from '../control-api';
import type { SvcSimControl } from '../control';
import { shapeEventFor } from '../event-routing';
import { seedTopicMessages } from '../seed-messages';
import type { SvcEvent } from '../events';

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
});

const OWNER = 'owner@demo.test';
const ADMIN = 'admin@demo.test';
const MODERATOR = 'moderator@demo.test';
const MEMBER = 'member@demo.test';
const GUEST = 'guest@demo.test';
const PREFS = { clientGravatar: true, applyMarkdown: true, capabilities: {} };

const user = (email: string) => sim.store.userByDeliveryEmail(email)!;
const channelId = (name: string) => sim.store.channels.find((c) => c.name === name)!.stream_id;
const group = (name: Parameters<typeof sim.store.systemGroup>[0]) => sim.store.systemGroup(name).id;

type Stream = Record<string, unknown> & { name: string; stream_id: number };
async function streams(as: string, params: Record<string, unknown> = {}): Promise<Stream[]> {
  const { body } = await callSim(sim, 'GET', '/streams', { as, params });
  return body.streams as Stream[];
}
const names = async (as: string, params: Record<string, unknown> = {}) =>
  (await streams(as, params)).map((s) => s.name);

/** What each demo account would receive of an event. */
const deliveredTo = (event: SvcEvent, email: string) => shapeEventFor(sim.store, event, user(email), PREFS);

describe('GET /streams', () => {
  it('returns full records, sorted by name, that parse with the contract', async () => {
    const { body } = await callSim(sim, 'GET', '/streams', { as: MEMBER });
    const parsed = svcOps.getStreams.response.parse(body);
    expect(parsed.streams.map((s) => s.name)).toEqual(['announcements', 'design', 'general', 'support']);
    const announcements = parsed.streams.find((s) => s.name === 'announcements')!;
    expect(announcements).toMatchObject({
      is_web_public: true,
      invite_only: false,
      is_archived: false,
      is_announcement_only: true,
      stream_post_policy: 2,
      can_send_message_group: group('role:administrators'),
      subscriber_count: 5,
      topics_policy: 'inherit',
      history_public_to_subscribers: true,
    });
    expect(announcements.first_message_id).toEqual(expect.any(Number));
    expect(announcements.rendered_description).toBe('<p>News for the whole company, readable without an account.</p>');
    const design = parsed.streams.find((s) => s.name === 'design')!;
    expect(design.rendered_description).toContain('<strong>accessibility</strong>');
    expect(design.folder_id).toBe(sim.store.channelFolders.find((f) => f.name === 'Product')!.id);
    const support = parsed.streams.find((s) => s.name === 'support')!;
    expect(support).toMatchObject({ message_retention_days: 90, topics_policy: 'disable_empty_topic' });
    for (const key of ['stream_weekly_traffic', 'is_recently_active', 'date_created', 'creator_id'])
      expect(support).toHaveProperty(key);
  });

  it('leaves out fields newer than the server', async () => {
    sim.control.setFeatureLevel(300);
    const [first] = await streams(MEMBER);
    expect(first).not.toHaveProperty('folder_id');
    expect(first).not.toHaveProperty('subscriber_count');
    expect(first).not.toHaveProperty('can_delete_any_message_group');
    expect(first).not.toHaveProperty('is_archived');
    expect(first).toHaveProperty('creator_id');
  });

  it('shows private channels to subscribers and, with include_all, to administrators', async () => {
    const secret = sim.store.addChannel({
      name: 'secret',
      description: '',
      inviteOnly: true,
      isWebPublic: false,
      isArchived: false,
      dateCreated: 0,
      creatorId: user(OWNER).user_id,
      subscribers: new Set([user(OWNER).user_id]),
    });
    expect(await names(MEMBER)).not.toContain('leadership');
    expect(await names(ADMIN)).toContain('leadership');
    expect(await names(ADMIN)).not.toContain('secret');
    expect(await names(ADMIN, { include_all: true })).toContain('secret');
    expect(await names(MEMBER, { include_all: true })).not.toContain('secret');
    expect(secret.stream_id).toBeGreaterThan(0);
  });

  it('lists archived channels only when asked, and default channels with include_default', async () => {
    expect(await names(MEMBER)).not.toContain('legacy-releases');
    expect(await names(MEMBER, { exclude_archived: false })).toContain('legacy-releases');
    expect(await names(MEMBER, { include_public: false, include_subscribed: false, include_default: true })).toEqual([
      'announcements',
      'general',
    ]);
  });

  it('gives guests only their subscriptions and web-public channels', async () => {
    expect(await names(GUEST)).toEqual(['announcements', 'general']);
    const general = sim.store.channel(channelId('general'))!;
    const announcements = sim.store.channel(channelId('announcements'))!;
    general.subscribers.delete(user(GUEST).user_id);
    announcements.subscribers.delete(user(GUEST).user_id);
    expect(await names(GUEST)).toEqual([]);
    expect(await names(GUEST, { include_web_public: true })).toEqual(['announcements']);
  });
});

describe('subscribers, topics and folders', () => {
  it('lists a channel’s active subscribers; a private one the caller cannot see is an invalid channel', async () => {
    const ok = await callSim(sim, 'GET', `/streams/${channelId('leadership')}/members`, { as: OWNER });
    expect(ok.body.subscribers).toEqual([user(OWNER).user_id, user(ADMIN).user_id]);
    const refused = await callSim(sim, 'GET', `/streams/${channelId('leadership')}/members`, { as: MEMBER });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid channel ID' });
    const missing = await callSim(sim, 'GET', '/streams/999/members', { as: MEMBER });
    expect(missing.body.msg).toBe('Invalid channel ID');
  });

  it('lists topics newest first, with the empty topic under its display name unless allowed', async () => {
    const path = `/users/me/${channelId('general')}/topics`;
    const { body } = await callSim(sim, 'GET', path, { as: MEMBER });
    const topics = svcOps.getChannelTopics.response.parse(body).topics;
    expect(topics.map((t) => t.max_id)).toEqual([...topics.map((t) => t.max_id)].sort((a, b) => b - a));
    expect(topics.map((t) => t.name)).toContain('general chat');
    expect(topics.map((t) => t.name)).toContain('✔ wifi outage');
    expect(topics.map((t) => t.name)).not.toContain('');
    const allowed = await callSim(sim, 'GET', path, { as: MEMBER, params: { allow_empty_topic_name: true } });
    expect((allowed.body.topics as { name: string }[]).map((t) => t.name)).toContain('');
    const hidden = await callSim(sim, 'GET', `/users/me/${channelId('leadership')}/topics`, { as: MEMBER });
    expect(hidden.body.msg).toBe('Invalid channel ID');
  });

  it('lists channel folders by order, archived ones only when asked', async () => {
    const { body } = await callSim(sim, 'GET', '/channel_folders', { as: MEMBER });
    const folders = svcOps.getChannelFolders.response.parse(body).channel_folders;
    expect(folders.map((f) => [f.name, f.order])).toEqual([
      ['Company', 0],
      ['Product', 1],
    ]);
    expect(folders[0]!.rendered_description).toBe('<p>Channels <strong>everyone</strong> should follow.</p>');
    const all = await callSim(sim, 'GET', '/channel_folders', { as: MEMBER, params: { include_archived: true } });
    expect((all.body.channel_folders as { name: string }[]).map((f) => f.name)).toContain('Old projects');
  });
});

describe('POST /channels/create', () => {
  const create = (params: Record<string, unknown>, as = ADMIN) =>
    callSim(sim, 'POST', '/channels/create', { as, params: { subscribers: [], ...params } });

  it('creates the channel, subscribes people and tells those who may see it', async () => {
    const admin = user(ADMIN);
    const member = user(MEMBER);
    const before = sim.store.emitted.length;
    const { status, body } = await create({
      name: 'launch-room',
      description: 'For the **launch**',
      subscribers: [admin.user_id, member.user_id],
      can_send_message_group: group('role:members'),
      folder_id: 1,
    });
    expect(status).toBe(200);
    const id = body.id as number;
    const channel = sim.store.channel(id)!;
    expect(channel).toMatchObject({ name: 'launch-room', folderId: 1, creatorId: admin.user_id });
    expect([...channel.subscribers].sort()).toEqual([admin.user_id, member.user_id].sort());
    expect(channel.permissions.can_administer_channel_group).toEqual({
      direct_members: [admin.user_id],
      direct_subgroups: [],
    });
    const events = sim.store.emitted.slice(before);
    expect(events.map((e) => `${e.type}:${'op' in e ? e.op : ''}`)).toEqual([
      'subscription:add',
      'subscription:add',
      'subscription:peer_add',
      'stream:create',
    ]);
    const [addAdmin, , peer, created] = events;
    expect(deliveredTo(addAdmin!, ADMIN)).toMatchObject({ op: 'add', subscriptions: [{ stream_id: id }] });
    expect(deliveredTo(addAdmin!, MEMBER)).toBeNull();
    expect(deliveredTo(peer!, MODERATOR)).toMatchObject({
      stream_ids: [id],
      user_ids: [admin.user_id, member.user_id],
    });
    expect(deliveredTo(peer!, MEMBER)).toBeNull();
    expect(deliveredTo(created!, GUEST)).toBeNull();
    expect(deliveredTo(created!, MODERATOR)).toMatchObject({ streams: [{ stream_id: id, name: 'launch-room' }] });
  });

  it('announces a private channel only to its subscribers and the administrators', async () => {
    const { body } = await create({ name: 'hush', invite_only: true, subscribers: [user(MODERATOR).user_id] }, OWNER);
    const created = sim.store.emitted.at(-1)!;
    expect(created).toMatchObject({ type: 'stream', op: 'create' });
    expect(deliveredTo(created, MEMBER)).toBeNull();
    expect(deliveredTo(created, MODERATOR)).not.toBeNull();
    expect(deliveredTo(created, ADMIN)).not.toBeNull();
    expect(sim.store.channel(body.id as number)!.historyPublicToSubscribers).toBe(false);
  });

  it('refuses a taken name with 409 CHANNEL_ALREADY_EXISTS', async () => {
    const { status, body } = await create({ name: 'General' });
    expect(status).toBe(409);
    expect(body).toMatchObject({ code: 'CHANNEL_ALREADY_EXISTS', msg: "Channel 'general' already exists" });
  });

  it('checks name and description lengths and characters', async () => {
    expect((await create({ name: 'x'.repeat(61) })).body.msg).toBe('Channel name too long (limit: 60 characters).');
    expect((await create({ name: 'a\u0007b' })).body.msg).toBe('Invalid character in channel name, at position 2.');
    const long = await create({ name: 'fine', description: 'd'.repeat(1025) });
    expect(long.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'description is too long (limit: 1024 characters)' });
    expect((await create({ name: 'x'.repeat(60) })).status).toBe(200);
  });

  it('requires subscribers to exist and be active', async () => {
    const gone = sim.store.users.find((u) => u.isBot)!;
    gone.isActive = false;
    for (const id of [9999, gone.user_id]) {
      const { status, body } = await create({ name: 'nobody-here', subscribers: [id] });
      expect(status).toBe(400);
      expect(body).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such user' });
    }
  });

  it('applies the creation permissions in the server’s order', async () => {
    expect((await create({ name: 'g1' }, GUEST)).body.msg).toBe('Insufficient permission');
    sim.store.realmSettings.can_create_private_channel_group = 'role:administrators';
    expect((await create({ name: 'p1', invite_only: true }, MEMBER)).body.msg).toBe('Insufficient permission');
    expect((await create({ name: 'd1', is_default_stream: true }, MEMBER)).body.msg).toBe('Insufficient permission');
    expect((await create({ name: 'd2', is_default_stream: true, invite_only: true })).body.msg).toBe(
      'A default channel cannot be private.',
    );
    expect((await create({ name: 'w1', is_web_public: true }, MEMBER)).body.msg).toBe('Insufficient permission');
    expect((await create({ name: 'w2', is_web_public: true })).status).toBe(200);
    sim.store.realmSettings.enable_spectator_access = false;
    expect((await create({ name: 'w3', is_web_public: true }, OWNER)).body.msg).toBe(
      'Web-public channels are not enabled.',
    );
  });

  it('lets only owners set a retention of the channel’s own', async () => {
    const refused = await create({ name: 'r1', message_retention_days: 30 });
    expect(refused.body).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' });
    expect((await create({ name: 'r2', message_retention_days: 'realm_default' })).status).toBe(200);
    const forever = await create({ name: 'r3', message_retention_days: 'unlimited' }, OWNER);
    expect(sim.store.channel(forever.body.id as number)!.messageRetentionDays).toBe(-1);
  });

  it('checks every group-setting value and the folder', async () => {
    const badGroup = await create({ name: 'g', can_remove_subscribers_group: 999 });
    // The wording is the group-setting checks' own.
    expect(badGroup.body).toMatchObject({ code: 'BAD_REQUEST', msg: expect.stringMatching(/^Invalid user group/) });
    const badUser = await create({
      name: 'g',
      can_send_message_group: { direct_members: [999], direct_subgroups: [] },
    });
    expect(badUser.body.msg).toBe('Invalid user ID: 999');
    expect((await create({ name: 'g', folder_id: 99 })).body.msg).toBe('Invalid channel folder ID');
  });

  it('does not exist before level 417', async () => {
    sim.control.setFeatureLevel(416);
    expect((await create({ name: 'old' })).status).toBe(404);
  });
});

describe('POST /users/me/subscriptions', () => {
  const subscribe = (params: Record<string, unknown>, as = MEMBER) =>
    callSim(sim, 'POST', '/users/me/subscriptions', { as, params });

  it('subscribes the caller, creating missing channels; keys results by user ID', async () => {
    const member = user(MEMBER);
    const { body } = await subscribe({ subscriptions: [{ name: 'general' }, { name: 'new-one', description: 'Hi' }] });
    expect(body).toMatchObject({
      subscribed: { [member.user_id]: ['new-one'] },
      already_subscribed: { [member.user_id]: ['general'] },
    });
    expect(sim.store.channels.find((c) => c.name === 'new-one')).toMatchObject({
      description: 'Hi',
      creatorId: member.user_id,
    });
  });

  it('keys results by API email before level 289', async () => {
    sim.control.setFeatureLevel(288);
    const { body } = await subscribe({ subscriptions: [{ name: 'general' }] });
    expect(body.already_subscribed).toEqual({ 'member@demo.test': ['general'] });
  });

  it('adds others when allowed, and refuses when not', async () => {
    const guest = user(GUEST);
    const { body } = await subscribe({ subscriptions: [{ name: 'design' }], principals: [guest.user_id] });
    expect(body.subscribed).toEqual({ [guest.user_id]: ['design'] });
    sim.store.realmSettings.can_add_subscribers_group = 'role:administrators';
    const refused = await subscribe({ subscriptions: [{ name: 'general' }], principals: [user(MODERATOR).user_id] });
    expect(refused.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    // Support lets members add subscribers on the channel itself.
    sim.store.channel(channelId('support'))!.subscribers.delete(user(MODERATOR).user_id);
    const viaChannel = await subscribe({ subscriptions: [{ name: 'support' }], principals: ['moderator@demo.test'] });
    expect(viaChannel.body.subscribed).toEqual({ [user(MODERATOR).user_id]: ['support'] });
  });

  it('reports inaccessible private channels as fatal, or lists them when asked not to', async () => {
    const fatal = await subscribe({ subscriptions: [{ name: 'leadership' }] });
    expect(fatal.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Unable to access channel (leadership).' });
    const soft = await subscribe({
      subscriptions: [{ name: 'leadership' }, { name: 'design' }],
      authorization_errors_fatal: false,
    });
    expect(soft.body).toMatchObject({ unauthorized: ['leadership'], subscribed: {} });
  });

  it('answers a deactivated principal per level', async () => {
    const bot = sim.store.users.find((u) => u.isBot)!;
    bot.isActive = false;
    const now = await subscribe({ subscriptions: [{ name: 'general' }], principals: [bot.user_id] }, ADMIN);
    expect(now.status).toBe(400);
    expect(now.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such user' });
    sim.control.setFeatureLevel(207);
    const old = await subscribe({ subscriptions: [{ name: 'general' }], principals: [bot.user_id] }, ADMIN);
    expect(old.status).toBe(403);
    expect(old.body.code).toBe('UNAUTHORIZED_PRINCIPAL');
  });
});

describe('DELETE /users/me/subscriptions', () => {
  const unsubscribe = (params: Record<string, unknown>, as = MEMBER) =>
    callSim(sim, 'DELETE', '/users/me/subscriptions', { as, params });

  it('removes the caller and reports channels they were not in', async () => {
    sim.store.channel(channelId('design'))!.subscribers.delete(user(MEMBER).user_id);
    const { body } = await unsubscribe({ subscriptions: ['general', 'design'] });
    expect(body).toMatchObject({ removed: ['general'], not_removed: ['design'] });
    const [own, peer] = sim.store.emitted.slice(-2);
    expect(deliveredTo(own!, MEMBER)).toEqual({
      type: 'subscription',
      op: 'remove',
      subscriptions: [{ stream_id: channelId('general'), name: 'general' }],
    });
    expect(deliveredTo(peer!, MEMBER)).toBeNull();
    expect(deliveredTo(peer!, GUEST)).toMatchObject({ op: 'peer_remove', user_ids: [user(MEMBER).user_id] });
  });

  it('refuses unknown channels as a real server does: BAD_REQUEST naming them all', async () => {
    const { status, body } = await unsubscribe({ subscriptions: ['nope', 'general', 'nada'] });
    expect(status).toBe(400);
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Channel(s) (nope, nada) do not exist' });
    expect((await unsubscribe({ subscriptions: ['leadership'] })).body.msg).toBe(
      'Channel(s) (leadership) do not exist',
    );
  });

  it('lets only the allowed remove others', async () => {
    const guest = user(GUEST).user_id;
    const refused = await unsubscribe({ subscriptions: ['general'], principals: [guest] });
    expect(refused.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    // Support's can_remove_subscribers_group is the moderators.
    const member = user(MEMBER).user_id;
    const ok = await unsubscribe({ subscriptions: ['support'], principals: [member] }, MODERATOR);
    expect(ok.body.removed).toEqual(['support']);
    expect((await unsubscribe({ subscriptions: ['general'], principals: [guest] }, ADMIN)).body.removed).toEqual([
      'general',
    ]);
  });

  it('lets bot owners remove their bots', async () => {
    const bot = sim.store.users.find((u) => u.isBot)!;
    sim.store.channel(channelId('design'))!.subscribers.add(bot.user_id);
    Object.assign(bot, { botOwnerId: user(MEMBER).user_id });
    const { body } = await unsubscribe({ subscriptions: ['design'], principals: [bot.user_id] });
    expect(body.removed).toEqual(['design']);
  });

  it('answers an unknown principal with 400 BAD_REQUEST, or 403 UNAUTHORIZED_PRINCIPAL before level 208', async () => {
    const now = await unsubscribe({ subscriptions: ['general'], principals: [9999] }, ADMIN);
    expect([now.status, now.body.code, now.body.msg]).toEqual([400, 'BAD_REQUEST', 'No such user']);
    sim.control.setFeatureLevel(207);
    const old = await unsubscribe({ subscriptions: ['general'], principals: [9999] }, ADMIN);
    expect([old.status, old.body.code]).toEqual([403, 'UNAUTHORIZED_PRINCIPAL']);
  });
});

describe('POST /streams/{stream_id}/delete_topic', () => {
  const deleteTopic = (streamId: number, topic: string, as = ADMIN) =>
    callSim(sim, 'POST', `/streams/${streamId}/delete_topic`, { as, params: { topic_name: topic } });

  it('refuses non-administrators with the real server’s message', async () => {
    const { status, body } = await deleteTopic(channelId('general'), 'lunch', MEMBER);
    expect(status).toBe(400);
    expect(body).toEqual({
      result: 'error',
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
    });
  });

  it('deletes 1,000 messages per call, newest first, until complete', async () => {
    const streamId = channelId('design');
    const { first_id, last_id } = seedTopicMessages(sim.store, { streamId, topic: 'big', count: 2500 });
    const results: unknown[] = [];
    const deleted: number[][] = [];
    for (let i = 0; i < 3; i++) {
      const { body } = await deleteTopic(streamId, 'BIG');
      results.push(body.complete);
      const event = sim.store.emitted.at(-1)!;
      expect(event).toMatchObject({
        type: 'delete_message',
        message_type: 'stream',
        stream_id: streamId,
        topic: 'big',
      });
      deleted.push((event as { message_ids: number[] }).message_ids);
    }
    expect(results).toEqual([false, false, true]);
    expect(deleted.map((ids) => ids.length)).toEqual([1000, 1000, 500]);
    expect(deleted[0]!.at(-1)).toBe(last_id);
    expect(deleted[2]![0]).toBe(first_id);
    expect((await deleteTopic(streamId, 'big')).body.complete).toBe(true);
  });

  it('announces a changed first message, and deletes the empty topic by its display name', async () => {
    const general = channelId('general');
    const oldest = sim.store.firstMessageId(general)!;
    const topic = sim.store.messages.get(oldest)!.topic;
    let done = false;
    while (!done) done = (await deleteTopic(general, topic === '' ? 'general chat' : topic)).body.complete === true;
    expect(sim.store.emitted.at(-1)).toMatchObject({
      type: 'stream',
      op: 'update',
      stream_id: general,
      property: 'first_message_id',
      value: sim.store.firstMessageId(general),
    });
    expect([...sim.store.messages.values()].some((m) => m.streamId === general && m.topic === topic)).toBe(false);
  });

  it('sends delete events only to those who can read the channel', async () => {
    const leadership = channelId('leadership');
    await deleteTopic(leadership, 'budget', OWNER);
    const event = sim.store.emitted.find((e) => e.type === 'delete_message')!;
    expect(deliveredTo(event, MEMBER)).toBeNull();
    expect(deliveredTo(event, ADMIN)).not.toBeNull();
  });

  it('deletes everything at once, without `complete`, before level 211', async () => {
    sim.control.setFeatureLevel(210);
    const streamId = channelId('design');
    seedTopicMessages(sim.store, { streamId, topic: 'big', count: 1500 });
    const { body } = await deleteTopic(streamId, 'big');
    expect(body).not.toHaveProperty('complete');
    expect([...sim.store.messages.values()].filter((m) => m.topic === 'big')).toHaveLength(0);
  });
});

describe('the seed-topic control', () => {
  function controlApp(): Hono {
    const app = new Hono();
    const surface: SvcSimControl = {
      ...sim.control,
      seedTopic: (input) => seedTopicMessages(sim.store, input),
    };
    mountControlApi(app, surface);
    return app;
  }
  const post = (app: Hono, form: Record<string, string>) =>
    app.fetch(new Request('http://sim.test/__sim/seed-topic', { method: 'POST', body: new URLSearchParams(form) }));

  it('adds the messages and answers their ID range', async () => {
    const res = await post(controlApp(), {
      stream_id: String(channelId('support')),
      topic: 'bulk',
      count: '2500',
      sender_email: MEMBER,
    });
    const body = (await res.json()) as { first_id: number; last_id: number };
    expect(body).toMatchObject({ result: 'success' });
    expect(body.last_id - body.first_id).toBe(2499);
    expect(sim.store.messages.get(body.last_id)).toMatchObject({ topic: 'bulk', senderId: user(MEMBER).user_id });
  });

  it('refuses bad input with 400', async () => {
    const app = controlApp();
    const forms: Record<string, string>[] = [
      { stream_id: '999', topic: 't', count: '3' },
      { stream_id: '1', topic: 't', count: '0' },
      { stream_id: '1', count: '3' },
      { stream_id: '1', topic: 't', count: '3', sender_email: 'nobody@demo.test' },
    ];
    for (const form of forms) {
      expect((await post(app, form)).status).toBe(400);
    }
  });
});
