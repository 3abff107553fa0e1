import { describe, expect, it } from 'vitest';
import { svcOps } from '../svc/catalog';
import { auditTargetTypes } from '../bff/audit';
import { USER_SETTINGS } from '../svc/user-settings-defaults';
import {
  botTypeLabel,
  describeParams,
  describeUserSetting,
  exportTypeLabel,
  humanServerMessage,
  operationLabel,
  outcomeLabel,
  paramLabel,
  paramValue,
  recordTypeLabel,
  replicaLabel,
  permissionLabel,
  roleLabel,
  systemGroupLabel,
} from './index';

describe('the labels dictionary', () => {
  it('names operations, and keeps an unknown id rather than hiding it', () => {
    expect(operationLabel('deactivateUser')).toBe('Deactivate user');
    expect(operationLabel('session.signIn')).toBe('Sign in');
    expect(operationLabel('someFutureOp')).toBe('someFutureOp');
  });

  it('names roles, bot types and system groups', () => {
    expect(roleLabel(300)).toBe('Moderator');
    expect(roleLabel(100)).toBe('Owner');
    expect(roleLabel(700)).toBe('Role 700');
    expect(botTypeLabel(3)).toBe('Outgoing webhook');
    expect(botTypeLabel(null)).toBeNull();
    expect(systemGroupLabel('role:fullmembers')).toBe('Full members');
    expect(systemGroupLabel('team-leads')).toBeNull();
  });

  it('puts every permission in words, the organization’s with or without their prefix', () => {
    expect(permissionLabel('realm_can_move_messages_between_channels_group')).toBe(
      'Who can move messages between channels',
    );
    expect(permissionLabel('can_move_messages_between_channels_group')).toBe('Who can move messages between channels');
    expect(permissionLabel('can_send_message_group')).toBe('Who can post');
    expect(permissionLabel('can_mention_group')).toBe('Who can mention this group');
    expect(permissionLabel('realm_create_multiuse_invite_group')).toBe('Who can create invite links');
    // One the console does not know yet still reads as words.
    expect(permissionLabel('can_pin_messages_group')).toBe('Who can pin messages');
  });

  it('every organization permission the real server sends has a label of its own', () => {
    const realServer = [
      'realm_create_multiuse_invite_group',
      'realm_can_access_all_users_group',
      'realm_can_add_subscribers_group',
      'realm_can_add_custom_emoji_group',
      'realm_can_create_bots_group',
      'realm_can_create_groups',
      'realm_can_create_public_channel_group',
      'realm_can_create_private_channel_group',
      'realm_can_create_web_public_channel_group',
      'realm_can_create_write_only_bots_group',
      'realm_can_delete_any_message_group',
      'realm_can_delete_own_message_group',
      'realm_can_invite_users_group',
      'realm_can_manage_all_groups',
      'realm_can_manage_billing_group',
      'realm_can_mention_many_users_group',
      'realm_can_move_messages_between_channels_group',
      'realm_can_move_messages_between_topics_group',
      'realm_can_resolve_topics_group',
      'realm_can_summarize_topics_group',
      'realm_direct_message_initiator_group',
      'realm_direct_message_permission_group',
    ];
    for (const name of realServer) {
      const label = permissionLabel(name);
      expect(label, name).not.toMatch(/_/);
      expect(label, name).toMatch(/^Who can /);
    }
    expect(new Set(realServer.map(permissionLabel)).size).toBe(realServer.length);
  });

  it('names parameters and their values as people read them', () => {
    expect(paramLabel('status_text')).toBe('Status text');
    expect(paramLabel('deactivation_notification_comment')).toBe('Note to the person');
    expect(paramLabel('can_administer_channel_group')).toBe('Who can administer the channel');
    expect(paramLabel('targetPort')).toBe('Target port');
    expect(paramLabel('upstream_url')).toBe('Upstream URL');
    expect(paramValue('role', 300)).toBe('Moderator');
    expect(paramValue('user_id', 12)).toBe('#12');
    expect(paramValue('user_ids', [1, 2])).toBe('#1, #2');
    expect(paramValue('is_private', true)).toBe('yes');
    expect(paramValue('can_send_message_group', { new: 11, old: 12 })).toBe('11');
    expect(describeParams({ user_id: 12, role: 300 })).toBe('User: #12 · Role: Moderator');
    expect(describeParams({})).toBe('');
  });

  it('says a deactivation’s clean-up in words, never with the API’s keys (level 459)', () => {
    expect(paramLabel('actions')).toBe('Clean-up');
    expect(paramValue('actions', { delete_direct_messages: true, delete_profile: false })).toBe(
      'delete their direct messages',
    );
    expect(
      describeParams({
        actions: { delete_public_channel_messages: true, delete_private_channel_messages: true, delete_profile: true },
      }),
    ).toBe(
      'Clean-up: delete their messages in public channels, their messages in private channels and their profile (name and picture)',
    );
    expect(paramValue('actions', {})).toBe('none');
    expect(paramLabel('use_for_user_matching')).toBe('Matched in name suggestions');
  });

  it('rewords a server message that quotes a parameter, and leaves plain sentences alone', () => {
    expect(humanServerMessage('status_text is too long (limit: 60 characters)')).toBe(
      'Status text is too long (limit: 60 characters)',
    );
    expect(humanServerMessage("Emoji 'nosuchemoji' does not exist")).toBeNull();
    expect(humanServerMessage('Invalid user_id: 7')).toBe('Invalid user: 7');
    expect(humanServerMessage('Client must pass emoji_name if they pass either emoji_code or reaction_type.')).toBe(
      'Give an emoji name when you give an emoji code or type.',
    );
    expect(humanServerMessage("Channel 'general' already exists")).toBeNull();
  });
});

