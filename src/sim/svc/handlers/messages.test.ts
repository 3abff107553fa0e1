import { beforeEach, describe, expect, it } from 'vitest';
import { svcOps } from '../../../shared/svc';
import { topicNarrow } from '../../../shared/svc/messages';
import { callSim, createSvcSimulator, type SvcSimulator } from '..';
import { contentSha256 } from '../../../shared/svc/content-hash';
import { shapeEventFor } from '../event-routing';
import { setProtectedHistoryStart } from '../message-edits';
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

  // How quickly they seed is a benchmark's business (bench/), not a unit test's: a busy machine is slower.
  it('are the same on every start', () => {
    const other = createSvcSimulator({ generatedUsers: 0 });
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
      unmuted_stream_msg: true,
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

describe('editing and moving messages', () => {
  const MODERATOR = 'moderator@demo.test';
  const patch = (as: string, id: number, params: Record<string, unknown>) =>
    callSim(sim, 'PATCH', `/messages/${id}`, { as, params });
  /** A message sent now by `email` to a fresh topic. */
  const fresh = (channel: string, topic: string, email: string, count = 1) =>
    seedTopicMessages(sim.store, { streamId: channelId(channel), topic, count, senderEmail: email });
  const msg = (id: number) => sim.store.messages.get(id)!;
  const lastEvent = (type: string) => [...sim.store.emitted].reverse().find((e) => e.type === type)!;

  it('refuses unknown and inaccessible messages the server’s way', async () => {
    expect((await patch(MEMBER, 99_999_999, { topic: 'x' })).body).toMatchObject({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Invalid message(s)',
    });
    const secret = inTopic(sim.store, channelId('leadership'), 'budget')[0]!;
    expect((await patch(MEMBER, secret.id, { topic: 'x' })).body.msg).toBe('Invalid message(s)');
    // Messages of archived channels cannot be changed.
    const archived = inTopic(sim.store, channelId('legacy-releases'), 'release 1.0')[0]!;
    expect((await patch(ADMIN, archived.id, { topic: 'x' })).body.msg).toBe('Invalid message(s)');
  });

  it('checks the payload: nothing to change, content with a channel, propagate_mode without a move', async () => {
    const { first_id: id } = fresh('general', 'payload checks', MEMBER);
    expect((await patch(MEMBER, id, {})).body.msg).toBe('Nothing to change');
    // The same topic is no change either.
    expect((await patch(MEMBER, id, { topic: 'payload checks' })).body.msg).toBe('Nothing to change');
    expect((await patch(MEMBER, id, { content: 'new', stream_id: channelId('design') })).body.msg).toBe(
      'Cannot change message content while changing channel',
    );
    expect((await patch(MEMBER, id, { content: 'new', propagate_mode: 'change_all' })).body.msg).toBe(
      'Invalid propagate_mode without topic edit',
    );
  });

  it('cuts long topics to max_topic_length and reads the empty topic’s display name as the empty topic', async () => {
    const { first_id: id } = fresh('general', 'to be renamed', MEMBER);
    const long = 'x'.repeat(80);
    expect((await patch(MEMBER, id, { topic: long })).status).toBe(200);
    expect(msg(id).topic).toBe(`${'x'.repeat(57)}...`);
    expect((await patch(MEMBER, id, { topic: 'general chat' })).status).toBe(200);
    expect(msg(id).topic).toBe('');
  });

  it('refuses the empty topic where topics are required, in the level’s words', async () => {
    const { first_id: id } = fresh('support', 'needs a topic', MEMBER);
    for (const topic of ['', '(no topic)', 'general chat']) {
      expect((await patch(MEMBER, id, { topic })).body).toMatchObject({
        code: 'BAD_REQUEST',
        msg: 'Sending messages to the general chat is not allowed in this channel.',
      });
    }
    sim.control.setFeatureLevel(391);
    expect((await patch(MEMBER, id, { topic: '(no topic)' })).body.msg).toBe(
      'Topics are required in this organization.',
    );
    sim.control.setFeatureLevel(420);
    sim.store.realmSettings.topics_policy = 'disable_empty_topic';
    const general = fresh('general', 'also needs one', MEMBER).first_id;
    expect((await patch(MEMBER, general, { topic: '' })).body.msg).toBe(
      'Sending messages to the general chat is not allowed in this channel.',
    );
  });

  it('guards content edits with prev_content_sha256 (EXPECTATION_MISMATCH)', async () => {
    const { first_id: id } = fresh('general', 'race', MEMBER);
    const original = msg(id).content;
    const stale = await contentSha256('something else');
    expect((await patch(MEMBER, id, { content: 'mine', prev_content_sha256: stale })).body).toEqual({
      result: 'error',
      code: 'EXPECTATION_MISMATCH',
      msg: "'prev_content_sha256' value does not match the expected value.",
      field_name: 'prev_content_sha256',
    });
    expect(msg(id).content).toBe(original);
    const ok = await patch(MEMBER, id, { content: 'mine', prev_content_sha256: await contentSha256(original) });
    expect(ok.body).toMatchObject({ result: 'success', detached_uploads: [] });
    expect(msg(id).content).toBe('mine');
    // Now the old hash is stale: a second client editing from the original is refused.
    expect(
      (await patch(MEMBER, id, { content: 'theirs', prev_content_sha256: await contentSha256(original) })).body.code,
    ).toBe('EXPECTATION_MISMATCH');
  });

  it('lets only the sender edit content, within the limit, while editing is allowed', async () => {
    const { first_id: id } = fresh('general', 'content rules', MEMBER);
    expect((await patch(MODERATOR, id, { content: 'not yours' })).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: "You don't have permission to edit this message",
    });
    sim.store.realmSettings.allow_message_editing = false;
    expect((await patch(MEMBER, id, { content: 'off' })).body.msg).toBe(
      'Your organization has turned off message editing',
    );
    sim.store.realmSettings.allow_message_editing = true;
    sim.control.advance(11 * 60_000);
    expect((await patch(MEMBER, id, { content: 'late' })).body.msg).toBe(
      'The time limit for editing this message has past',
    );
    sim.store.realmSettings.message_content_edit_limit_seconds = null;
    expect((await patch(MEMBER, id, { content: 'no limit' })).status).toBe(200);
  });

  it('moves topics with the organization’s or the channel’s permission', async () => {
    const general = fresh('general', 'rename me', MEMBER).first_id;
    const design = fresh('design', 'rename me too', MEMBER).first_id;
    sim.store.realmSettings.can_move_messages_between_topics_group = 'role:moderators';
    expect((await patch(MEMBER, general, { topic: 'renamed' })).body.msg).toBe(
      "You don't have permission to edit this message",
    );
    // design lets members move messages within it (from level 396).
    expect((await patch(MEMBER, design, { topic: 'renamed' })).status).toBe(200);
    sim.control.setFeatureLevel(395);
    expect((await patch(MEMBER, design, { topic: 'renamed again' })).body.msg).toBe(
      "You don't have permission to edit this message",
    );
    expect((await patch(MODERATOR, general, { topic: 'renamed' })).status).toBe(200);
    sim.store.realmSettings.can_move_messages_between_topics_group = 'role:nobody';
    expect((await patch(MODERATOR, general, { topic: 'renamed again' })).body.msg).toBe(
      "You don't have permission to edit this message",
    );
    // Administrators may always rename topics.
    expect((await patch(ADMIN, general, { topic: 'renamed by admin' })).status).toBe(200);
  });

  it('moves between channels with permission, into channels the mover may post in', async () => {
    const { first_id: id } = fresh('general', 'travelling', MEMBER);
    expect((await patch(MEMBER, id, { stream_id: channelId('leadership') })).body.msg).toBe('Invalid channel ID');
    expect((await patch(MODERATOR, id, { stream_id: channelId('announcements') })).body.msg).toBe(
      'You do not have permission to post in this channel.',
    );
    sim.store.realmSettings.can_move_messages_between_channels_group = 'role:moderators';
    expect((await patch(MEMBER, id, { stream_id: channelId('design') })).body.msg).toBe(
      "You don't have permission to edit this message",
    );
    expect((await patch(MODERATOR, id, { stream_id: channelId('design') })).status).toBe(200);
    expect(msg(id).streamId).toBe(channelId('design'));
    expect(msg(id).editHistory.at(-1)).toMatchObject({ prevStream: channelId('general'), stream: channelId('design') });
  });

  it('resolves and unresolves whole topics without time limits, by can_resolve_topics_group from level 367', async () => {
    const general = channelId('general');
    const all = inTopic(sim.store, general, 'book club');
    const newest = all.at(-1)!;
    expect(all[0]!.timestamp).toBeLessThan(Date.now() / 1000 - 7 * 86_400);
    const res = await patch(MEMBER, newest.id, { topic: '✔ book club', propagate_mode: 'change_all' });
    expect(res.status).toBe(200);
    expect(inTopic(sim.store, general, '✔ book club')).toHaveLength(all.length);
    expect(newest.lastMovedTimestamp).toBeNull();
    expect(newest.editHistory.at(-1)).toMatchObject({ prevTopic: 'book club', topic: '✔ book club' });
    const event = lastEvent('update_message');
    expect(event).toMatchObject({
      type: 'update_message',
      message_id: newest.id,
      message_ids: all.map((m) => m.id),
      propagate_mode: 'change_all',
      orig_subject: 'book club',
      subject: '✔ book club',
      stream_id: general,
      stream_name: 'general',
      rendering_only: false,
      user_id: user(MEMBER).user_id,
    });
    expect(event).not.toHaveProperty('new_stream_id');

    sim.store.realmSettings.can_resolve_topics_group = 'role:moderators';
    expect((await patch(MEMBER, newest.id, { topic: 'book club', propagate_mode: 'change_all' })).body.msg).toBe(
      "You don't have permission to edit this message",
    );
    // Before 367 resolving is a topic edit (members may edit topics here).
    sim.control.setFeatureLevel(366);
    expect((await patch(MEMBER, newest.id, { topic: 'book club', propagate_mode: 'change_all' })).status).toBe(200);
    expect(inTopic(sim.store, general, 'book club')).toHaveLength(all.length);
  });

  it('never resolves the empty-string topic', async () => {
    const empty = inTopic(sim.store, channelId('general'), '').at(-1)!;
    for (const topic of ['✔ ', '✔ general chat'])
      expect((await patch(MODERATOR, empty.id, { topic, propagate_mode: 'change_all' })).body.msg).toBe(
        'General chat cannot be marked as resolved',
      );
  });

  it('enforces move time limits for members: change_one, change_all (N of M) and change_later', async () => {
    const general = channelId('general');
    const all = inTopic(sim.store, general, 'holiday schedule');
    const limit = Date.now() / 1000 - 7 * 86_400;
    const allowed = all.filter((m) => m.timestamp > limit + 20);
    expect(allowed.length).toBeGreaterThan(0);
    expect(allowed.length).toBeLessThan(all.length);

    expect((await patch(MEMBER, all[0]!.id, { topic: 'holidays' })).body.msg).toBe(
      "The time limit for editing this message's topic has passed.",
    );
    const whole = await patch(MEMBER, all.at(-1)!.id, { topic: 'holidays', propagate_mode: 'change_all' });
    expect(whole.body).toEqual({
      result: 'error',
      code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      msg: `You only have permission to move the ${allowed.length}/${all.length} most recent messages in this topic.`,
      first_message_id_allowed_to_move: allowed[0]!.id,
      total_messages_allowed_to_move: allowed.length,
      total_messages_in_topic: all.length,
    });
    const later = await patch(MEMBER, allowed[0]!.id, { topic: 'holidays', propagate_mode: 'change_later' });
    expect(later.status).toBe(200);
    expect(inTopic(sim.store, general, 'holidays').map((m) => m.id)).toEqual(allowed.map((m) => m.id));
    expect(inTopic(sim.store, general, 'holiday schedule')).toHaveLength(all.length - allowed.length);
    // Moderators are exempt.
    expect((await patch(MODERATOR, all[0]!.id, { topic: 'holidays', propagate_mode: 'change_all' })).status).toBe(200);
    // The rest joins the moved part.
    expect(inTopic(sim.store, general, 'holidays')).toHaveLength(all.length);
  });

  it('lets change_all ignore the limits before level 172', async () => {
    sim.control.setFeatureLevel(171);
    const all = inTopic(sim.store, channelId('general'), 'welcome');
    expect((await patch(MEMBER, all.at(-1)!.id, { topic: 'hello', propagate_mode: 'change_all' })).status).toBe(200);
    expect(inTopic(sim.store, channelId('general'), 'hello')).toHaveLength(all.length);
  });

  it('moving between channels tells those who lose access that the messages are gone', async () => {
    const { first_id, last_id } = fresh('general', 'leaving general', MEMBER, 3);
    const res = await patch(MEMBER, first_id + 1, {
      stream_id: channelId('design'),
      propagate_mode: 'change_later',
    });
    expect(res.status).toBe(200);
    expect(msg(first_id).streamId).toBe(channelId('general'));
    expect(msg(last_id).streamId).toBe(channelId('design'));
    const update = lastEvent('update_message');
    expect(update).toMatchObject({
      message_ids: [first_id + 1, last_id],
      stream_id: channelId('general'),
      new_stream_id: channelId('design'),
      orig_subject: 'leaving general',
      propagate_mode: 'change_later',
    });
    expect(update).not.toHaveProperty('subject');
    const removal = lastEvent('delete_message');
    // The guest may read general but not design.
    expect(shapeEventFor(sim.store, removal, user(GUEST), PREFS)).toEqual({
      type: 'delete_message',
      message_type: 'stream',
      message_ids: [first_id + 1, last_id],
      stream_id: channelId('general'),
      topic: 'leaving general',
    });
    expect(shapeEventFor(sim.store, removal, user(MEMBER), PREFS)).toBeNull();
    expect(shapeEventFor(sim.store, update, user(GUEST), PREFS)).toBeNull();
    expect(shapeEventFor(sim.store, update, user(MEMBER), PREFS)).toMatchObject({ flags: ['read'] });
  });

  it('shapes the empty topic in update_message events for clients without the capability', async () => {
    const { first_id: id } = fresh('general', '', MODERATOR);
    await patch(MODERATOR, id, { topic: 'named now' });
    const event = lastEvent('update_message');
    expect(shapeEventFor(sim.store, event, user(MEMBER), PREFS)).toMatchObject({
      orig_subject: 'general chat',
      subject: 'named now',
    });
    const capable = { ...PREFS, capabilities: { empty_topic_name: true } };
    expect(shapeEventFor(sim.store, event, user(MEMBER), capable)).toMatchObject({ orig_subject: '' });
  });

  it('counts only the accessible messages of a protected-history channel, and moves only those', async () => {
    const leadership = sim.store.channel(channelId('leadership'))!;
    const all = inTopic(sim.store, leadership.stream_id, 'budget');
    const me = user(MEMBER);
    leadership.subscribers.add(me.user_id);
    const joinedAt = all[Math.floor(all.length / 2)]!;
    setProtectedHistoryStart(sim.store, me.user_id, leadership.stream_id, joinedAt.id);
    expect((await patch(MEMBER, all[0]!.id, { topic: 'x' })).body.msg).toBe('Invalid message(s)');
    const visible = all.filter((m) => m.id >= joinedAt.id);
    const limit = Date.now() / 1000 - 7 * 86_400 + 20;
    const movable = visible.filter((m) => m.timestamp > limit);
    const res = await patch(MEMBER, all.at(-1)!.id, { topic: 'money', propagate_mode: 'change_all' });
    if (movable.length < visible.length) {
      expect(res.body).toMatchObject({
        code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
        total_messages_in_topic: visible.length,
        total_messages_allowed_to_move: movable.length,
      });
    }
    sim.store.realmSettings.move_messages_within_stream_limit_seconds = null;
    expect((await patch(MEMBER, all.at(-1)!.id, { topic: 'money', propagate_mode: 'change_all' })).status).toBe(200);
    expect(inTopic(sim.store, leadership.stream_id, 'money').map((m) => m.id)).toEqual(visible.map((m) => m.id));
    expect(inTopic(sim.store, leadership.stream_id, 'budget')).toHaveLength(all.length - visible.length);
  });

  it('keeps GET /messages consistent: new content, edit history newest first, the level’s timestamps', async () => {
    const { first_id: id } = fresh('general', 'history', MEMBER);
    await patch(MEMBER, id, { content: 'edited **once**' });
    sim.control.advance(1_000);
    await patch(MEMBER, id, { topic: 'history moved' });
    const fetch = async () => (await getMessages({ message_ids: [id], apply_markdown: true }, MEMBER)).messages[0]!;
    const m = await fetch();
    expect(m.content).toBe('<p>edited <strong>once</strong></p>');
    expect(m.subject).toBe('history moved');
    const history = m.edit_history as Record<string, unknown>[];
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({ prev_topic: 'history', topic: 'history moved' });
    expect(history[1]).toMatchObject({ prev_content: 'Bulk message 1 of 1.' });
    expect(m.last_moved_timestamp).toBeGreaterThan(m.last_edit_timestamp as number);
    sim.control.setFeatureLevel(364);
    const old = await fetch();
    expect(old).not.toHaveProperty('last_moved_timestamp');
    expect(old.last_edit_timestamp).toBe(m.last_moved_timestamp);
    sim.control.setFeatureLevel(420);
    sim.store.realmSettings.message_edit_history_visibility_policy = 'none';
    expect(await fetch()).not.toHaveProperty('edit_history');
  });

  it('serves the edit history oldest first, unless the organization hides it', async () => {
    const { first_id: id } = fresh('general', '', MEMBER);
    await patch(MEMBER, id, { content: 'second' });
    await patch(MEMBER, id, { topic: 'third' });
    const res = await callSim(sim, 'GET', `/messages/${id}/history`, { as: MEMBER });
    const history = svcOps.getMessageHistory.response.parse(res.body).message_history;
    expect(history.map((h) => [h.topic, h.content])).toEqual([
      ['general chat', 'Bulk message 1 of 1.'],
      ['general chat', 'second'],
      ['third', 'second'],
    ]);
    expect(history[0]).toEqual({
      topic: 'general chat',
      content: 'Bulk message 1 of 1.',
      rendered_content: '<p>Bulk message 1 of 1.</p>',
      timestamp: msg(id).timestamp,
      user_id: user(MEMBER).user_id,
    });
    expect(history[1]).toMatchObject({
      prev_content: 'Bulk message 1 of 1.',
      prev_rendered_content: '<p>Bulk message 1 of 1.</p>',
    });
    expect(history[2]).toMatchObject({ prev_topic: 'general chat' });
    const withEmpty = await callSim(sim, 'GET', `/messages/${id}/history`, {
      as: MEMBER,
      params: { allow_empty_topic_name: true },
    });
    expect((withEmpty.body.message_history as { topic: string }[])[0]!.topic).toBe('');
    sim.store.realmSettings.message_edit_history_visibility_policy = 'moves';
    const moves = (await callSim(sim, 'GET', `/messages/${id}/history`, { as: MEMBER })).body.message_history as {
      content: string;
    }[];
    expect(moves).toHaveLength(2);
    expect(moves.every((h) => h.content === 'second')).toBe(true);
    sim.store.realmSettings.message_edit_history_visibility_policy = 'none';
    expect((await callSim(sim, 'GET', `/messages/${id}/history`, { as: MEMBER })).body.msg).toBe(
      'Message edit history is disabled in this organization',
    );
    expect((await callSim(sim, 'GET', '/messages/99999999/history', { as: ADMIN })).body.msg).toBe(
      'Message edit history is disabled in this organization',
    );
  });

  it('reports uploads an edit detached, and lets only their owner delete them', async () => {
    const upload = [...sim.store.attachments.values()].find((a) => a.name === 'icon-set-v2.png')!;
    const linking = [...sim.store.messages.values()].find((m) => m.content.includes(upload.pathId))!;
    expect(linking.renderedContent).toContain(`<a href="/user_uploads/${upload.pathId}">icon-set-v2.png</a>`);
    const owner = sim.store.user(upload.ownerId)!;
    sim.store.realmSettings.message_content_edit_limit_seconds = null;
    const res = await patch(owner.deliveryEmail, linking.id, { content: 'No file any more.' });
    // Level 500: times in seconds (443), the messages as IDs (472).
    expect(svcOps.updateMessage.response.parse(res.body).detached_uploads).toEqual([
      {
        id: upload.id,
        name: 'icon-set-v2.png',
        path_id: upload.pathId,
        size: upload.size,
        create_time: Math.floor(upload.createTime / 1000),
        message_ids: [],
      },
    ]);
    const other = owner.deliveryEmail === ADMIN ? MEMBER : ADMIN;
    const denied = await callSim(sim, 'DELETE', `/attachments/${upload.id}`, { as: other });
    expect(denied.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid attachment' });
    expect((await callSim(sim, 'DELETE', `/attachments/${upload.id}`, { as: owner.deliveryEmail })).status).toBe(200);
    expect(sim.store.attachments.has(upload.id)).toBe(false);
    expect((await callSim(sim, 'DELETE', `/attachments/${upload.id}`, { as: owner.deliveryEmail })).body.msg).toBe(
      'Invalid attachment',
    );
  });

  it('answers matches_narrow with the search words highlighted', async () => {
    const design = channelId('design');
    const candidates = inTopic(sim.store, design, 'icons').slice(-30);
    const matching = candidates.filter((m) => m.content.toLowerCase().includes('review'));
    expect(matching.length).toBeGreaterThan(0);
    const res = await callSim(sim, 'GET', '/messages/matches_narrow', {
      as: MEMBER,
      params: {
        msg_ids: candidates.map((m) => m.id),
        narrow: [
          { operator: 'channel', operand: design },
          { operator: 'search', operand: 'review' },
        ],
      },
    });
    const { messages } = svcOps.getMessagesMatchesNarrow.response.parse(res.body);
    expect(Object.keys(messages).map(Number)).toEqual(matching.map((m) => m.id));
    const first = messages[String(matching[0]!.id)]!;
    expect(first.match_content).toContain('<span class="highlight">review</span>');
    expect(first.match_subject).toBe('icons');
    const secret = inTopic(sim.store, channelId('leadership'), 'budget')[0]!;
    const hidden = await callSim(sim, 'GET', '/messages/matches_narrow', {
      as: MEMBER,
      params: { msg_ids: [secret.id], narrow: [] },
    });
    expect(hidden.body.messages).toEqual({});
  });
});
