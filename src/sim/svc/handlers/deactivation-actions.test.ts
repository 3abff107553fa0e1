import { beforeEach, describe, expect, it } from 'vitest';
import { callSim, createSvcSimulator, type SvcSimulator } from '..';

/** Level 459: `DELETE /users/{user_id}` takes `actions` (delete the profile, delete messages), both sides. */

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
});

const OWNER = 'owner@demo.test';
const ADMIN = 'admin@demo.test';
const MEMBER = 'member@demo.test';

const user = (email: string) => sim.store.userByDeliveryEmail(email)!;
const idOf = (name: string) => sim.store.channels.find((c) => c.name === name)!.stream_id;
const post = async (as: string, to: number, topic: string) =>
  (await callSim(sim, 'POST', '/messages', { as, params: { type: 'stream', to, topic, content: 'spam' } })).body
    .id as number;
const dm = async (as: string, to: number) =>
  (await callSim(sim, 'POST', '/messages', { as, params: { type: 'direct', to: [to], content: 'spam' } })).body
    .id as number;
const deactivate = (email: string, params: Record<string, unknown>, as = OWNER) =>
  callSim(sim, 'DELETE', `/users/${user(email).user_id}`, { as, params });

/** A private channel the member belongs to, with protected history. */
function privateChannel(): number {
  return sim.store.addChannel({
    name: 'quiet',
    description: '',
    inviteOnly: true,
    isWebPublic: false,
    isArchived: false,
    dateCreated: 0,
    creatorId: null,
    subscribers: new Set([user(MEMBER).user_id, user(ADMIN).user_id]),
  }).stream_id;
}

describe('DELETE /users/{user_id} actions below level 459', () => {
  it('ignores and reports them, and deletes nothing', async () => {
    sim.control.setFeatureLevel(458);
    const id = await post(MEMBER, idOf('general'), 'buy now');
    const { body } = await deactivate(MEMBER, { actions: { delete_public_channel_messages: true } });
    expect(body).toMatchObject({ result: 'success', ignored_parameters_unsupported: ['actions'] });
    expect(sim.store.messages.has(id)).toBe(true);
    expect(user(MEMBER).isActive).toBe(false);
  });
});

describe('DELETE /users/{user_id} actions from level 459', () => {
  beforeEach(() => sim.control.setFeatureLevel(459));

  it('deletes only the kinds of messages asked for, with the delete events a server sends', async () => {
    const general = idOf('general');
    const quiet = privateChannel();
    const a = await post(MEMBER, general, 'buy now');
    const b = await post(MEMBER, general, 'buy now');
    const c = await post(MEMBER, general, 'cheap');
    const secret = await post(MEMBER, quiet, 'offers');
    const direct = await dm(MEMBER, user(ADMIN).user_id);
    const before = sim.store.emitted.length;
    const { body } = await deactivate(MEMBER, { actions: { delete_public_channel_messages: true } });
    expect(body).toEqual({ result: 'success', msg: '' });
    expect([a, b, c].some((id) => sim.store.messages.has(id))).toBe(false);
    expect(sim.store.messages.has(secret) && sim.store.messages.has(direct)).toBe(true);
    // The seeded conversations lose the member's messages too: one event per channel topic.
    const deletions = sim.store.emitted.slice(before).filter((e) => e.type === 'delete_message');
    expect(deletions.every((e) => e.message_type === 'stream')).toBe(true);
    expect(deletions).toContainEqual({
      type: 'delete_message',
      message_type: 'stream',
      message_ids: [a, b],
      stream_id: general,
      topic: 'buy now',
    });
    expect(deletions).toContainEqual({
      type: 'delete_message',
      message_type: 'stream',
      message_ids: [c],
      stream_id: general,
      topic: 'cheap',
    });
    const member = user(MEMBER).user_id;
    for (const m of sim.store.messages.values()) {
      const channel = sim.store.channel(m.streamId);
      if (m.senderId === member && channel) expect(channel.inviteOnly).toBe(true);
    }
  });

  it('deletes private-channel and direct messages, the latter announced to the conversation only', async () => {
    const quiet = privateChannel();
    const secret = await post(MEMBER, quiet, 'offers');
    const direct = await dm(MEMBER, user(ADMIN).user_id);
    const kept = await post(MEMBER, idOf('general'), 'hello');
    await deactivate(MEMBER, { actions: { delete_private_channel_messages: true, delete_direct_messages: true } });
    expect(sim.store.messages.has(secret) || sim.store.messages.has(direct)).toBe(false);
    expect(sim.store.messages.has(kept)).toBe(true);
    const participants = [user(ADMIN).user_id, user(MEMBER).user_id].sort((x, y) => x - y);
    expect(sim.store.emitted).toContainEqual({
      type: 'delete_message',
      message_type: 'private',
      message_ids: [direct],
      only_user_ids: participants,
    });
  });

  it('deletes the profile: the name becomes "Deleted user" and the picture the default one', async () => {
    const owner = user(OWNER);
    sim.store.users.find((u) => u.role === 100)!.avatarSource = 'U';
    await deactivate(ADMIN, { actions: { delete_profile: true } });
    const admin = user(ADMIN);
    expect(admin).toMatchObject({ fullName: 'Deleted user', avatarSource: 'G', avatarVersion: 2 });
    expect(sim.store.emitted).toContainEqual({
      type: 'realm_user',
      op: 'update',
      person: { user_id: admin.user_id, full_name: 'Deleted user' },
    });
    expect(sim.store.emitted.at(-1)).toMatchObject({
      type: 'realm_user',
      person: { user_id: admin.user_id, avatar_source: 'G', avatar_version: 2 },
    });
    expect(owner.fullName).toBe('Olivia Owner');
  });

  it("applies the actions to the account's bots too", async () => {
    const bot = sim.store.users.find((u) => u.isBot && u.botType === 1)!;
    const spam = await post(bot.deliveryEmail, idOf('general'), 'alerts');
    await deactivate(ADMIN, { actions: { delete_public_channel_messages: true } });
    expect(bot.isActive).toBe(false);
    expect(sim.store.messages.has(spam)).toBe(false);
  });

  it("reads the object the server's way: booleans only, unknown fields ignored", async () => {
    expect((await deactivate(MEMBER, { actions: { delete_profile: 'yes' } })).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'actions["delete_profile"] is not a boolean',
    });
    expect((await deactivate(MEMBER, { actions: ['delete_profile'] })).body.msg).toBe('actions is not a dict');
    expect((await deactivate(MEMBER, { actions: '{' })).body.msg).toBe('actions is not valid JSON');
    expect(user(MEMBER).isActive).toBe(true);
    const ok = await deactivate(MEMBER, { actions: { delete_everything: true } });
    expect(ok.body).toEqual({ result: 'success', msg: '' });
    expect(user(MEMBER).fullName).toBe('Mia Member');
  });
});
