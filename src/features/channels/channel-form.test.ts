import { describe, expect, it } from 'vitest';
import {
  checkChannelForm,
  initialChannelForm,
  toCreateParams,
  toLegacySubscribeParams,
  TOPIC_STARTERS_FIELD,
} from './channel-form';

const limits = { maxNameLength: 60, maxDescriptionLength: 1024 };

describe('checkChannelForm', () => {
  it('needs a name within the server maximum, counted in code points', () => {
    const values = initialChannelForm(1);
    expect(checkChannelForm(values, limits).name).toBe('Enter a channel name.');
    expect(checkChannelForm({ ...values, name: '😀'.repeat(60) }, limits).name).toBeUndefined();
    expect(checkChannelForm({ ...values, name: 'x'.repeat(61) }, limits).name).toBe(
      'At most 60 characters (this has 61).',
    );
    expect(
      checkChannelForm({ ...values, name: 'x'.repeat(61) }, { ...limits, maxNameLength: null }).name,
    ).toBeUndefined();
  });
  it('checks the description length and a whole number of retention days', () => {
    const values = { ...initialChannelForm(1), name: 'ok' };
    expect(checkChannelForm({ ...values, description: 'd'.repeat(1025) }, limits).description).toContain('1024');
    expect(checkChannelForm({ ...values, retention: 'days', retentionDays: 0 }, limits).retentionDays).toBeDefined();
    expect(
      checkChannelForm({ ...values, retention: 'days', retentionDays: '2.5' }, limits).retentionDays,
    ).toBeDefined();
    expect(checkChannelForm({ ...values, retention: 'days', retentionDays: 90 }, limits)).toEqual({});
  });
});

describe('toCreateParams', () => {
  it('sends only what was chosen', () => {
    expect(toCreateParams({ ...initialChannelForm(7), name: ' plans ' })).toEqual({ name: 'plans', subscribers: [7] });
  });
  it('maps privacy, history, retention, folder, topics policy and permissions', () => {
    const params = toCreateParams({
      ...initialChannelForm(7),
      name: 'secret',
      description: 'Hush',
      subscribers: ['7', '8', '9'],
      privacy: 'private',
      historyPublic: false,
      retention: 'days',
      retentionDays: '30',
      folderId: '2',
      topicsPolicy: 'disable_empty_topic',
      announce: true,
      permissions: { can_send_message_group: { direct_members: [7, 8], direct_subgroups: [] } },
    });
    expect(params).toEqual({
      name: 'secret',
      description: 'Hush',
      subscribers: [7, 8, 9],
      announce: true,
      invite_only: true,
      folder_id: 2,
      topics_policy: 'disable_empty_topic',
      history_public_to_subscribers: false,
      message_retention_days: 30,
      can_send_message_group: { direct_members: [7, 8], direct_subgroups: [] },
    });
    expect(
      toCreateParams({ ...initialChannelForm(7), name: 'w', privacy: 'web-public', retention: 'unlimited' }),
    ).toEqual({ name: 'w', subscribers: [7], is_web_public: true, message_retention_days: 'unlimited' });
  });
});

describe('toLegacySubscribeParams', () => {
  it('creates by subscribing the chosen people to the new name', () => {
    expect(
      toLegacySubscribeParams({ ...initialChannelForm(7), name: 'old-way', description: 'd', privacy: 'private' }),
    ).toEqual({
      subscriptions: [{ name: 'old-way', description: 'd' }],
      principals: [7],
      invite_only: true,
      history_public_to_subscribers: true,
    });
  });
});

describe('who can start new topics (level 441)', () => {
  const EVERYONE = 6;
  const values = { ...initialChannelForm(7), name: 'quiet' };

  it('is sent only when chosen', () => {
    expect(toCreateParams(values)).not.toHaveProperty('can_create_topic_group');
    expect(toCreateParams({ ...values, permissions: { can_create_topic_group: 3 } })).toMatchObject({
      can_create_topic_group: 3,
    });
  });

  it('must be everyone in a private channel with protected history, on its own field', () => {
    const protectedHistory = { ...values, privacy: 'private' as const, historyPublic: false };
    expect(
      checkChannelForm({ ...protectedHistory, permissions: { can_create_topic_group: 3 } }, limits, EVERYONE),
    ).toEqual({ [TOPIC_STARTERS_FIELD]: expect.stringContaining('must let everyone start new topics') });
    expect(
      checkChannelForm({ ...protectedHistory, permissions: { can_create_topic_group: EVERYONE } }, limits, EVERYONE),
    ).toEqual({});
    expect(checkChannelForm({ ...values, permissions: { can_create_topic_group: 3 } }, limits, EVERYONE)).toEqual({});
  });
});
