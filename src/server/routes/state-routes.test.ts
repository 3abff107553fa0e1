import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_CHANNELS_STATE_PATH,
  defaultChannelsStateSchema,
  OWN_SETTINGS_STATE_PATH,
  ownSettingsStateSchema,
  REALM_STATE_PATH,
  realmStateSchema,
  USER_SETTINGS_DEFAULTS_STATE_PATH,
  userSettingsDefaultsStateSchema,
} from '../../shared/bff/protocol';
import { callSim } from '../../sim/svc';
import { applyRealmEvent, realmStateFromRegister } from '../event-hub/realm-state';
import { userSettingsDefaultsState } from './state-routes';
import { closeTestBffs, consoleRequest, createTestBff, ORIGIN, signInSession } from '../test-support/test-bff';

afterEach(closeTestBffs);

/** The test BFF with a quick hub (short heartbeats and long-poll timeout keep its loop turning). */
function setup(options: { featureLevel?: number } = {}) {
  return createTestBff({
    sim: {
      heartbeatSeconds: 0.2,
      longpollTimeoutSeconds: 1,
      ...(options.featureLevel === undefined ? {} : { featureLevel: options.featureLevel }),
    },
    deps: { hub: { backoff: { initialMs: 20, maxMs: 80 }, reapEveryMs: null, longpollMarginMs: 500 } },
  });
}
type Harness = ReturnType<typeof setup>;

async function readState(h: Harness, cookie: string) {
  const res = await h.app.request(ORIGIN + USER_SETTINGS_DEFAULTS_STATE_PATH, { headers: { cookie } });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
}

async function readDefaults(h: Harness, cookie: string) {
  const { status, body } = await readState(h, cookie);
  expect(status).toBe(200);
  return userSettingsDefaultsStateSchema.parse(body).defaults!;
}

describe('GET /bff/state/user-settings-defaults', () => {
  it('refuses without a session (401 SESSION_EXPIRED)', async () => {
    const h = setup();
    for (const cookie of ['', 'rc_session=unknown']) {
      const { status, body } = await readState(h, cookie);
      expect(status).toBe(401);
      expect(body).toMatchObject({ result: 'error', code: 'SESSION_EXPIRED' });
    }
  });

  it('serves the defaults from the register state, with the sounds and emoji sets the server offers', async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'member@demo.test');
    const { status, headers, body } = await readState(h, cookie);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    const state = userSettingsDefaultsStateSchema.parse(body);
    expect(state.defaults).toMatchObject({
      web_home_view: 'inbox',
      color_scheme: 1,
      enable_drafts_synchronization: true,
    });
    expect(state.defaults).not.toHaveProperty('available_notification_sounds');
    expect(state.defaults).not.toHaveProperty('dense_mode');
    expect(state.availableNotificationSounds).toContain('ding');
    expect(state.emojisetChoices).toContainEqual({ key: 'google', text: 'Google' });
    // One queue for the session, shared with its tabs; reading the state does not register another.
    await readState(h, cookie);
    expect(h.sim.control.queueCount()).toBe(1);
  });

  it('applies update events: a change through the console shows up', async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'admin@demo.test');
    const res = await h.app.request(
      consoleRequest('/bff/svc/realm/user_settings_defaults', cookie, {
        method: 'PATCH',
        body: new URLSearchParams({ web_home_view: 'recent', color_scheme: '2' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(res.status).toBe(200);
    await expect
      .poll(async () => {
        const d = await readDefaults(h, cookie);
        return [d.web_home_view, d.color_scheme];
      })
      .toEqual(['recent', 2]);
  });

  it('applies update events: a change made by another client shows up', async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'moderator@demo.test');
    expect((await readDefaults(h, cookie)).enter_sends).toBe(false);
    await callSim(h.sim, 'PATCH', '/realm/user_settings_defaults', {
      as: 'owner@demo.test',
      params: { enter_sends: true },
    });
    await expect.poll(async () => (await readDefaults(h, cookie)).enter_sends).toBe(true);
  });

  it('after the server drops the queue, serves the state of the new registration', async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'admin@demo.test');
    await readDefaults(h, cookie);
    h.sim.control.expireQueues();
    // Changed while the session has no queue: the re-registration brings it in.
    h.sim.store.userSettingsDefaults.emojiset = 'text';
    await expect.poll(async () => (await readDefaults(h, cookie)).emojiset).toBe('text');
  });

  it('answers 503 with an error envelope while no queue can be registered, then recovers', async () => {
    const h = setup();
    const { cookie, sessionId } = await signInSession(h, 'admin@demo.test');
    await h.deps.hub.end(sessionId);
    expect(h.sim.control.queueCount()).toBe(0);
    h.sim.control.failNext(1, 503);
    const { status, body } = await readState(h, cookie);
    expect(status).toBe(503);
    expect(body).toEqual({
      result: 'error',
      code: 'UPSTREAM_UNAVAILABLE',
      msg: 'Cannot read the current settings from the chat server right now. Try again in a moment.',
    });
    // The hub keeps trying in the background.
    await expect.poll(async () => (await readState(h, cookie)).status).toBe(200);
  });

  it('serves defaults null when the server reports none (before level 95)', async () => {
    const h = setup({ featureLevel: 90 });
    const { cookie } = await signInSession(h, 'admin@demo.test');
    const { status, body } = await readState(h, cookie);
    expect(status).toBe(200);
    expect(body).toEqual({ defaults: null, availableNotificationSounds: null, emojisetChoices: null });
  });
});

