import { beforeEach, describe, expect, it } from 'vitest';
import { callSim, createSvcSimulator, type SvcSimulator } from '..';

/**
 * `PATCH /settings` with `target_users` (level 444) and the `web_inbox_show_channel_folders` setting (431),
 * each on both sides of its level.
 */

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
});

const ADMIN = 'admin@demo.test';
const MEMBER = 'member@demo.test';
const user = (email: string) => sim.store.userByDeliveryEmail(email)!;
const settings = (params: Record<string, unknown>, as = ADMIN) => callSim(sim, 'PATCH', '/settings', { as, params });
const theme = (email: string) => sim.store.personalSetting(user(email).user_id, 'color_scheme');

describe('PATCH /settings target_users', () => {
  it('is ignored and reported below level 444: the setting changes for the caller only', async () => {
    sim.control.setFeatureLevel(443);
    const { body } = await settings({ color_scheme: 2, target_users: { user_ids: [user(MEMBER).user_id] } });
    expect(body.ignored_parameters_unsupported).toEqual(['target_users']);
    expect(theme(ADMIN)).toBe(2);
    expect(theme(MEMBER)).toBe(1);
  });

  it('applies a setting to the people named and the members of groups from level 444, bots left out', async () => {
    sim.control.setFeatureLevel(444);
    const moderators = sim.store.systemGroup('role:moderators').id;
    const before = sim.store.emitted.length;
    const { body } = await settings({
      color_scheme: 2,
      target_users: { user_ids: [user(MEMBER).user_id], group_ids: [moderators], skip_if_already_edited: false },
    });
    expect(body).toEqual({ result: 'success', msg: '' });
    for (const email of [MEMBER, 'moderator@demo.test', ADMIN, 'owner@demo.test']) expect(theme(email)).toBe(2);
    expect(theme('guest@demo.test')).toBe(1);
    const events = sim.store.emitted.slice(before);
    expect(events).toContainEqual({
      type: 'user_settings',
      op: 'update',
      owner_id: user(MEMBER).user_id,
      property: 'color_scheme',
      value: 2,
    });
    const bots = sim.store.users.filter((u) => u.isBot).map((u) => u.user_id);
    expect(events.some((e) => 'owner_id' in e && bots.includes(e.owner_id))).toBe(false);
  });

  it('skips those who chose the setting themselves when asked to', async () => {
    sim.control.setFeatureLevel(444);
    await settings({ color_scheme: 3 }, MEMBER);
    const everyone = sim.store.systemGroup('role:everyone').id;
    await settings({ color_scheme: 2, target_users: { group_ids: [everyone], skip_if_already_edited: true } });
    expect(theme(MEMBER)).toBe(3);
    expect(theme('guest@demo.test')).toBe(2);
    await settings({ color_scheme: 2, target_users: { group_ids: [everyone], skip_if_already_edited: false } });
    expect(theme(MEMBER)).toBe(2);
  });

  it("refuses the server's way", async () => {
    sim.control.setFeatureLevel(444);
    const member = user(MEMBER).user_id;
    const target = { user_ids: [member], skip_if_already_edited: false };
    expect((await settings({ color_scheme: 2, target_users: target }, MEMBER)).body).toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
    });
    expect((await settings({ send_read_receipts: false, target_users: target })).body.msg).toBe(
      'Cannot change this setting for other users.',
    );
    expect((await settings({ color_scheme: 2, target_users: { skip_if_already_edited: true } })).body.msg).toBe(
      'Either user_ids or group_ids must be provided.',
    );
    expect((await settings({ color_scheme: 2, target_users: { user_ids: [member] } })).body.msg).toBe(
      'target_users["skip_if_already_edited"] field is missing: Field required',
    );
    expect((await settings({ color_scheme: 2, target_users: { ...target, user_ids: [9999] } })).body.msg).toBe(
      'Invalid user ID: 9999',
    );
    expect(theme(MEMBER)).toBe(1);
  });
});

describe('web_inbox_show_channel_folders', () => {
  const ownSettings = async () => {
    const { body } = await callSim(sim, 'POST', '/register', {
      as: MEMBER,
      params: { fetch_event_types: ['user_settings', 'realm_user_settings_defaults'] },
    });
    return body as { user_settings: Record<string, unknown>; realm_user_settings_defaults: Record<string, unknown> };
  };

  it('is unknown below level 431', async () => {
    sim.control.setFeatureLevel(430);
    const state = await ownSettings();
    expect(state.user_settings).not.toHaveProperty('web_inbox_show_channel_folders');
    expect(state.realm_user_settings_defaults).not.toHaveProperty('web_inbox_show_channel_folders');
    const { body } = await settings({ web_inbox_show_channel_folders: false }, MEMBER);
    expect(body.ignored_parameters_unsupported).toEqual(['web_inbox_show_channel_folders']);
  });

  it('is a personal setting and a default for new users from level 431', async () => {
    sim.control.setFeatureLevel(431);
    const state = await ownSettings();
    expect(state.user_settings.web_inbox_show_channel_folders).toBe(true);
    expect(state.realm_user_settings_defaults.web_inbox_show_channel_folders).toBe(true);
    expect((await settings({ web_inbox_show_channel_folders: false }, MEMBER)).body).toEqual({
      result: 'success',
      msg: '',
    });
    expect((await ownSettings()).user_settings.web_inbox_show_channel_folders).toBe(false);
    const defaults = await callSim(sim, 'PATCH', '/realm/user_settings_defaults', {
      as: ADMIN,
      params: { web_inbox_show_channel_folders: false },
    });
    expect(defaults.body).toEqual({ result: 'success', msg: '' });
    expect(sim.store.emitted.at(-1)).toEqual({
      type: 'realm_user_settings_defaults',
      op: 'update',
      property: 'web_inbox_show_channel_folders',
      value: false,
    });
  });
});
