import { describe, expect, it } from 'vitest';
import {
  API_CHANGES,
  answerMayBeRespelled,
  paramNameAt,
  paramsMayBeRespelled,
  readAnswer,
  spellParams,
  spellsNewWay,
  valueAvailability,
} from './api-changes';
import { svcOps } from './catalog';

const read = (opId: string, body: unknown) => {
  const copy = structuredClone(body);
  readAnswer(opId, copy);
  return copy;
};

describe('API changes by level: every site names a catalogued operation and parameter', () => {
  it('names only operations and parameters the catalog has', () => {
    const ops = svcOps as Record<string, { params: { shape: Record<string, unknown> } }>;
    for (const change of Object.values(API_CHANGES)) {
      for (const site of change.sites) {
        if (site.in !== 'param' && site.in !== 'answer') continue;
        expect(ops[site.op], `${change.summary}: ${site.op}`).toBeDefined();
        if (site.in === 'param') expect(Object.keys(ops[site.op]!.params.shape)).toContain(site.name);
      }
    }
  });
});

describe('449: export types are words', () => {
  it('sends 1/2 below 449 and the words from 449 on', () => {
    expect(spellParams('exportRealm', { export_type: 'public' }, 448)).toEqual({
      ok: true,
      params: { export_type: 1 },
    });
    expect(spellParams('exportRealm', { export_type: 'full_with_consent' }, 372)).toEqual({
      ok: true,
      params: { export_type: 2 },
    });
    expect(spellParams('exportRealm', { export_type: 'full_with_consent' }, 449)).toEqual({
      ok: true,
      params: { export_type: 'full_with_consent' },
    });
  });
  it('refuses a full export without consent below 449, naming the level', () => {
    const refused = spellParams('exportRealm', { export_type: 'full_without_consent' }, 448);
    expect(refused).toEqual({
      ok: false,
      field: 'export_type',
      msg: 'This choice needs a newer chat server: feature level 449, this one is at 448.',
    });
    expect(spellParams('exportRealm', { export_type: 'full_without_consent' }, 500).ok).toBe(true);
    expect(valueAvailability('exportTypeWords', 'full_without_consent', 448).enabled).toBe(false);
    expect(valueAvailability('exportTypeWords', 'full_without_consent', 449).enabled).toBe(true);
    expect(valueAvailability('exportTypeWords', 'public', 300).enabled).toBe(true);
  });
  it('reads the numbers of an older server as words, in the list and in events', () => {
    expect(
      read('getRealmExports', {
        exports: [
          { id: 1, export_type: 1 },
          { id: 2, export_type: 2 },
        ],
      }),
    ).toEqual({
      exports: [
        { id: 1, export_type: 'public' },
        { id: 2, export_type: 'full_with_consent' },
      ],
    });
    const events = { events: [{ id: 3, type: 'realm_export', exports: [{ id: 1, export_type: 2 }] }] };
    expect(read('getEvents', events)).toEqual({
      events: [{ id: 3, type: 'realm_export', exports: [{ id: 1, export_type: 'full_with_consent' }] }],
    });
  });
  it('leaves a newer server’s words, and values it does not know, as they are', () => {
    const body = {
      exports: [
        { id: 1, export_type: 'full_without_consent' },
        { id: 2, export_type: 7 },
      ],
    };
    expect(readAnswer('getRealmExports', structuredClone(body))).toBe(false);
  });
});

