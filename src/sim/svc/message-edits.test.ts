import { beforeEach, describe, expect, it } from 'vitest';
import { contentSha256 } from '../../shared/svc/content-hash';
import { createSvcSimulator, type SvcSimulator } from '.';
import { renderMessageContent, uploadLink, uploadPathIds } from './attachments';
import {
  accessibleTopicMessages,
  canMoveOutOfChannel,
  canMoveWithinChannels,
  canResolveTopics,
  receivedInProtectedHistory,
  setProtectedHistoryStart,
  sha256Hex,
  updateMessage,
} from './message-edits';
import { SEEDED_UPLOADS } from './seed-messages';

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
});

const user = (email: string) => sim.store.userByDeliveryEmail(email)!;
const channel = (name: string) => sim.store.channels.find((c) => c.name === name)!;

describe('the content hash guard', () => {
  it('hashes exactly like the SPA’s contentSha256 (UTF-8, hex)', async () => {
    for (const text of ['', 'plain', 'ünïcödé ✔ 🎉', 'line\nbreak\r\n'])
      expect(sha256Hex(text)).toBe(await contentSha256(text));
  });
});

describe('move permissions', () => {
  it('follow the realm groups, the channel groups from their levels, and exempt nobody from permission', () => {
    const member = user('member@demo.test');
    const guest = user('guest@demo.test');
    const general = channel('general');
    const design = channel('design');
    expect(canMoveWithinChannels(sim.store, member, general, general)).toBe(true);
    expect(canMoveOutOfChannel(sim.store, member, general)).toBe(true);
    expect(canMoveOutOfChannel(sim.store, guest, general)).toBe(false);
    sim.store.realmSettings.can_move_messages_between_topics_group = 'role:administrators';
    expect(canMoveWithinChannels(sim.store, member, general, general)).toBe(false);
    // Either channel's own permission is enough.
    expect(canMoveWithinChannels(sim.store, member, general, design)).toBe(true);
    sim.control.setFeatureLevel(395);
    expect(canMoveWithinChannels(sim.store, member, general, design)).toBe(false);
  });

  it('resolve with can_resolve_topics_group from 367 (channel’s from 402), with the topic rule before', () => {
    const member = user('member@demo.test');
    const general = channel('general');
    const design = channel('design');
    sim.store.realmSettings.can_resolve_topics_group = 'role:nobody';
    expect(canResolveTopics(sim.store, member, general, general)).toBe(false);
    expect(canResolveTopics(sim.store, member, design, design)).toBe(true);
    sim.control.setFeatureLevel(401);
    expect(canResolveTopics(sim.store, member, design, design)).toBe(false);
    sim.control.setFeatureLevel(366);
    expect(canResolveTopics(sim.store, member, general, general)).toBe(true);
  });
});

describe('protected history', () => {
  it('limits a late subscriber to the messages from their start', () => {
    const leadership = channel('leadership');
    const member = user('member@demo.test');
    const budget = accessibleTopicMessages(sim.store, user('owner@demo.test'), leadership, 'budget');
    expect(accessibleTopicMessages(sim.store, member, leadership, 'budget')).toEqual([]);
    leadership.subscribers.add(member.user_id);
    expect(accessibleTopicMessages(sim.store, member, leadership, 'budget')).toHaveLength(budget.length);
    setProtectedHistoryStart(sim.store, member.user_id, leadership.stream_id, budget[5]!.id);
    expect(accessibleTopicMessages(sim.store, member, leadership, 'budget')).toEqual(budget.slice(5));
    expect(receivedInProtectedHistory(sim.store, member, leadership, budget[4]!)).toBe(false);
    // Public channels are not affected.
    const general = channel('general');
    expect(receivedInProtectedHistory(sim.store, member, general, [...sim.store.messages.values()][0]!)).toBe(true);
  });
});

describe('attachments', () => {
  it('are linked from content and rendered as links', () => {
    const link = uploadLink({ name: 'a b.pdf', pathId: '1/ab/xyz/a b.pdf' });
    expect(link).toBe('[a b.pdf](/user_uploads/1/ab/xyz/a b.pdf)');
    expect(uploadPathIds('see [x](/user_uploads/1/ab/xyz/x.png) and /user_uploads/1/cd/q/y.txt')).toEqual(
      new Set(['1/ab/xyz/x.png', '1/cd/q/y.txt']),
    );
    expect(renderMessageContent('File: [x.png](/user_uploads/1/ab/xyz/x.png)')).toBe(
      '<p>File: <a href="/user_uploads/1/ab/xyz/x.png">x.png</a></p>',
    );
  });

  it('are seeded in the demo messages, owned by the sender of the message linking them', () => {
    expect(sim.store.attachments.size).toBe(SEEDED_UPLOADS.length);
    for (const a of sim.store.attachments.values()) {
      const linking = [...sim.store.messages.values()].filter((m) => uploadPathIds(m.content).has(a.pathId));
      expect(linking).toHaveLength(1);
      expect(linking[0]!.senderId).toBe(a.ownerId);
    }
  });

  it('an edit keeping a link detaches nothing', () => {
    const a = [...sim.store.attachments.values()][0]!;
    const m = [...sim.store.messages.values()].find((x) => uploadPathIds(x.content).has(a.pathId))!;
    sim.store.realmSettings.message_content_edit_limit_seconds = null;
    const outcome = updateMessage(sim.store, sim.store.user(a.ownerId)!, {
      message_id: m.id,
      content: `Still here: ${uploadLink(a)}`,
    });
    expect(outcome.detachedUploads).toEqual([]);
  });
});

describe('the demo topics', () => {
  it('have unresolved topics with messages on both sides of the default 7-day move limit', () => {
    const now = sim.control.now() / 1000;
    const limit = now - 7 * 86_400;
    for (const [name, topic] of [
      ['general', 'holiday schedule'],
      ['general', 'book club'],
      ['general', 'team offsite'],
      ['design', 'icons'],
      ['support', 'billing questions'],
    ] as const) {
      const ts = accessibleTopicMessages(sim.store, user('moderator@demo.test'), channel(name), topic).map(
        (m) => m.timestamp,
      );
      expect(
        ts.some((t) => t < limit - 60),
        `${name}/${topic} has old messages`,
      ).toBe(true);
      expect(
        ts.some((t) => t > limit + 3_600),
        `${name}/${topic} has recent messages`,
      ).toBe(true);
    }
  });
});
