import { beforeEach, describe, expect, it } from 'vitest';
import { svcOps } from '../../../shared/svc';
import { topicNarrow } from '../../../shared/svc/messages';
import { callSim, createSvcSimulator, type SvcSimulator } from '..';
import { shapeEventFor } from '../event-routing';
import { seedTopicMessages, UNREAD_KNOWN_ISSUES } from '../seed-messages';
import type { SvcStore } from '../store';

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
});

const ADMIN = 'admin@demo.test';
const MEMBER = 'member@demo.test';
const GUEST = 'guest@demo.test';
const PREFS = { clientGravatar: true, applyMarkdown: true, capabilities: {} };

const user = (email: string) => sim.store.userByDeliveryEmail(email)!;
const channelId = (name: string) => sim.store.channels.find((c) => c.name === name)!.stream_id;
const inTopic = (store: SvcStore, streamId: number, topic: string) =>
  [...store.messages.values()].filter((m) => m.streamId === streamId && m.topic === topic);

type Msg = Record<string, unknown> & { id: number; subject: string; flags: string[] };
async function getMessages(params: Record<string, unknown>, as = MEMBER) {
  const res = await callSim(sim, 'GET', '/messages', { as, params });
  return { ...res, messages: (res.body.messages ?? []) as Msg[] };
}

describe('the seeded messages', () => {
  it('are thousands, over the demo channels, with resolved, empty, edited and unread topics', () => {
    const all = [...sim.store.messages.values()];
    expect(all.length).toBeGreaterThan(3000);
    const ids = all.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const times = all.map((m) => m.timestamp);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(all.some((m) => m.topic.startsWith('✔ '))).toBe(true);
    expect(inTopic(sim.store, channelId('general'), '').length).toBeGreaterThan(0);
    expect(all.filter((m) => m.editHistory.length > 0 && m.lastEditTimestamp !== null).length).toBeGreaterThan(20);
    expect(
      inTopic(sim.store, channelId('support'), 'known issues').filter((m) => !m.readBy.has(user(MEMBER).user_id))
        .length,
    ).toBeGreaterThanOrEqual(UNREAD_KNOWN_ISSUES - 3);
  });

  it('are the same on every start, and seed quickly', () => {
    const started = performance.now();
    const other = createSvcSimulator({ generatedUsers: 0 });
    expect(performance.now() - started).toBeLessThan(2_000);
    const shape = (s: SvcSimulator) =>
      [...s.store.messages.values()].map((m) => [m.id, m.streamId, m.topic, m.content]);
    expect(shape(other)).toEqual(shape(sim));
  });
});