describe('454: the recent view is "recent"', () => {
  it('sends recent_topics below 454 and recent from 454 on; other values pass', () => {
    expect(spellParams('updateRealmUserSettingsDefaults', { web_home_view: 'recent' }, 453)).toEqual({
      ok: true,
      params: { web_home_view: 'recent_topics' },
    });
    expect(spellParams('updateRealmUserSettingsDefaults', { web_home_view: 'recent' }, 454)).toEqual({
      ok: true,
      params: { web_home_view: 'recent' },
    });
    expect(spellParams('updateRealmUserSettingsDefaults', { web_home_view: 'inbox' }, 372)).toEqual({
      ok: true,
      params: { web_home_view: 'inbox' },
    });
  });
  it('spells it so when a default is applied to existing users too (level 444 and up)', () => {
    const target_users = { user_ids: [10, 11], skip_if_already_edited: true };
    expect(paramsMayBeRespelled('updateSettingsForUsers')).toBe(true);
    expect(spellParams('updateSettingsForUsers', { target_users, web_home_view: 'recent' }, 453)).toEqual({
      ok: true,
      params: { target_users, web_home_view: 'recent_topics' },
    });
    expect(spellParams('updateSettingsForUsers', { target_users, web_home_view: 'recent' }, 454)).toEqual({
      ok: true,
      params: { target_users, web_home_view: 'recent' },
    });
    expect(spellParams('updateSettingsForUsers', { target_users, color_scheme: 2 }, 444)).toEqual({
      ok: true,
      params: { target_users, color_scheme: 2 },
    });
  });
  it('reads recent_topics in the register state and in settings events', () => {
    expect(
      read('registerQueue', {
        realm_user_settings_defaults: { web_home_view: 'recent_topics' },
        user_settings: { web_home_view: 'recent_topics' },
      }),
    ).toEqual({
      realm_user_settings_defaults: { web_home_view: 'recent' },
      user_settings: { web_home_view: 'recent' },
    });
    const events = {
      events: [
        {
          id: 1,
          type: 'realm_user_settings_defaults',
          op: 'update',
          property: 'web_home_view',
          value: 'recent_topics',
        },
        {
          id: 2,
          type: 'realm_user_settings_defaults',
          op: 'update',
          property: 'default_language',
          value: 'recent_topics',
        },
      ],
    };
    expect(read('getEvents', events)).toEqual({
      events: [
        { id: 1, type: 'realm_user_settings_defaults', op: 'update', property: 'web_home_view', value: 'recent' },
        {
          id: 2,
          type: 'realm_user_settings_defaults',
          op: 'update',
          property: 'default_language',
          value: 'recent_topics',
        },
      ],
    });
  });
});

describe('468: the push test names a device', () => {
  it('sends push_account_id below 468 and device_id from 468 on', () => {
    expect(spellParams('sendTestPushNotification', { device_id: 5 }, 467)).toEqual({
      ok: true,
      params: { push_account_id: 5 },
    });
    expect(spellParams('sendTestPushNotification', { device_id: 5 }, 468)).toEqual({
      ok: true,
      params: { device_id: 5 },
    });
    expect(spellParams('sendTestPushNotification', {}, 420)).toEqual({ ok: true, params: {} });
    expect(paramNameAt('sendTestPushNotification', 'device_id', 420)).toBe('push_account_id');
    expect(paramNameAt('sendTestPushNotification', 'device_id', 500)).toBe('device_id');
    expect(spellsNewWay('pushTestDevice', 467)).toBe(false);
    expect(spellsNewWay('pushTestDevice', 468)).toBe(true);
  });
});

describe('472 and 443: uploads left by an edit', () => {
  it('reads the records of an older server as message IDs and its milliseconds as seconds', () => {
    const old = {
      detached_uploads: [
        { id: 9, name: 'a.png', create_time: 1_700_000_000_123, messages: [{ id: 4, date_sent: 1_700_000_000_000 }] },
      ],
    };
    expect(read('updateMessage', old)).toEqual({
      detached_uploads: [{ id: 9, name: 'a.png', create_time: 1_700_000_000, message_ids: [4] }],
    });
  });
  it('leaves a newer server’s answer alone', () => {
    const now = { detached_uploads: [{ id: 9, name: 'a.png', create_time: 1_700_000_000, message_ids: [4] }] };
    expect(readAnswer('updateMessage', structuredClone(now))).toBe(false);
  });
});

describe('427: the channel creator default group', () => {
  it('reads stream_creator_or_nobody as channel_creator in every permission setting', () => {
    const body = {
      server_supported_permission_settings: {
        stream: { can_administer_channel_group: { default_group_name: 'stream_creator_or_nobody' } },
        group: { can_manage_group: { default_group_name: 'group_creator' } },
      },
    };
    expect(read('registerQueue', body)).toEqual({
      server_supported_permission_settings: {
        stream: { can_administer_channel_group: { default_group_name: 'channel_creator' } },
        group: { can_manage_group: { default_group_name: 'group_creator' } },
      },
    });
  });
});

describe('which operations the BFF respells', () => {
  it('parses only answers and parameters that a change touches', () => {
    expect(answerMayBeRespelled('getRealmExports')).toBe(true);
    expect(answerMayBeRespelled('getEvents')).toBe(true);
    expect(answerMayBeRespelled('getUsers')).toBe(false);
    expect(paramsMayBeRespelled('exportRealm')).toBe(true);
    expect(paramsMayBeRespelled('updateUser')).toBe(false);
  });
});
