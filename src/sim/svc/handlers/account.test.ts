import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import { callSim, createSvcSimulator, type SvcSimulator } from '..';
import { mountControlApi } from '../control-api';
import { pushStateOf } from '../push-devices';

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
});

const me = (email = 'member@demo.test') => sim.store.userByDeliveryEmail(email)!;

function push(params: Record<string, unknown> = {}, as = 'member@demo.test') {
  return callSim(sim, 'POST', '/mobile_push/e2ee/test_notification', { as, params });
}

describe('POST /users/me/status', () => {
  it('sets the caller’s own status, for any role, and announces it', async () => {
    const { status, body } = await callSim(sim, 'POST', '/users/me/status', {
      as: 'guest@demo.test',
      params: { status_text: ' Out to lunch ', emoji_name: 'car' },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ result: 'success' });
    const guest = me('guest@demo.test');
    expect(sim.store.statuses.get(guest.user_id)).toMatchObject({ status_text: 'Out to lunch', emoji_name: 'car' });
    expect(sim.emitted.at(-1)).toMatchObject({
      type: 'user_status',
      user_id: guest.user_id,
      status_text: 'Out to lunch',
    });
  });

  it('refuses the way the administrators’ endpoint does', async () => {
    const call = (params: Record<string, unknown>) =>
      callSim(sim, 'POST', '/users/me/status', { as: 'member@demo.test', params });
    expect((await call({})).body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Client did not pass any new values.' });
    expect((await call({ status_text: 'x'.repeat(61) })).body).toMatchObject({
      msg: 'status_text is too long (limit: 60 characters)',
    });
    expect((await call({ status_text: 'a', emoji_code: '1f600' })).body).toMatchObject({
      msg: 'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
    });
    expect((await call({ emoji_name: 'xyz' })).body).toMatchObject({ msg: "Emoji 'xyz' does not exist" });
    // `away` (deprecated) alone is a value.
    expect((await call({ away: true })).status).toBe(200);
  });
});

describe('PATCH /settings', () => {
  const settings = (params: Record<string, unknown>, as = 'member@demo.test') =>
    callSim(sim, 'PATCH', '/settings', { as, params });

  it('keeps my consent to private data in exports and tells only me, once per change', async () => {
    const member = me();
    expect(sim.store.personalSetting(member.user_id, 'allow_private_data_export')).toBe(false);
    expect((await settings({ allow_private_data_export: true })).body).toEqual({ result: 'success', msg: '' });
    expect(sim.store.personalSetting(member.user_id, 'allow_private_data_export')).toBe(true);
    expect(sim.emitted.at(-1)).toMatchObject({
      type: 'user_settings',
      op: 'update',
      owner_id: member.user_id,
      property: 'allow_private_data_export',
      value: true,
    });
    const before = sim.emitted.length;
    expect((await settings({ allow_private_data_export: true })).status).toBe(200);
    expect(sim.emitted.length).toBe(before);
  });

  it('refuses a value that is not a boolean in the real server’s words', async () => {
    expect((await settings({ allow_private_data_export: 'maybe' })).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'allow_private_data_export is not valid JSON',
    });
    expect((await settings({ allow_private_data_export: 1 })).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'allow_private_data_export is not a boolean',
    });
  });

  const homeViewOf = async (level: number) => {
    sim.control.setFeatureLevel(level);
    const { body } = await callSim(sim, 'POST', '/register', {
      as: 'member@demo.test',
      params: { fetch_event_types: ['user_settings'] },
    });
    return (body.user_settings as Record<string, unknown>).web_home_view;
  };

  it('from level 454 takes the home view `recent` and refuses `recent_topics`', async () => {
    const member = me();
    expect((await settings({ web_home_view: 'recent_topics' })).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Invalid web_home_view',
    });
    expect((await settings({ web_home_view: 'recent' })).body).toEqual({ result: 'success', msg: '' });
    expect(sim.emitted.at(-1)).toEqual({
      type: 'user_settings',
      op: 'update',
      owner_id: member.user_id,
      property: 'web_home_view',
      value: 'recent',
    });
    expect(await homeViewOf(454)).toBe('recent');
    // The same stored value, spelled the older server's way.
    expect(await homeViewOf(453)).toBe('recent_topics');
  });

  it('below level 454 takes `recent_topics` and refuses `recent`', async () => {
    sim.control.setFeatureLevel(453);
    expect((await settings({ web_home_view: 'recent' })).body).toMatchObject({ msg: 'Invalid web_home_view' });
    expect((await settings({ web_home_view: 'recent_topics' })).status).toBe(200);
    expect(sim.emitted.at(-1)).toMatchObject({ property: 'web_home_view', value: 'recent_topics' });
    expect(await homeViewOf(453)).toBe('recent_topics');
    expect(await homeViewOf(500)).toBe('recent');
    // Already the stored value whatever its spelling: no change, no event.
    const before = sim.emitted.length;
    expect((await settings({ web_home_view: 'recent' })).status).toBe(200);
    expect(sim.emitted.length).toBe(before);
  });
});