describe('audit words', () => {
  it('names record kinds, outcomes and the console process', () => {
    expect(recordTypeLabel('profile_field')).toBe('Profile field');
    expect(recordTypeLabel('channel-folder')).toBe('Channel folder');
    expect(recordTypeLabel('data_export')).toBe('Data export');
    expect(recordTypeLabel('playground')).toBe('Code playground');
    // One the console does not know yet still reads as words.
    expect(recordTypeLabel('saved_view')).toBe('Saved view');
    for (const type of auditTargetTypes) expect(recordTypeLabel(type), type).not.toMatch(/[_-]/);
    expect(outcomeLabel('success')).toBe('Done');
    expect(outcomeLabel('error')).toBe('Refused');
    expect(replicaLabel('vm:8974')).toBe('vm, process 8974');
    expect(replicaLabel('replica-a')).toBe('replica-a');
    expect(describeParams({ content: 'x'.repeat(200) }, 20)).toBe(`Content: “${'x'.repeat(18)}…`);
  });
});

describe('records inside parameters', () => {
  it('names each field of a subscription change in words, never as JSON', () => {
    expect(describeParams({ subscription_data: [{ stream_id: 2, property: 'is_muted', value: false }] })).toBe(
      'Subscription data: (Channel: #2, Setting: Muted, Value: no)',
    );
    expect(paramValue('property', 'pin_to_top')).toBe('Pinned');
    expect(paramValue('draft', { topic: 'lunch', type: 'stream' })).toBe('Topic: “lunch”, Type: “stream”');
  });
});

describe('data exports in the audit', () => {
  it('names the kind of export in words, as a word or as the number an older server takes', () => {
    expect(paramLabel('export_type')).toBe('Contents');
    expect(paramValue('export_type', 1)).toBe('Public data');
    expect(paramValue('export_type', 2)).toBe('With consented private data');
    // A message edit's or move's reach, as the move dialog words it (the audit showed “change_all”).
    expect(paramValue('propagate_mode', 'change_all')).toBe('The whole topic');
    expect(paramValue('propagate_mode', 'change_one')).toBe('Only this message');
    expect(paramValue('export_type', 'full_without_consent')).toBe('Everything, without consent');
    expect(exportTypeLabel('public')).toBe('Public data');
    expect(exportTypeLabel('someday_kind')).toBeNull();
    expect(describeParams({ export_type: 1 })).toBe('Contents: Public data');
  });
});

describe('personal settings, as the Defaults page words them', () => {
  it('says a choice by its option, a switch as On or Off and a number with its unit', () => {
    expect(describeUserSetting('color_scheme', 1)).toEqual({
      label: 'Color theme',
      value: 'Automatic (follows the system)',
    });
    expect(describeUserSetting('email_address_visibility', 3)).toEqual({
      label: 'Who can see the email address',
      value: 'Administrators only',
    });
    expect(describeUserSetting('web_font_size_px', 16)).toEqual({ label: 'Font size', value: '16 px' });
    expect(describeUserSetting('enter_sends', false).value).toBe('Off');
    // A setting the console does not know yet: its name in words, never with underscores.
    expect(describeUserSetting('web_some_new_thing', true)).toEqual({ label: 'Web some new thing', value: 'On' });
  });

  it('has words for every value of every choice the console knows', () => {
    for (const def of USER_SETTINGS) {
      const { label } = describeUserSetting(def.name, null);
      expect(label, def.name).not.toMatch(/_/);
      if (def.kind === 'integer-choice' || def.kind === 'text-choice')
        for (const option of def.options)
          expect(describeUserSetting(def.name, option.value).value).not.toMatch(/^\d+$/);
    }
  });
});

describe('every operation the console can record', () => {
  it('has a name: each chat operation that changes something, each proxy change', () => {
    const unnamed = Object.values(svcOps)
      .filter((op) => op.method !== 'GET')
      // Sign-in, the event queue and the description preview are never recorded as a change.
      .filter((op) => !['fetchApiKey', 'registerQueue', 'deleteQueue', 'renderMessage'].includes(op.id))
      .map((op) => op.id)
      .filter((id) => operationLabel(id) === id);
    expect(unnamed).toEqual([]);
    for (const name of ['publicApi.createRoute', 'publicApi.updateRoute', 'publicApi.deleteRoute'])
      expect(operationLabel(`proxy.${name}`)).not.toContain('.');
    for (const name of ['signIn', 'signOut', 'signOutAll', 'end', 'endOldest'])
      expect(operationLabel(`session.${name}`)).not.toContain('.');
  });
});
