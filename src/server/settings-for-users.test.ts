import { afterEach, describe, expect, it } from 'vitest';
import { callSim } from '../sim/svc';
import { closeTestBffs, consoleRequest, createTestBff, signIn } from './test-support/test-bff';

afterEach(closeTestBffs);

/**
 * PATCH /settings with `target_users` (level 444): a default applied to people who already have accounts. The
 * same path without it is one's own settings; a server before 444 would take the call as that, so the BFF
 * refuses it there.
 */
function setup(featureLevel: number) {
  return createTestBff({ sim: { generatedUsers: 4, featureLevel } });
}

function patch(cookie: string, params: Record<string, unknown>) {
  const body = new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  return consoleRequest('/bff/svc/settings', cookie, {
    method: 'PATCH',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

const settingsCalls = (h: ReturnType<typeof setup>) =>
  h.apiCalls().filter((r) => r.method === 'PATCH' && r.url.pathname === '/api/v1/settings');

describe('444: settings applied to existing users', () => {
  it('sets the setting for the people named, and leaves one who changed it themselves when asked to', async () => {
    const h = setup(500);
    const member = h.sim.store.users.find((u) => u.deliveryEmail === 'member@demo.test')!;
    const moderator = h.sim.store.users.find((u) => u.deliveryEmail === 'moderator@demo.test')!;
    // The member chose their own home view earlier (in another client).
    const own = await callSim(h.sim, 'PATCH', '/settings', {
      as: 'member@demo.test',
      params: { web_home_view: 'all_messages' },
    });
    expect(own.status).toBe(200);

    const cookie = await signIn(h, 'admin@demo.test');
    const target_users = { user_ids: [member.user_id, moderator.user_id], skip_if_already_edited: true };
    const res = await h.app.request(patch(cookie, { target_users, web_home_view: 'inbox' }));
    expect(res.status).toBe(200);
    expect(h.sim.store.personalSetting(moderator.user_id, 'web_home_view')).toBe('inbox');
    expect(h.sim.store.personalSetting(member.user_id, 'web_home_view')).toBe('all_messages');
  });

  it('spells the recent view for the server: recent_topics at 453', async () => {
    const h = setup(453);
    const moderator = h.sim.store.users.find((u) => u.deliveryEmail === 'moderator@demo.test')!;
    const cookie = await signIn(h, 'admin@demo.test');
    const target_users = { user_ids: [moderator.user_id], skip_if_already_edited: false };
    expect((await h.app.request(patch(cookie, { target_users, web_home_view: 'recent' }))).status).toBe(200);
    expect(new URLSearchParams(settingsCalls(h).at(-1)?.body).get('web_home_view')).toBe('recent_topics');
  });

  it('refuses it below 444 before anything goes upstream, naming the level', async () => {
    const h = setup(443);
    const cookie = await signIn(h, 'admin@demo.test');
    const target_users = { user_ids: [10], skip_if_already_edited: true };
    const res = await h.app.request(patch(cookie, { target_users, color_scheme: 2 }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'INVALID_PARAMS',
      field: 'target_users',
      msg: expect.stringContaining('needs a newer chat server: feature level 444, this one is at 443.'),
    });
    expect(settingsCalls(h)).toEqual([]);
  });

  it('refuses a setting each person decides for themselves, and a call without a setting or anyone', async () => {
    const h = setup(500);
    const cookie = await signIn(h, 'admin@demo.test');
    const target_users = { user_ids: [10], skip_if_already_edited: true };
    const sensitive = await h.app.request(patch(cookie, { target_users, presence_enabled: false }));
    expect(await sensitive.json()).toMatchObject({
      code: 'INVALID_PARAMS',
      field: 'presence_enabled',
      msg: expect.stringContaining('Cannot change this setting for other users.'),
    });
    const nothing = await h.app.request(patch(cookie, { target_users }));
    expect(await nothing.json()).toMatchObject({ msg: 'Choose at least one setting to apply.' });
    const nobody = await h.app.request(
      patch(cookie, { target_users: { user_ids: [], skip_if_already_edited: true }, color_scheme: 2 }),
    );
    expect(await nobody.json()).toMatchObject({ msg: expect.stringContaining('Either user_ids or group_ids') });
    expect(settingsCalls(h)).toEqual([]);
  });

  it('records it on the audit as its own operation, in words', async () => {
    const h = setup(500);
    const cookie = await signIn(h, 'admin@demo.test');
    const target_users = { user_ids: [10, 11], skip_if_already_edited: true };
    expect((await h.app.request(patch(cookie, { target_users, color_scheme: 2 }))).status).toBe(200);
    const audit = await h.app.request(consoleRequest('/bff/audit?operation=updateSettingsForUsers', cookie));
    const { entries } = (await audit.json()) as { entries: { operation: string; note?: string | null }[] };
    expect(entries[0]).toMatchObject({
      operation: 'updateSettingsForUsers',
      note: 'Color theme set for 2 people, except anyone who had changed it themselves.',
    });
  });

  it('still takes a PATCH /settings without target_users as one’s own settings', async () => {
    const h = setup(500);
    const cookie = await signIn(h, 'admin@demo.test');
    expect((await h.app.request(patch(cookie, { allow_private_data_export: true }))).status).toBe(200);
    const admin = h.sim.store.users.find((u) => u.deliveryEmail === 'admin@demo.test')!;
    expect(h.sim.store.personalSetting(admin.user_id, 'allow_private_data_export')).toBe(true);
  });
});