describe('POST /mobile_push/e2ee/test_notification', () => {
  it('has no device to notify until one is registered', async () => {
    const { status, body } = await push();
    expect(status).toBe(400);
    expect(body).toMatchObject({ result: 'error', code: 'NO_ACTIVE_PUSH_DEVICE' });

    sim.control.setPushState({ devices: [{ push_account_id: 7 }] });
    expect((await push()).body).toEqual({ result: 'success', msg: '' });
  });

  it('below level 468 names the device by push account; device_id is not understood', async () => {
    sim.control.setFeatureLevel(467);
    sim.control.setPushState({ devices: [{ push_account_id: 7, device_id: 3 }] });
    expect((await push({ push_account_id: 7 })).body).toEqual({ result: 'success', msg: '' });
    expect((await push({ push_account_id: 8 })).body).toMatchObject({
      code: 'NO_ACTIVE_PUSH_DEVICE',
      msg: 'No active registered push device',
    });
    // Ignored and reported: every device of the caller is tested.
    expect((await push({ device_id: 99 })).body).toEqual({
      result: 'success',
      msg: '',
      ignored_parameters_unsupported: ['device_id'],
    });
  });

  it('from level 468 names the device by device_id; push_account_id is not understood', async () => {
    sim.control.setFeatureLevel(468);
    sim.control.setPushState({ devices: [{ push_account_id: 7, device_id: 3 }, { push_account_id: 9 }] });
    expect(pushStateOf(sim.store).devices.map((d) => d.device_id)).toEqual([3, 1]);
    expect((await push({ device_id: 3 })).body).toEqual({ result: 'success', msg: '' });
    expect((await push({ device_id: 1 })).status).toBe(200);
    expect((await push({ device_id: 7 })).body).toMatchObject({
      code: 'NO_ACTIVE_PUSH_DEVICE',
      msg: 'No active registered push device',
    });
    expect((await push({ push_account_id: 12345 })).body).toEqual({
      result: 'success',
      msg: '',
      ignored_parameters_unsupported: ['push_account_id'],
    });
    sim.control.resetPushState();
    expect((await push({ push_account_id: 7 })).body).toMatchObject({ code: 'NO_ACTIVE_PUSH_DEVICE' });
  });

  it('lists the caller’s devices by device ID in the register state from level 468, never push_devices', async () => {
    const admin = me('admin@demo.test').user_id;
    sim.control.setPushState({
      devices: [
        { push_account_id: 5, device_id: 4 },
        { push_account_id: 6, status: 'pending' },
        { push_account_id: 8, user_id: admin },
      ],
    });
    const register = async () =>
      (await callSim(sim, 'POST', '/register', { as: 'member@demo.test', params: { fetch_event_types: ['device'] } }))
        .body;
    const state = await register();
    // The admin's device is not the member's; one without an owner is anyone's.
    expect(Object.keys(state.devices as object).sort()).toEqual(['1', '4']);
    expect(state.devices).toMatchObject({
      '4': { push_key_id: 5, push_token_id: expect.any(String), pending_push_token_id: null },
      '1': { push_key_id: 6, push_token_id: null, pending_push_token_id: expect.any(String) },
    });
    expect(state).not.toHaveProperty('push_devices');
    sim.control.setFeatureLevel(467);
    const older = await register();
    expect(older).not.toHaveProperty('devices');
    expect(older).not.toHaveProperty('push_devices');
  });

  it('device IDs are positive and unique', () => {
    expect(() => sim.control.setPushState({ devices: [{ push_account_id: 1, device_id: 0 }] })).toThrow(RangeError);
    expect(() =>
      sim.control.setPushState({
        devices: [
          { push_account_id: 1, device_id: 2 },
          { push_account_id: 3, device_id: 2 },
        ],
      }),
    ).toThrow(RangeError);
  });

  it('counts only the caller’s active devices', async () => {
    sim.control.setPushState({
      devices: [
        { push_account_id: 1, user_id: me('admin@demo.test').user_id },
        { push_account_id: 2, status: 'pending' },
      ],
    });
    expect((await push()).body).toMatchObject({ code: 'NO_ACTIVE_PUSH_DEVICE' });
    expect((await push({}, 'admin@demo.test')).status).toBe(200);
  });

  it.each([
    ['admin-action-required', 403, 'ADMIN_ACTION_REQUIRED'],
    ['unreachable', 502, 'FAILED_TO_CONNECT_BOUNCER'],
    ['bouncer-5xx', 502, 'INTERNAL_SERVER_ERROR_ON_BOUNCER'],
  ] as const)('answers %s from the relay with %i %s', async (bouncer, status, code) => {
    sim.control.setPushState({ devices: [{ push_account_id: 3 }], bouncer });
    const result = await push();
    expect(result.status).toBe(status);
    expect(result.body).toMatchObject({ result: 'error', code });
  });

  it('does not exist before level 420', async () => {
    sim.control.setFeatureLevel(419);
    expect((await push()).status).toBe(404);
  });

  it('resets to no devices and a working relay', async () => {
    sim.control.setPushState({ devices: [{ push_account_id: 3 }], bouncer: 'unreachable' });
    sim.control.resetPushState();
    expect(pushStateOf(sim.store)).toEqual({ devices: [], bouncer: 'ok', apnsTokens: [] });
    expect(() => sim.control.setPushState({ devices: [{ push_account_id: 0 }] })).toThrow(RangeError);
  });
});