describe('GET /bff/state/own-settings', () => {
  it("serves the signed-in user's own settings from the register state", async () => {
    const h = setup();
    for (const [email, sync] of [
      ['member@demo.test', true],
      ['guest@demo.test', false],
    ] as const) {
      const { cookie } = await signInSession(h, email);
      const res = await h.app.request(ORIGIN + OWN_SETTINGS_STATE_PATH, { headers: { cookie } });
      expect(res.status).toBe(200);
      const { settings } = ownSettingsStateSchema.parse(await res.json());
      expect(settings.enable_drafts_synchronization).toBe(sync);
    }
  });

  it('refuses without a session', async () => {
    const h = setup();
    expect((await h.app.request(ORIGIN + OWN_SETTINGS_STATE_PATH)).status).toBe(401);
  });
});

describe('GET /bff/state/realm', () => {
  it("serves the organization's settings and the server maxima, without user lists", async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'member@demo.test');
    const res = await h.app.request(ORIGIN + REALM_STATE_PATH, { headers: { cookie } });
    expect(res.status).toBe(200);
    const { realm } = realmStateSchema.parse(await res.json());
    expect(realm.realm_enable_spectator_access).toBe(true);
    expect(realm.server_web_public_streams_enabled).toBe(true);
    expect(realm).not.toHaveProperty('realm_users');
  });

  it('refuses without a session', async () => {
    const h = setup();
    expect((await h.app.request(ORIGIN + REALM_STATE_PATH)).status).toBe(401);
  });
});

describe('GET /bff/state/default-channels', () => {
  it('serves the default channels from the register state and follows default_streams events', async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'member@demo.test');
    const read = async () =>
      defaultChannelsStateSchema.parse(
        await (await h.app.request(ORIGIN + DEFAULT_CHANNELS_STATE_PATH, { headers: { cookie } })).json(),
      ).channelIds;
    const id = (name: string) => h.sim.store.channels.find((c) => c.name === name)!.stream_id;
    expect(await read()).toEqual([id('general'), id('announcements')].sort((a, b) => a - b));
    // Another client (an administrator) adds one.
    await callSim(h.sim, 'POST', '/default_streams', { as: 'admin@demo.test', params: { stream_id: id('design') } });
    await expect.poll(read).toContain(id('design'));
  });

  it('reads the whole records servers before level 330 sent', async () => {
    const h = setup({ featureLevel: 300 });
    const { cookie } = await signInSession(h, 'admin@demo.test');
    const res = await h.app.request(ORIGIN + DEFAULT_CHANNELS_STATE_PATH, { headers: { cookie } });
    const general = h.sim.store.channels.find((c) => c.name === 'general')!.stream_id;
    expect(defaultChannelsStateSchema.parse(await res.json()).channelIds).toContain(general);
  });
});

describe('realm state', () => {
  it('keeps realm_* and server_* scalars and group-setting values only', () => {
    expect(
      realmStateFromRegister({
        realm_name: 'Demo',
        realm_can_create_web_public_channel_group: { direct_members: [3], direct_subgroups: [2] },
        realm_users: [{ user_id: 1 }],
        server_web_public_streams_enabled: true,
        max_topic_length: 60,
      }),
    ).toEqual({
      realm_name: 'Demo',
      realm_can_create_web_public_channel_group: { direct_members: [3], direct_subgroups: [2] },
      server_web_public_streams_enabled: true,
    });
  });

  it('applies update and update_dict events under the register names', () => {
    const state = { realm_name: 'Demo', realm_message_retention_days: -1 };
    expect(applyRealmEvent(state, { id: 1, type: 'realm', op: 'update', property: 'name', value: 'New' })).toEqual({
      ...state,
      realm_name: 'New',
    });
    expect(
      applyRealmEvent(state, {
        id: 2,
        type: 'realm',
        op: 'update_dict',
        property: 'default',
        data: { message_retention_days: 30, can_create_groups: 5 },
      }),
    ).toEqual({ ...state, realm_message_retention_days: 30, realm_can_create_groups: 5 });
    expect(applyRealmEvent(state, { id: 3, type: 'realm_user', op: 'update' })).toBeNull();
  });
});

describe('userSettingsDefaultsState', () => {
  it('keeps the scalar settings and passes the lists on separately, dropping malformed entries', () => {
    expect(
      userSettingsDefaultsState({
        color_scheme: 2,
        twenty_four_hour_time: null,
        notification_sound: 'ding',
        some_object: { a: 1 },
        available_notification_sounds: ['ding', 3],
        emojiset_choices: [{ key: 'google', text: 'Google' }, { key: 1 }, null],
      }),
    ).toEqual({
      defaults: { color_scheme: 2, twenty_four_hour_time: null, notification_sound: 'ding' },
      availableNotificationSounds: null,
      emojisetChoices: [{ key: 'google', text: 'Google' }],
    });
  });
});
