import { describe, expect, it } from 'vitest';
import type { Channel } from '../../shared/svc/channels';
import {
  checkNameDescription,
  nameDescriptionParams,
  permissionGate,
  permissionParams,
  privacyOf,
  privacyParams,
} from './channel-settings-form';
import { administerChannelAbility } from './permissions';

const channel: Channel = {
  stream_id: 7,
  name: 'design',
  description: 'Sketches',
  invite_only: false,
  is_web_public: false,
  history_public_to_subscribers: true,
  can_send_message_group: 3,
  can_administer_channel_group: { direct_members: [5], direct_subgroups: [] },
};

describe('privacy', () => {
  it('reads the four choices from a channel and writes each back', () => {
    expect(privacyOf(channel)).toBe('public');
    expect(privacyOf({ ...channel, is_web_public: true })).toBe('web-public');
    expect(privacyOf({ ...channel, invite_only: true })).toBe('private-shared');
    expect(privacyOf({ ...channel, invite_only: true, history_public_to_subscribers: false })).toBe(
      'private-protected',
    );
    expect(privacyParams('private-protected')).toEqual({ is_private: true, history_public_to_subscribers: false });
    expect(privacyParams('web-public')).toEqual({ is_private: false, is_web_public: true });
    expect(privacyParams('public')).toEqual({ is_private: false, is_web_public: false });
  });
});

describe('name and description', () => {
  const limits = { maxNameLength: 60, maxDescriptionLength: 1024 };
  it('checks the name and the lengths the server published', () => {
    expect(checkNameDescription({ name: '  ', description: '' }, limits)).toEqual({ name: 'Enter a channel name.' });
    expect(checkNameDescription({ name: 'x'.repeat(61), description: '' }, limits).name).toBe(
      'At most 60 characters (this has 61).',
    );
  });

  it('sends only what changed, and nothing when nothing did', () => {
    expect(nameDescriptionParams(channel, { name: ' design ', description: 'Sketches' })).toBeNull();
    expect(nameDescriptionParams(channel, { name: 'design-2', description: 'Sketches' })).toEqual({
      stream_id: 7,
      new_name: 'design-2',
    });
    expect(nameDescriptionParams(channel, { name: 'design', description: '' })).toEqual({
      stream_id: 7,
      description: '',
    });
  });
});

describe('permissions', () => {
  it('sends each changed permission as {new, old} with what the form was loaded with', () => {
    const loaded = { can_send_message_group: 3 };
    expect(permissionParams(7, loaded, { can_send_message_group: 3 })).toBeNull();
    expect(
      permissionParams(7, loaded, { can_send_message_group: { direct_members: [], direct_subgroups: [3] } }),
    ).toBeNull();
    expect(permissionParams(7, loaded, { can_send_message_group: 4 })).toEqual({
      stream_id: 7,
      can_send_message_group: { new: 4, old: 3 },
    });
  });

  it('gates each permission by the level its update needs, and by the server reporting it', () => {
    expect(permissionGate(372, 'can_send_message_group', channel)).toBeNull();
    expect(permissionGate(372, 'can_delete_any_message_group', channel)).toBe(
      'Needs a newer chat server: feature level 407, this one is at 372.',
    );
    expect(permissionGate(420, 'can_subscribe_group', channel)).toBe(
      'This server does not report this setting for the channel.',
    );
    // Who can start new topics: from level 441, where the record carries it.
    expect(permissionGate(440, 'can_create_topic_group', channel)).toBe(
      'Needs a newer chat server: feature level 441, this one is at 440.',
    );
    expect(permissionGate(441, 'can_create_topic_group', { ...channel, can_create_topic_group: 6 })).toBeNull();
  });

  it('sends a changed “who can start new topics” as {new, old}, like every permission', () => {
    expect(permissionParams(7, { can_create_topic_group: 6 }, { can_create_topic_group: 3 })).toEqual({
      stream_id: 7,
      can_create_topic_group: { new: 3, old: 6 },
    });
  });

  it('lets administrators and the channel’s administrators change settings', () => {
    const groups = new Map();
    expect(administerChannelAbility(200, 1, channel.can_administer_channel_group, groups).allowed).toBe(true);
    expect(administerChannelAbility(400, 5, channel.can_administer_channel_group, groups).allowed).toBe(true);
    expect(administerChannelAbility(400, 6, channel.can_administer_channel_group, groups).reason).toBe(
      'Only organization administrators and this channel’s administrators can change its settings.',
    );
  });
});
