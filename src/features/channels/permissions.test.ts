import { describe, expect, it } from 'vitest';
import type { GroupMembership } from '../../shared/svc/group-settings';
import {
  createChannelAbility,
  creationMethod,
  deleteTopicAbility,
  removeSubscribersAbility,
  webPublicAbility,
} from './permissions';

const groups = new Map<number, GroupMembership>([
  [1, { id: 1, members: [10], direct_subgroup_ids: [] }],
  [2, { id: 2, members: [20], direct_subgroup_ids: [1] }],
]);
const realm = {
  server_web_public_streams_enabled: true,
  realm_enable_spectator_access: true,
  realm_can_create_web_public_channel_group: 2,
};

describe('creationMethod', () => {
  it('uses the creation endpoint from level 417 and explains the older way below it', () => {
    expect(creationMethod(417)).toEqual({ method: 'create', note: null });
    expect(creationMethod(400).method).toBe('subscribe');
    expect(creationMethod(400).note).toContain('needs level 417');
  });
});

describe('webPublicAbility', () => {
  it('allows members of the group, through subgroups too', () => {
    expect(webPublicAbility(realm, 20, groups).allowed).toBe(true);
    expect(webPublicAbility(realm, 10, groups).allowed).toBe(true);
    expect(webPublicAbility(realm, 30, groups).reason).toBe(
      'You are not in the group allowed to create web-public channels.',
    );
  });
  it('names the server and organization settings that forbid it', () => {
    expect(webPublicAbility({ ...realm, server_web_public_streams_enabled: false }, 20, groups).reason).toBe(
      'This server does not allow web-public channels.',
    );
    expect(webPublicAbility({ ...realm, realm_enable_spectator_access: false }, 20, groups).reason).toBe(
      'The organization does not allow viewing channels without an account.',
    );
    expect(webPublicAbility(undefined, 20, groups).allowed).toBe(false);
  });
  it('understands an ad-hoc set', () => {
    const adHoc = {
      ...realm,
      realm_can_create_web_public_channel_group: { direct_members: [30], direct_subgroups: [] },
    };
    expect(webPublicAbility(adHoc, 30, groups).allowed).toBe(true);
    expect(webPublicAbility(adHoc, 20, groups).allowed).toBe(false);
  });
});

describe('deleteTopicAbility', () => {
  it('is for owners and administrators', () => {
    expect(deleteTopicAbility(100).allowed).toBe(true);
    expect(deleteTopicAbility(200).allowed).toBe(true);
    expect(deleteTopicAbility(300).reason).toBe('Only organization administrators can delete topics.');
    expect(deleteTopicAbility(null).allowed).toBe(false);
  });
});

describe('removeSubscribersAbility', () => {
  it('allows administrators and members of the channel setting', () => {
    expect(removeSubscribersAbility(200, 99, undefined, groups).allowed).toBe(true);
    expect(removeSubscribersAbility(400, 10, 2, groups).allowed).toBe(true);
    expect(removeSubscribersAbility(400, 30, 2, groups).allowed).toBe(false);
  });
});

describe('createChannelAbility', () => {
  const settings = { realm_can_create_public_channel_group: 1, realm_can_create_private_channel_group: 1 };
  it('never lets a guest, and says so', () => {
    expect(createChannelAbility(600, settings, 10, groups)).toEqual({
      allowed: false,
      reason: 'Guests cannot create channels.',
    });
  });
  it('lets whom either setting names, and administrators always', () => {
    expect(createChannelAbility(400, settings, 10, groups).allowed).toBe(true);
    expect(
      createChannelAbility(400, { ...settings, realm_can_create_private_channel_group: 2 }, 20, groups).allowed,
    ).toBe(true);
    expect(createChannelAbility(400, settings, 30, groups).reason).toBe(
      'The organization does not let you create channels.',
    );
    expect(createChannelAbility(200, settings, 30, groups).allowed).toBe(true);
  });
  it('leaves it to the form while the settings or groups are not known', () => {
    expect(createChannelAbility(400, undefined, 30, groups).allowed).toBe(true);
    expect(createChannelAbility(400, settings, 30, new Map()).allowed).toBe(true);
  });
});
