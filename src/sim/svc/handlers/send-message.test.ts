import { beforeEach, describe, expect, it } from 'vitest';
import { callSim, createSvcSimulator, type SvcSimulator } from '..';
import { shapeEventFor } from '../event-routing';
import type { MessageEvent } from '../events';

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
});

const ADMIN = 'admin@demo.test';
const MEMBER = 'member@demo.test';
const GUEST = 'guest@demo.test';
const PREFS = { clientGravatar: true, applyMarkdown: true, capabilities: {} };

const user = (email: string) => sim.store.userByDeliveryEmail(email)!;
const channel = (name: string) => sim.store.channels.find((c) => c.name === name)!;

function send(as: string, params: Record<string, unknown>) {
  return callSim(sim, 'POST', '/messages', { as, params });
}

describe('POST /messages', () => {
  it('sends a channel message by channel name or ID, stored and readable through GET /messages', async () => {
    const general = channel('general');
    const res = await send(MEMBER, {
      type: 'stream',
      to: 'general',
      topic: 'sim send test',
      content: 'Pizza **today**?',
    });
    expect(res.status).toBe(200);
    const id = res.body.id as number;
    const stored = sim.store.messages.get(id)!;
    expect(stored).toMatchObject({
      senderId: user(MEMBER).user_id,
      streamId: general.stream_id,
      topic: 'sim send test',
      content: 'Pizza **today**?',
      renderedContent: '<p>Pizza <strong>today</strong>?</p>',
    });
    expect(stored.readBy.has(user(MEMBER).user_id)).toBe(true);

    const byId = await send(MEMBER, {
      type: 'channel',
      to: general.stream_id,
      topic: 'sim send test',
      content: 'Or sushi',
    });
    expect(byId.status).toBe(200);
    const read = await callSim(sim, 'GET', '/messages', {
      as: ADMIN,
      params: {
        anchor: 'newest',
        num_before: 5,
        num_after: 0,
        narrow: [
          { operator: 'channel', operand: general.stream_id },
          { operator: 'topic', operand: 'sim send test' },
        ],
      },
    });
    const messages = read.body.messages as { id: number; content: string; sender_full_name: string }[];
    expect(messages.map((m) => m.id)).toEqual([id, byId.body.id]);
    expect(messages[0]!.sender_full_name).toBe(user(MEMBER).fullName);
  });

  it('emits a message event that reaches the channel’s readers, with their own flags', async () => {
    const before = sim.emitted.length;
    const admin = user(ADMIN);
    const res = await send(MEMBER, {
      type: 'stream',
      to: 'general',
      topic: 'hello',
      content: `Hi @**${admin.fullName}**`,
    });
    const event = sim.emitted.slice(before).find((e): e is MessageEvent => e.type === 'message')!;
    expect(event.message.id).toBe(res.body.id);
    expect(event.message.content).toContain(`<span class="user-mention" data-user-id="${admin.user_id}">`);

    const forAdmin = shapeEventFor(sim.store, event, admin, PREFS) as MessageEvent;
    expect(forAdmin.flags).toContain('mentioned');
    const forSender = shapeEventFor(sim.store, event, user(MEMBER), PREFS) as MessageEvent;
    expect(forSender.flags).toEqual(['read']);
    // The guest cannot read this channel.
    if (!channel('general').subscribers.has(user(GUEST).user_id) && !channel('general').isWebPublic)
      expect(shapeEventFor(sim.store, event, user(GUEST), PREFS)).toBeNull();
  });

  it('reaches subscribers and the sender only, as on a real server: an unsubscribed admin hears nothing', async () => {
    const general = channel('general');
    const admin = user(ADMIN);
    general.subscribers.delete(admin.user_id);
    const res = await send(MEMBER, { type: 'stream', to: 'general', topic: 'quiet', content: 'Hello' });
    const event = sim.emitted.find((e): e is MessageEvent => e.type === 'message' && e.message.id === res.body.id)!;
    expect(shapeEventFor(sim.store, event, admin, PREFS)).toBeNull();
    expect(shapeEventFor(sim.store, event, user(MEMBER), PREFS)).not.toBeNull();
    const moved = await callSim(sim, 'PATCH', `/messages/${res.body.id as number}`, {
      as: MEMBER,
      params: { topic: 'quiet (moved)', propagate_mode: 'change_all' },
    });
    expect(moved.status).toBe(200);
    const update = sim.emitted.findLast((e) => e.type === 'update_message')!;
    expect(shapeEventFor(sim.store, update, admin, PREFS)).toBeNull();
    expect(shapeEventFor(sim.store, update, user(MEMBER), PREFS)).not.toBeNull();
  });

  it('refuses what the server refuses', async () => {
    const empty = await send(MEMBER, { type: 'stream', to: 'general', topic: 't', content: '   ' });
    expect(empty.body.msg).toBe('Message must not be empty');
    const noTopic = await send(MEMBER, { type: 'stream', to: 'general', content: 'x' });
    expect(noTopic.body.msg).toBe('Missing topic');
    const unknown = await send(MEMBER, { type: 'stream', to: 'no such channel', topic: 't', content: 'x' });
    expect(unknown.body).toMatchObject({ code: 'STREAM_DOES_NOT_EXIST' });
    const unknownId = await send(MEMBER, { type: 'stream', to: 99_999, topic: 't', content: 'x' });
    expect(unknownId.body).toMatchObject({ code: 'STREAM_DOES_NOT_EXIST', stream_id: 99_999 });
    const direct = await send(MEMBER, { type: 'direct', to: [99_999], content: 'x' });
    expect(direct.body.msg).toBe('Invalid user ID 99999');
    const archived = sim.store.channels.find((c) => c.isArchived);
    if (archived) {
      const res = await send(ADMIN, { type: 'stream', to: archived.stream_id, topic: 't', content: 'x' });
      expect(res.body.msg).toMatch(/^Not authorized to send to channel/);
    }
    const missing = await callSim(sim, 'POST', '/messages', { as: MEMBER, params: { type: 'stream', topic: 't' } });
    expect(missing.body.code).toBe('REQUEST_VARIABLE_MISSING');
  });

  it('cuts long topics as the server does', async () => {
    const res = await send(MEMBER, { type: 'stream', to: 'general', topic: 'x'.repeat(80), content: 'long' });
    expect(sim.store.messages.get(res.body.id as number)!.topic).toBe(`${'x'.repeat(57)}...`);
  });
});
