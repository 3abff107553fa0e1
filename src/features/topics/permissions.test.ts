import { describe, expect, it } from 'vitest';
import type { Channel } from '../../shared/svc/channels';
import type { GroupMembership } from '../../shared/svc/group-settings';
import {
  editContentAbility,
  EMPTY_TOPIC_RESOLVE_REASON,
  partialMoveOf,
  partialMoveText,
  resolveAbility,
} from './permissions';

const groups = new Map<number, GroupMembership>([
  [3, { id: 3, members: [30], direct_subgroup_ids: [2] }],
  [2, { id: 2, members: [20], direct_subgroup_ids: [] }],
]);
const channel = { stream_id: 1, name: 'c', description: '', invite_only: false, is_web_public: false } as Channel;
const base = { level: 420, userId: 20, realm: { realm_can_resolve_topics_group: 3 }, channel, groups };

describe('resolveAbility', () => {
  it('never offers the empty-string topic', () => {
    expect(resolveAbility({ ...base, topic: '' })).toEqual({ allowed: false, reason: EMPTY_TOPIC_RESOLVE_REASON });
  });
  it('follows the realm or channel group from level 367, through subgroups', () => {
    expect(resolveAbility({ ...base, topic: 'lunch' }).allowed).toBe(true);
    expect(resolveAbility({ ...base, topic: 'lunch', userId: 40 }).allowed).toBe(false);
    const adHoc = { ...channel, can_resolve_topics_group: { direct_members: [40], direct_subgroups: [] } };
    expect(resolveAbility({ ...base, topic: 'lunch', userId: 40, channel: adHoc }).allowed).toBe(true);
  });
  it('leaves the decision to older servers', () => {
    expect(resolveAbility({ ...base, topic: 'lunch', userId: 40, level: 366 }).allowed).toBe(true);
  });
});

describe('partialMoveOf', () => {
  it('reads the time-limit refusal', () => {
    const envelope = {
      code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      first_message_id_allowed_to_move: 120,
      total_messages_allowed_to_move: 3,
      total_messages_in_topic: 8,
    };
    const partial = partialMoveOf(envelope)!;
    expect(partial).toEqual({ allowed: 3, total: 8, firstAllowedId: 120 });
    expect(partialMoveText(partial)).toBe(
      '3 of 8 messages can still be moved; the older ones are past the time limit for moving.',
    );
  });
  it('says nothing can be moved when the first allowed ID is null', () => {
    const partial = partialMoveOf({
      code: 'MOVE_MESSAGES_TIME_LIMIT_EXCEEDED',
      first_message_id_allowed_to_move: null,
      total_messages_allowed_to_move: 0,
      total_messages_in_topic: 5,
    })!;
    expect(partialMoveText(partial)).toContain('None of the 5 messages can be moved');
  });
  it('ignores other refusals', () => {
    expect(partialMoveOf({ code: 'BAD_REQUEST' })).toBeNull();
  });
});

describe('editContentAbility', () => {
  const base = { senderId: 5, timestamp: 1_000, userId: 5, nowSeconds: 1_100, realm: {} };
  it('lets the sender edit within the limit', () => {
    expect(editContentAbility({ ...base, realm: { realm_message_content_edit_limit_seconds: 600 } }).allowed).toBe(
      true,
    );
    expect(editContentAbility({ ...base, realm: { realm_message_content_edit_limit_seconds: null } }).allowed).toBe(
      true,
    );
  });
  it('refuses someone else’s message, whatever the role', () => {
    expect(editContentAbility({ ...base, userId: 6 })).toEqual({
      allowed: false,
      reason: 'Only the sender can edit a message.',
    });
  });
  it('refuses past the time limit and when editing is off', () => {
    const late = { ...base, nowSeconds: 2_000, realm: { realm_message_content_edit_limit_seconds: 600 } };
    expect(editContentAbility(late).allowed).toBe(false);
    expect(editContentAbility({ ...base, realm: { realm_allow_message_editing: false } }).allowed).toBe(false);
  });
});
