import { beforeEach, describe, expect, it } from 'vitest';
import { callSim, createSvcSimulator, type SvcSimulator } from '..';
import { shapeEventFor } from '../event-routing';

// Direct messages as a real server (level 372) handles them: sent with `type` private or direct, listed as
// `type: "private"` with the participants as `display_recipient`, found by `dm` and `is:dm` narrows, and
// announced to the participants only.
let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
});

const ADMIN = 'admin@demo.test';
const MEMBER = 'member@demo.test';
const GUEST = 'guest@demo.test';
const PREFS = { clientGravatar: true, applyMarkdown: true, capabilities: {} };
const user = (email: string) => sim.store.userByDeliveryEmail(email)!;

async function send(params: Record<string, unknown>, as = ADMIN) {
  return callSim(sim, 'POST', '/messages', { as, params });
}

describe('direct messages', () => {
  it('are sent to people by ID or email and listed in the conversation', async () => {
    const member = user(MEMBER);
    const sent = await send({ type: 'direct', to: [member.user_id], content: 'Hello there' });
    expect(sent.status).toBe(200);
    const byEmail = await send({ type: 'private', to: member.apiEmail, content: 'Again' });
    expect(byEmail.status).toBe(200);

    const { body } = await callSim(sim, 'GET', '/messages', {
      as: MEMBER,
      params: {
        anchor: 'newest',
        num_before: 10,
        num_after: 0,
        narrow: [{ operator: 'dm', operand: [user(ADMIN).user_id] }],
      },
    });
    const messages = body.messages as Record<string, unknown>[];
    expect(messages.map((m) => m.id)).toEqual([sent.body.id, byEmail.body.id]);
    expect(messages[0]).toMatchObject({
      type: 'private',
      subject: '',
      topic_links: [],
      display_recipient: expect.arrayContaining([
        expect.objectContaining({ id: member.user_id, is_mirror_dummy: false }),
        expect.objectContaining({ id: user(ADMIN).user_id }),
      ]),
    });
    expect(messages[0]).not.toHaveProperty('stream_id');
  });

  it('are found with is:dm and the legacy list narrow, and never by a channel narrow', async () => {
    await send({ type: 'private', to: [user(MEMBER).user_id], content: 'Private word zebra' });
    const dm = await callSim(sim, 'GET', '/messages', {
      as: MEMBER,
      params: { anchor: 'newest', num_before: 5, num_after: 0, narrow: [['is', 'dm']] },
    });
    expect((dm.body.messages as unknown[]).length).toBe(1);
    const channel = await callSim(sim, 'GET', '/messages', {
      as: MEMBER,
      params: {
        anchor: 'newest',
        num_before: 5,
        num_after: 0,
        narrow: [
          ['search', 'zebra'],
          ['channels', 'public'],
        ],
      },
    });
    expect(channel.body.messages).toEqual([]);
  });

  it('are invisible to people outside the conversation', async () => {
    await send({ type: 'private', to: [user(MEMBER).user_id], content: 'Just us' });
    const { body } = await callSim(sim, 'GET', '/messages', {
      as: GUEST,
      params: { anchor: 'newest', num_before: 5, num_after: 0, narrow: [{ operator: 'is', operand: 'dm' }] },
    });
    expect(body.messages).toEqual([]);
  });

  it('refuse unknown people and empty recipients in the real server’s words', async () => {
    expect((await send({ type: 'private', to: [99999], content: 'x' })).body.msg).toBe('Invalid user ID 99999');
    expect((await send({ type: 'private', to: ['nobody@x.y'], content: 'x' })).body.msg).toBe(
      "Invalid email 'nobody@x.y'",
    );
    expect((await send({ type: 'private', to: [], content: 'x' })).body.msg).toBe('Message must have recipients');
    expect((await send({ type: 'private', to: [user(MEMBER).user_id], content: ' ' })).body.msg).toBe(
      'Message must not be empty',
    );
  });

  it('are announced to the participants only', async () => {
    const { body } = await send({ type: 'private', to: [user(MEMBER).user_id], content: 'Ping' });
    const event = { type: 'message' as const, message: { id: body.id }, flags: [] };
    expect(shapeEventFor(sim.store, event, user(MEMBER), PREFS)).toMatchObject({
      type: 'message',
      message: { id: body.id, type: 'private' },
      flags: [],
    });
    expect(shapeEventFor(sim.store, event, user(GUEST), PREFS)).toBeNull();
  });
});

describe('deletion events', () => {
  // A real server sends one event per message unless the client registered with `bulk_message_deletion`.
  it('come one per message without the bulk_message_deletion capability, as a list with it', async () => {
    const register = async (capabilities: Record<string, boolean>) => {
      const { body } = await callSim(sim, 'POST', '/register', {
        as: ADMIN,
        params: { event_types: ['delete_message'], client_capabilities: capabilities },
      });
      return body.queue_id as string;
    };
    const single = await register({ notification_settings_null: true });
    const bulk = await register({ notification_settings_null: true, bulk_message_deletion: true });
    const general = sim.store.channels.find((c) => c.name === 'general')!;
    const topic = 'deletion events';
    for (const content of ['one', 'two']) await send({ type: 'stream', to: general.stream_id, topic, content });
    const deleted = await callSim(sim, 'POST', `/streams/${general.stream_id}/delete_topic`, {
      as: ADMIN,
      params: { topic_name: topic },
    });
    expect(deleted.status).toBe(200);
    const events = async (queue: string) =>
      (
        await callSim(sim, 'GET', '/events', {
          as: ADMIN,
          params: { queue_id: queue, last_event_id: -1, dont_block: true },
        })
      ).body.events as Record<string, unknown>[];
    const one = await events(single);
    expect(one).toHaveLength(2);
    expect(one[0]).toMatchObject({ type: 'delete_message', message_type: 'stream', stream_id: general.stream_id });
    expect(one[0]).toHaveProperty('message_id');
    expect(one[0]).not.toHaveProperty('message_ids');
    const many = await events(bulk);
    expect(many).toHaveLength(1);
    expect((many[0]?.message_ids as number[]).length).toBe(2);
  });
});