describe('GET /messages', () => {
  it('fetches a topic’s newest messages with the server’s fields', async () => {
    const general = channelId('general');
    const { status, body, messages } = await getMessages({
      anchor: 'newest',
      num_before: 5,
      num_after: 0,
      narrow: topicNarrow(general, 'lunch', 420),
    });
    expect(status).toBe(200);
    // The server's "newer than any message" anchor; larger than a safe integer, so not parsed here.
    expect(body).toMatchObject({ found_newest: true, found_oldest: false, found_anchor: false, anchor: 1e16 });
    expect(messages).toHaveLength(5);
    const expected = inTopic(sim.store, general, 'lunch')
      .slice(-5)
      .map((m) => m.id);
    expect(messages.map((m) => m.id)).toEqual(expected);
    expect(messages[0]).toMatchObject({
      type: 'stream',
      subject: 'lunch',
      stream_id: general,
      display_recipient: 'general',
      content_type: 'text/html',
      reactions: [],
      topic_links: [],
      client: expect.any(String),
    });
    expect(messages[0]!.content).toMatch(/^<p>/);
  });

  it('pages from the oldest, and around a numeric anchor', async () => {
    const narrow = topicNarrow(channelId('design'), 'icons', 420);
    const ids = inTopic(sim.store, channelId('design'), 'icons').map((m) => m.id);
    const first = await getMessages({ anchor: 'oldest', num_before: 0, num_after: 3, narrow });
    expect(first.messages.map((m) => m.id)).toEqual(ids.slice(0, 3));
    expect(svcOps.getMessages.response.parse(first.body)).toMatchObject({
      found_oldest: true,
      found_newest: false,
      anchor: 0,
    });
    const around = await getMessages({ anchor: ids[10], num_before: 2, num_after: 2, narrow });
    expect(around.messages.map((m) => m.id)).toEqual(ids.slice(8, 13));
    expect(around.body.found_anchor).toBe(true);
    const after = await getMessages({ anchor: ids[10], include_anchor: false, num_before: 0, num_after: 2, narrow });
    expect(after.messages.map((m) => m.id)).toEqual(ids.slice(11, 13));
    const both = await getMessages({ anchor: ids[10], include_anchor: false, num_before: 1, num_after: 1, narrow });
    expect(both.body.msg).toBe('The anchor can only be excluded at an end of the range');
  });

  it('anchors first_unread at the oldest unread message', async () => {
    const support = channelId('support');
    const me = user(MEMBER).user_id;
    const unread = inTopic(sim.store, support, 'known issues').find((m) => !m.readBy.has(me))!;
    const { body, messages } = await getMessages({
      anchor: 'first_unread',
      num_before: 0,
      num_after: 1,
      narrow: topicNarrow(support, 'known issues', 420),
    });
    expect(body.anchor).toBe(unread.id);
    expect(messages[0]).toMatchObject({ id: unread.id, flags: [] });
    const unreadOnly = await getMessages({
      anchor: 'newest',
      num_before: 100,
      num_after: 0,
      narrow: [...topicNarrow(support, 'known issues', 420), { operator: 'is', operand: 'unread' }],
    });
    expect(unreadOnly.messages.every((m) => !m.flags.includes('read'))).toBe(true);
  });

  it('shows the empty topic by its display name unless allowed, and finds it by that name', async () => {
    const general = channelId('general');
    const narrow = topicNarrow(general, 'general chat', 420);
    const shown = await getMessages({ anchor: 'newest', num_before: 2, num_after: 0, narrow });
    expect(shown.messages.map((m) => m.subject)).toEqual(['general chat', 'general chat']);
    const raw = await getMessages({
      anchor: 'newest',
      num_before: 2,
      num_after: 0,
      narrow,
      allow_empty_topic_name: true,
    });
    expect(raw.messages.map((m) => m.subject)).toEqual(['', '']);
  });

  it('returns raw Markdown without apply_markdown, and edit history newest first', async () => {
    const edited = [...sim.store.messages.values()].find(
      (m) => m.lastEditTimestamp !== null && sim.store.channel(m.streamId)!.subscribers.has(user(MEMBER).user_id),
    )!;
    const { messages } = await getMessages({ message_ids: [edited.id], apply_markdown: false });
    expect(messages[0]).toMatchObject({
      content: edited.content,
      content_type: 'text/x-markdown',
      last_edit_timestamp: edited.lastEditTimestamp,
    });
    const history = messages[0]!.edit_history as { timestamp: number; prev_content?: string }[];
    expect(history.map((h) => h.timestamp)).toEqual([...history.map((h) => h.timestamp)].sort((a, b) => b - a));
    expect(history.some((h) => h.prev_content !== undefined)).toBe(true);
  });

  it('reports resolving as a topic edit, not a move', async () => {
    const design = channelId('design');
    const { messages } = await getMessages({
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: topicNarrow(design, '✔ logo feedback', 420),
    });
    expect(messages[0]).not.toHaveProperty('last_moved_timestamp');
    expect(messages[0]!.edit_history).toContainEqual(
      expect.objectContaining({ prev_topic: 'logo feedback', topic: '✔ logo feedback' }),
    );
  });

  it('fetches by message_ids (level 300), refusing range parameters alongside', async () => {
    const ids = [...sim.store.messages.keys()].slice(-3);
    const ok = await getMessages({ message_ids: ids }, ADMIN);
    expect(ok.body).toMatchObject({ found_anchor: false, found_oldest: false, found_newest: false });
    expect(ok.body).not.toHaveProperty('anchor');
    const bad = await getMessages({ message_ids: ids, anchor: 'newest' });
    expect(bad.body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Unsupported parameter combination: num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor',
      parameters: 'num_before, num_after, anchor, message_ids, include_anchor, use_first_unread_anchor',
    });
  });

  it('refuses more than 5000 messages, a missing anchor and unknown narrows', async () => {
    const many = await getMessages({ anchor: 'newest', num_before: 4000, num_after: 1001 });
    expect(many.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Too many messages requested (maximum 5000).' });
    expect((await getMessages({ num_before: 1, num_after: 0 })).body.msg).toBe("Missing 'anchor' argument.");
    const channel = await getMessages({
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [{ operator: 'channel', operand: 'nope' }],
    });
    expect(channel.body.msg).toBe('Invalid narrow operator: unknown channel nope');
    const operator = await getMessages({
      anchor: 'newest',
      num_before: 1,
      num_after: 0,
      narrow: [{ operator: 'frobnicate', operand: 'x' }],
    });
    expect(operator.body.msg).toBe('Invalid narrow operator: unknown operator frobnicate');
  });

  it('never shows messages of channels the caller cannot read', async () => {
    const leadership = channelId('leadership');
    const narrow = [{ operator: 'channel', operand: leadership }];
    const member = await getMessages({ anchor: 'newest', num_before: 10, num_after: 0, narrow });
    expect(member.messages).toEqual([]);
    const guest = await getMessages({ anchor: 'newest', num_before: 500, num_after: 0 }, GUEST);
    const visible = new Set(guest.messages.map((m) => m.stream_id));
    expect([...visible].sort()).toEqual([channelId('general'), channelId('announcements')].sort());
  });

  it('shows a public channel’s history to non-subscribers as read and historical', async () => {
    const admin = user(ADMIN);
    const channel = sim.store.addChannel({
      name: 'ops',
      description: '',
      inviteOnly: false,
      isWebPublic: false,
      isArchived: false,
      dateCreated: 0,
      creatorId: admin.user_id,
      subscribers: new Set([admin.user_id]),
    });
    seedTopicMessages(sim.store, { streamId: channel.stream_id, topic: 'deploys', count: 2 });
    const narrow = [{ operator: 'stream', operand: 'ops' }];
    const { messages } = await getMessages({ anchor: 'newest', num_before: 1, num_after: 0, narrow });
    expect(messages[0]!.flags).toEqual(['read', 'historical']);
    // Without naming the channel, only the caller's own history is searched.
    const own = await getMessages({ anchor: 'newest', num_before: 5, num_after: 0 });
    expect(own.messages.some((m) => m.stream_id === channel.stream_id)).toBe(false);
  });
});