describe('POST /users/me/apns_device_token', () => {
  const add = (params: Record<string, unknown>) =>
    callSim(sim, 'POST', '/users/me/apns_device_token', { as: 'member@demo.test', params });

  it('stores a hex token with its app ID', async () => {
    expect((await add({ token: 'c0ffee', appid: 'com.example.app' })).body).toEqual({ result: 'success', msg: '' });
    expect(pushStateOf(sim.store).apnsTokens).toEqual([
      { userId: me().user_id, token: 'c0ffee', appid: 'com.example.app' },
    ]);
  });

  it('refuses empty, over-long and non-hex tokens with the server’s messages', async () => {
    expect((await add({ token: '', appid: 'a' })).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Empty or invalid length token',
    });
    expect((await add({ token: 'ab'.repeat(2049), appid: 'a' })).body).toMatchObject({
      msg: 'Empty or invalid length token',
    });
    expect((await add({ token: 'not-hex', appid: 'a' })).body).toMatchObject({ msg: 'Invalid APNS token.' });
  });

  it('requires appid from level 223', async () => {
    expect((await add({ token: 'c0ffee' })).body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING' });
    sim.control.setFeatureLevel(222);
    expect((await add({ token: 'c0ffee' })).status).toBe(200);
  });
});

describe('POST /__sim/push', () => {
  it('sets devices and the relay from form fields', async () => {
    const app = new Hono();
    mountControlApi(app, sim.control);
    const post = (fields: Record<string, string>) =>
      app.request('/__sim/push', { method: 'POST', body: new URLSearchParams(fields) });
    expect((await post({ devices: '11,12#5:pending@9', bouncer: 'bouncer-5xx' })).status).toBe(200);
    expect(pushStateOf(sim.store)).toMatchObject({
      devices: [
        { push_account_id: 11, device_id: 1 },
        { push_account_id: 12, device_id: 5, status: 'pending', user_id: 9 },
      ],
      bouncer: 'bouncer-5xx',
    });
    expect((await post({ devices: '11#x' })).status).toBe(400);
    expect((await post({ bouncer: 'nope' })).status).toBe(400);
    expect((await post({ reset: '1' })).status).toBe(200);
    expect(pushStateOf(sim.store)).toMatchObject({ devices: [], bouncer: 'ok' });
  });
});

