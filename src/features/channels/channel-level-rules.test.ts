import { describe, expect, it } from 'vitest';
import { ApiError } from '../../client/api-error';
import type { Channel } from '../../shared/svc/channels';
import {
  archivedReadsGate,
  everyoneGroupId,
  subscriberCountSource,
  topicStartersProblem,
  topicStartersRefusal,
  TOPIC_STARTERS_RULE,
} from './channel-level-rules';

const channel: Channel = {
  stream_id: 7,
  name: 'design',
  description: '',
  invite_only: false,
  is_web_public: false,
  subscriber_count: 12,
};
const archived: Channel = { ...channel, is_archived: true };

describe('who can start new topics (level 441)', () => {
  const EVERYONE = 6;
  it('finds the role:everyone system group, not a custom group of that name', () => {
    expect(
      everyoneGroupId([
        { id: 40, name: 'role:everyone', is_system_group: false },
        { id: EVERYONE, name: 'role:everyone', is_system_group: true },
      ]),
    ).toBe(EVERYONE);
    expect(everyoneGroupId([])).toBeNull();
  });

  it('asks private channels with protected history to let everyone start topics', () => {
    expect(topicStartersProblem(true, 3, EVERYONE)).toBe(TOPIC_STARTERS_RULE);
    expect(topicStartersProblem(true, { direct_members: [5], direct_subgroups: [EVERYONE] }, EVERYONE)).toBe(
      TOPIC_STARTERS_RULE,
    );
    expect(topicStartersProblem(true, EVERYONE, EVERYONE)).toBeNull();
    expect(topicStartersProblem(true, { direct_members: [], direct_subgroups: [EVERYONE] }, EVERYONE)).toBeNull();
    // Other channels take any group; an unset value or groups still loading are not judged.
    expect(topicStartersProblem(false, 3, EVERYONE)).toBeNull();
    expect(topicStartersProblem(true, undefined, EVERYONE)).toBeNull();
    expect(topicStartersProblem(true, 3, null)).toBeNull();
    expect(TOPIC_STARTERS_RULE).not.toMatch(/_/);
  });

  it('puts the server’s refusal naming the setting in words, and leaves other refusals alone', () => {
    const combination = new ApiError(400, {
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Unsupported parameter combination: history_public_to_subscribers, can_create_topic_group',
      parameters: 'history_public_to_subscribers, can_create_topic_group',
    });
    expect(topicStartersRefusal(combination)).toBe(
      'A private channel with protected history must let everyone start new topics.',
    );
    const olderServer = new ApiError(400, {
      result: 'error',
      code: 'INVALID_PARAMS',
      msg: 'Who can start new topics needs a newer chat server: feature level 441, this one is at 440.',
      field: 'can_create_topic_group',
    });
    expect(topicStartersRefusal(olderServer)).toBe(olderServer.envelope.msg);
    const other = new ApiError(400, { result: 'error', code: 'BAD_REQUEST', msg: 'Invalid user group.' });
    expect(topicStartersRefusal(other)).toBeNull();
    expect(topicStartersRefusal(new Error('offline'))).toBeNull();
  });
});

describe('subscriber counts (level 394)', () => {
  it('come from the channel record from level 394, with no request', () => {
    expect(subscriberCountSource(channel, 394)).toEqual({ from: 'record', count: 12 });
    expect(subscriberCountSource(archived, 394)).toEqual({ from: 'record', count: 12 });
  });

  it('are counted from the subscribers list below 394, or when the record has none', () => {
    expect(subscriberCountSource(channel, 393)).toEqual({ from: 'subscribers' });
    expect(subscriberCountSource({ ...channel, subscriber_count: undefined }, 500)).toEqual({ from: 'subscribers' });
  });

  it('say why not for an archived channel on a server that cannot list its subscribers', () => {
    const none = subscriberCountSource({ ...archived, subscriber_count: undefined }, 393);
    expect(none).toEqual({ from: 'none', reason: expect.stringContaining('feature level 480, this one is at 393') });
  });
});

describe('archived channels’ subscribers and topics (level 480)', () => {
  it('can be read from level 480, and always for a channel that is not archived', () => {
    expect(archivedReadsGate(archived, 480)).toBeNull();
    expect(archivedReadsGate(channel, 372)).toBeNull();
  });

  it('are explained below 480 instead of being asked for', () => {
    expect(archivedReadsGate(archived, 479)).toBe(
      'This server does not let anyone read an archived channel’s subscribers and topics. Needs a newer chat server: feature level 480, this one is at 479.',
    );
  });
});
