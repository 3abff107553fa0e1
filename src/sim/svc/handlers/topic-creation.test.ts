import { beforeEach, describe, expect, it } from 'vitest';
import { callSim, createSvcSimulator, type SvcSimulator } from '..';

/** Level 441: the per-channel `can_create_topic_group` (who may start a new topic), on both sides of its level. */

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
});

const ADMIN = 'admin@demo.test';
const MODERATOR = 'moderator@demo.test';
const MEMBER = 'member@demo.test';
const CANNOT_CREATE = 'You do not have permission to create new topics in this channel.';
const COMBINATION = 'Unsupported parameter combination: history_public_to_subscribers, can_create_topic_group';

const idOf = (name: string) => sim.store.channels.find((c) => c.name === name)!.stream_id;
const group = (name: Parameters<typeof sim.store.systemGroup>[0]) => sim.store.systemGroup(name).id;
const send = (as: string, topic: string, to = idOf('general')) =>
  callSim(sim, 'POST', '/messages', { as, params: { type: 'stream', to, topic, content: 'hello' } });
const patchChannel = (id: number, params: Record<string, unknown>, as = ADMIN) =>
  callSim(sim, 'PATCH', `/streams/${id}`, { as, params });
async function streamPermissionSettings(): Promise<Record<string, unknown>> {
  const { body } = await callSim(sim, 'POST', '/register', { as: MEMBER, params: { fetch_event_types: ['realm'] } });
  return (body.server_supported_permission_settings as { stream: Record<string, unknown> }).stream;
}

describe('can_create_topic_group below level 441', () => {
  beforeEach(() => sim.control.setFeatureLevel(440));

  it('is absent from channel records and ignored when sent', async () => {
    const { body } = await callSim(sim, 'GET', `/streams/${idOf('general')}`, { as: MEMBER });
    expect(body.stream).not.toHaveProperty('can_create_topic_group');
    const created = await callSim(sim, 'POST', '/channels/create', {
      as: ADMIN,
      params: { name: 'old-style', subscribers: [], can_create_topic_group: group('role:moderators') },
    });
    expect(created.body.ignored_parameters_unsupported).toEqual(['can_create_topic_group']);
    const patched = await patchChannel(idOf('general'), { can_create_topic_group: { new: group('role:nobody') } });
    expect(patched.body.ignored_parameters_unsupported).toEqual(['can_create_topic_group']);
    expect(await streamPermissionSettings()).not.toHaveProperty('can_create_topic_group');
  });

  it('lets anyone who may post start a topic', async () => {
    sim.store.channel(idOf('general'))!.permissions.can_create_topic_group = group('role:nobody');
    expect((await send(MEMBER, 'brand new')).status).toBe(200);
  });
});