describe('POST /users/me/subscriptions/properties', () => {
  const update = (subscription_data: unknown[], as = 'member@demo.test') =>
    callSim(sim, 'POST', '/users/me/subscriptions/properties', { as, params: { subscription_data } });
  const channelId = (name: string) => sim.store.channels.find((c) => c.name === name)!.stream_id;

  it('announces a mute under both names, to the owner', async () => {
    const design = channelId('design');
    const before = sim.emitted.length;
    expect((await update([{ stream_id: design, property: 'is_muted', value: true }])).status).toBe(200);
    const owner = me().user_id;
    expect(sim.emitted.slice(before)).toEqual([
      { type: 'subscription', op: 'update', owner_id: owner, stream_id: design, property: 'is_muted', value: true },
      {
        type: 'subscription',
        op: 'update',
        owner_id: owner,
        stream_id: design,
        property: 'in_home_view',
        value: false,
      },
    ]);
    const { body } = await callSim(sim, 'GET', '/users/me/subscriptions', { as: 'member@demo.test' });
    expect((body as { subscriptions: { stream_id: number; is_muted: boolean }[] }).subscriptions).toContainEqual(
      expect.objectContaining({ stream_id: design, is_muted: true, in_home_view: false }),
    );
  });

  it('refuses in the server’s words and changes nothing', async () => {
    const design = channelId('design');
    const before = sim.emitted.length;
    expect((await update([{ stream_id: design, property: 'volume', value: true }])).body).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Unknown subscription property: volume',
    });
    expect((await update([{ stream_id: 999, property: 'is_muted', value: true }])).body).toMatchObject({
      msg: 'Invalid channel ID',
    });
    const leadership = channelId('leadership');
    expect((await update([{ stream_id: leadership, property: 'is_muted', value: true }])).body).toMatchObject({
      msg: 'Invalid channel ID',
    });
    const ownerAccount = sim.store.activeHumanOwners()[0]!.deliveryEmail;
    expect(
      (await update([{ stream_id: design, property: 'is_muted', value: true }], 'guest@demo.test')).body,
    ).toMatchObject({ msg: `Not subscribed to channel ID ${design}` });
    expect(
      (
        await update([
          { stream_id: design, property: 'pin_to_top', value: true },
          { stream_id: design, property: 'color', value: 'red' },
        ])
      ).body,
    ).toMatchObject({ msg: 'color is not a valid hex color code' });
    expect(
      (await update([{ stream_id: design, property: 'is_muted', value: 'yes' }], ownerAccount)).body,
    ).toMatchObject({ msg: 'is_muted is not a boolean' });
    expect(sim.emitted.length).toBe(before);
    expect(sim.store.subscription(me().user_id, design)!.pinToTop).toBe(false);
  });
});