describe('marking messages read', () => {
  const narrowOf = () => topicNarrow(channelId('support'), 'known issues', 420);
  const unreadCount = () =>
    inTopic(sim.store, channelId('support'), 'known issues').filter((m) => !m.readBy.has(user(MEMBER).user_id)).length;

  it('adds and removes the read flag over a narrow, telling only the caller', async () => {
    const before = unreadCount();
    const { body } = await callSim(sim, 'POST', '/messages/flags/narrow', {
      as: MEMBER,
      params: { anchor: 'oldest', num_before: 0, num_after: 1000, narrow: narrowOf(), op: 'add', flag: 'read' },
    });
    expect(svcOps.updateMessageFlagsForNarrow.response.parse(body)).toMatchObject({
      updated_count: before,
      found_oldest: true,
      found_newest: true,
    });
    expect(unreadCount()).toBe(0);
    const event = sim.store.emitted.at(-1)!;
    expect(shapeEventFor(sim.store, event, user(MEMBER), PREFS)).toMatchObject({
      type: 'update_message_flags',
      op: 'add',
      operation: 'add',
      flag: 'read',
      all: false,
    });
    expect(shapeEventFor(sim.store, event, user(MEMBER), PREFS)).not.toHaveProperty('owner_id');
    expect(shapeEventFor(sim.store, event, user(ADMIN), PREFS)).toBeNull();

    const removed = await callSim(sim, 'POST', '/messages/flags/narrow', {
      as: MEMBER,
      params: { anchor: 'newest', num_before: 2, num_after: 0, narrow: narrowOf(), op: 'remove', flag: 'read' },
    });
    expect(removed.body).toMatchObject({
      processed_count: 2,
      updated_count: 2,
      ignored_because_not_subscribed_channels: [],
    });
    const details = (sim.store.emitted.at(-1) as { message_details: Record<string, unknown> }).message_details;
    expect(Object.values(details)[0]).toEqual({
      type: 'stream',
      stream_id: channelId('support'),
      topic: 'known issues',
    });
  });

  it('refuses flags that do not exist or cannot be edited', async () => {
    const call = (flag: string) =>
      callSim(sim, 'POST', '/messages/flags/narrow', {
        as: MEMBER,
        params: { anchor: 'newest', num_before: 1, num_after: 0, narrow: [], op: 'add', flag },
      });
    expect((await call('shiny')).body.msg).toBe("Invalid flag: 'shiny'");
    expect((await call('mentioned')).body.msg).toBe("Flag not editable: 'mentioned'");
  });

  it('marks a topic read the deprecated way, and refuses a topic that does not exist', async () => {
    const ok = await callSim(sim, 'POST', '/mark_topic_as_read', {
      as: MEMBER,
      params: { stream_id: channelId('support'), topic_name: 'Known Issues' },
    });
    expect(ok.status).toBe(200);
    expect(unreadCount()).toBe(0);
    const missing = await callSim(sim, 'POST', '/mark_topic_as_read', {
      as: MEMBER,
      params: { stream_id: channelId('support'), topic_name: 'no such thing' },
    });
    expect(missing.body).toMatchObject({ code: 'BAD_REQUEST', msg: "No such topic 'no such thing'" });
    const hidden = await callSim(sim, 'POST', '/mark_topic_as_read', {
      as: MEMBER,
      params: { stream_id: channelId('leadership'), topic_name: 'budget' },
    });
    expect(hidden.body.msg).toBe('Invalid channel ID');
  });
});