describe('can_create_topic_group from level 441', () => {
  beforeEach(() => sim.control.setFeatureLevel(441));

  it('is in every channel record, role:everyone by default, and listed among the channel settings', async () => {
    expect(await streamPermissionSettings()).toMatchObject({
      can_create_topic_group: {
        allow_everyone_group: true,
        allow_nobody_group: true,
        default_group_name: 'role:everyone',
      },
    });
    const everyone = group('role:everyone');
    const { body } = await callSim(sim, 'GET', `/streams/${idOf('general')}`, { as: MEMBER });
    expect(body.stream).toMatchObject({ can_create_topic_group: everyone });
    const list = await callSim(sim, 'GET', '/streams', { as: MEMBER });
    for (const s of list.body.streams as Record<string, unknown>[]) expect(s).toHaveProperty('can_create_topic_group');
    const subs = await callSim(sim, 'GET', '/users/me/subscriptions', { as: MEMBER });
    for (const s of subs.body.subscriptions as Record<string, unknown>[])
      expect(s).toHaveProperty('can_create_topic_group');
  });

  it('is set at creation (both ways) and announced in the creation event', async () => {
    const moderators = group('role:moderators');
    const created = await callSim(sim, 'POST', '/channels/create', {
      as: ADMIN,
      params: { name: 'curated', subscribers: [], can_create_topic_group: moderators },
    });
    expect(created.status).toBe(200);
    expect(sim.store.emitted.find((e) => e.type === 'stream' && e.op === 'create')).toMatchObject({
      streams: [{ name: 'curated', can_create_topic_group: moderators }],
    });
    const subscribed = await callSim(sim, 'POST', '/users/me/subscriptions', {
      as: ADMIN,
      params: {
        subscriptions: [{ name: 'curated-too' }],
        can_create_topic_group: { direct_members: [], direct_subgroups: [moderators] },
      },
    });
    expect(subscribed.status).toBe(200);
    expect(sim.store.channels.find((c) => c.name === 'curated-too')!.permissions.can_create_topic_group).toBe(
      moderators,
    );
  });

  it('refuses a new topic to those outside the group, not an existing one', async () => {
    expect((await send(MEMBER, 'plans')).status).toBe(200);
    await patchChannel(idOf('general'), { can_create_topic_group: { new: group('role:moderators') } });
    const refused = await send(MEMBER, 'brand new');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg: CANNOT_CREATE });
    // Topics match case-insensitively, as on the server.
    expect((await send(MEMBER, 'PLANS')).status).toBe(200);
    expect((await send(MODERATOR, 'brand new')).status).toBe(200);
    expect((await send(ADMIN, 'another one')).status).toBe(200);
  });

  it('lets a bot start a topic when its owner may', async () => {
    await patchChannel(idOf('general'), { can_create_topic_group: { new: group('role:administrators') } });
    const bot = sim.store.users.find((u) => u.isBot && u.botType === 1)!;
    sim.store.channel(idOf('general'))!.subscribers.add(bot.user_id);
    const { body } = await callSim(sim, 'POST', '/messages', {
      as: bot.deliveryEmail,
      params: { type: 'stream', to: idOf('general'), topic: 'deploys', content: 'done' },
    });
    expect(body.result).toBe('success');
  });

  it('changes through PATCH /streams with the usual checks and a stream update event', async () => {
    const id = idOf('general');
    const nobody = group('role:nobody');
    const denied = await patchChannel(id, { can_create_topic_group: { new: nobody } }, MEMBER);
    expect(denied.body.msg).toBe('You do not have permission to administer this channel.');
    const mismatch = await patchChannel(id, { can_create_topic_group: { new: nobody, old: nobody } });
    expect(mismatch.body).toMatchObject({ code: 'EXPECTATION_MISMATCH' });
    expect((await patchChannel(id, { can_create_topic_group: { new: nobody } })).status).toBe(200);
    expect(sim.store.emitted.at(-1)).toEqual({
      type: 'stream',
      op: 'update',
      stream_id: id,
      name: 'general',
      property: 'can_create_topic_group',
      value: nobody,
    });
    // role:nobody: not even administrators start topics, but everyone may still post to existing ones.
    expect((await send(ADMIN, 'fresh')).body.msg).toBe(CANNOT_CREATE);
  });

  it('keeps resolving working while moves into a new topic need the permission', async () => {
    const sent = await send(MEMBER, 'plans');
    await send(MEMBER, 'archive');
    await patchChannel(idOf('general'), { can_create_topic_group: { new: group('role:nobody') } });
    const edit = (topic: string) =>
      callSim(sim, 'PATCH', `/messages/${sent.body.id as number}`, { as: MEMBER, params: { topic } });
    expect((await edit('✔ plans')).status).toBe(200);
    expect((await edit('plans')).status).toBe(200);
    expect((await edit('elsewhere')).body.msg).toBe(CANNOT_CREATE);
    expect((await edit('archive')).status).toBe(200);
  });

  it('must stay role:everyone in a private channel with protected history', async () => {
    const moderators = group('role:moderators');
    const created = await callSim(sim, 'POST', '/channels/create', {
      as: ADMIN,
      params: { name: 'hush', subscribers: [], invite_only: true, can_create_topic_group: moderators },
    });
    expect(created.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: COMBINATION,
      parameters: 'history_public_to_subscribers, can_create_topic_group',
    });
    const leadership = idOf('leadership');
    expect((await patchChannel(leadership, { can_create_topic_group: { new: moderators } })).body.msg).toBe(
      COMBINATION,
    );
    const opened = await patchChannel(leadership, {
      history_public_to_subscribers: true,
      can_create_topic_group: { new: moderators },
    });
    expect(opened.status).toBe(200);
    expect((await patchChannel(leadership, { history_public_to_subscribers: false })).body.msg).toBe(COMBINATION);
  });
});
