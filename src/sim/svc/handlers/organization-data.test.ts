import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callSim, createSvcSimulator, SIM_ORIGIN, type SvcSimulator } from '..';
import { finishPendingExports } from './organization-data';

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0, exportDelayMs: null });
});
afterEach(() => sim.close());

const ADMIN_ONLY = { result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization administrator' };

async function exportsOf(as = 'admin@demo.test') {
  return (await callSim(sim, 'GET', '/export/realm', { as })).body.exports as Record<string, unknown>[];
}

describe('data exports', () => {
  it('are pending until the worker makes them, then downloadable without credentials; admins hear each step', async () => {
    // Integer types, as before level 449.
    sim.control.setFeatureLevel(448);
    const res = await callSim(sim, 'POST', '/export/realm', { as: 'admin@demo.test', params: { export_type: 1 } });
    expect(res.body).toEqual({ result: 'success', msg: '', id: 1 });
    expect(await exportsOf('owner@demo.test')).toEqual([
      expect.objectContaining({ id: 1, pending: true, export_url: null, export_type: 1, failed_timestamp: null }),
    ]);
    finishPendingExports(sim.store);
    const [done] = await exportsOf();
    expect(done).toMatchObject({ pending: false, deleted_timestamp: null });
    const url = String(done!.export_url);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:9991\/user_avatars\/exports\/2\/[\w-]+\/zulip-export-\w+\.tar\.gz$/);
    const file = await sim.fetch(new Request(url));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/gzip');
    const events = sim.emitted.filter((e) => e.type === 'realm_export');
    expect(events).toHaveLength(2);
    const member = sim.store.userByDeliveryEmail('member@demo.test')!.user_id;
    expect(events.every((e) => 'recipient_ids' in e && !e.recipient_ids!.includes(member))).toBe(true);
  });

  it('are for administrators only, checked before the parameters', async () => {
    for (const [method, path] of [
      ['GET', '/export/realm'],
      ['POST', '/export/realm'],
      ['DELETE', '/export/realm/1'],
      ['GET', '/export/realm/consents'],
    ] as const) {
      const res = await callSim(sim, method, path, { as: 'moderator@demo.test', params: { export_type: 'x' } });
      expect(res.body, `${method} ${path}`).toEqual(ADMIN_ONLY);
    }
  });

  it("refuses the real server's way: type, consent, the weekly limit, deletion states", async () => {
    sim.control.setFeatureLevel(448);
    const post = (params: Record<string, unknown>) =>
      callSim(sim, 'POST', '/export/realm', { as: 'admin@demo.test', params });
    expect((await post({ export_type: 3 })).body.msg).toBe(
      'Invalid export_type: Value error, Not in the list of possible values',
    );
    expect((await post({ export_type: 2 })).body.msg).toBe(
      'Make sure at least one Organization Owner is consenting to the export or contact support@demo.test for help.',
    );
    expect((await callSim(sim, 'DELETE', '/export/realm/9', { as: 'admin@demo.test' })).body.msg).toBe(
      'Invalid data export ID',
    );
    await post({});
    expect((await callSim(sim, 'DELETE', '/export/realm/1', { as: 'admin@demo.test' })).body.msg).toBe(
      'Export still in progress',
    );
    finishPendingExports(sim.store);
    expect((await callSim(sim, 'DELETE', '/export/realm/1', { as: 'admin@demo.test' })).body.result).toBe('success');
    expect((await exportsOf())[0]).toMatchObject({ export_url: null, pending: false });
    expect((await callSim(sim, 'DELETE', '/export/realm/1', { as: 'admin@demo.test' })).body.msg).toBe(
      'Export already deleted',
    );
    for (let i = 0; i < 4; i++) expect((await post({})).body.result).toBe('success');
    expect((await post({})).body.msg).toBe('Exceeded rate limit.');
    sim.control.advance(7 * 24 * 3600 * 1000 + 1000);
    expect((await post({})).body.result).toBe('success');
  });

  it('lists who consented to the export of their private data', async () => {
    const res = await callSim(sim, 'GET', '/export/realm/consents', { as: 'owner@demo.test' });
    const consents = res.body.export_consents as { user_id: number; consented: boolean }[];
    expect(consents.length).toBeGreaterThan(3);
    expect(consents.every((c) => c.consented === false)).toBe(true);
  });

  it('adds each person’s email address visibility to the consents from level 430', async () => {
    const consents = async (level: number) => {
      sim.control.setFeatureLevel(level);
      const res = await callSim(sim, 'GET', '/export/realm/consents', { as: 'owner@demo.test' });
      return res.body.export_consents as Record<string, unknown>[];
    };
    const owner = sim.store.userByDeliveryEmail('owner@demo.test')!;
    const mine = (await consents(430)).find((c) => c.user_id === owner.user_id);
    expect(mine).toEqual({
      user_id: owner.user_id,
      consented: false,
      email_address_visibility: owner.emailAddressVisibility,
    });
    expect((await consents(430)).every((c) => Number.isInteger(c.email_address_visibility))).toBe(true);
    expect((await consents(429)).every((c) => Object.keys(c).sort().join() === 'consented,user_id')).toBe(true);
  });
});

describe('data export types from level 449', () => {
  beforeEach(() => sim.control.setFeatureLevel(449));
  const post = (params: Record<string, unknown>, as = 'admin@demo.test') =>
    callSim(sim, 'POST', '/export/realm', { as, params });
  const consent = (email: string) =>
    callSim(sim, 'PATCH', '/settings', { as: email, params: { allow_private_data_export: true } });

  it('takes words (plain or JSON) and lists them; no type is public', async () => {
    expect((await post({})).body).toEqual({ result: 'success', msg: '', id: 1 });
    expect((await post({ export_type: 'public' })).body.result).toBe('success');
    await consent('owner@demo.test');
    expect((await post({ export_type: JSON.stringify('full_with_consent') })).body.result).toBe('success');
    expect((await exportsOf()).map((e) => e.export_type)).toEqual(['public', 'public', 'full_with_consent']);
    const event = sim.emitted.filter((e) => e.type === 'realm_export').at(-1);
    expect(event).toMatchObject({ exports: [{ export_type: 'public' }, {}, { export_type: 'full_with_consent' }] });
    // The same records, read by an older server's rules: the stored type is spelled as its integer.
    sim.control.setFeatureLevel(448);
    expect((await exportsOf()).map((e) => e.export_type)).toEqual([1, 1, 2]);
  });

  it('refuses the integers from 449, and the words below it', async () => {
    for (const export_type of [1, 2, 3, 'full', 'Public']) {
      expect((await post({ export_type })).body, String(export_type)).toEqual({
        result: 'error',
        code: 'BAD_REQUEST',
        msg: 'Invalid export_type',
      });
    }
    sim.control.setFeatureLevel(448);
    expect((await post({ export_type: 'public' })).body.msg).toBe('export_type is not valid JSON');
    expect((await post({ export_type: JSON.stringify('public') })).body.msg).toBe(
      'Invalid export_type: Value error, Not in the list of possible values',
    );
    expect(sim.store.exports).toEqual([]);
  });

  it('makes a full export without consent only where owners have full content access, and only for owners', async () => {
    const full = { export_type: 'full_without_consent' };
    expect((await post(full, 'owner@demo.test')).body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Full exports without member consent are not enabled for this organization.',
    });
    sim.control.setRealmFlags!({ owner_full_content_access: true });
    expect((await post(full, 'admin@demo.test')).body).toEqual({
      result: 'error',
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization owner',
    });
    // Nobody consented, and it does not matter.
    expect((await post(full, 'owner@demo.test')).body).toEqual({ result: 'success', msg: '', id: 1 });
    expect((await exportsOf())[0]).toMatchObject({ export_type: 'full_without_consent', pending: true });
    finishPendingExports(sim.store);
    expect((await exportsOf())[0]).toMatchObject({ export_type: 'full_without_consent', pending: false });
  });

  it('shows whether owners have full content access in the register state from level 438', async () => {
    const realmState = async (level: number) => {
      sim.control.setFeatureLevel(level);
      const res = await callSim(sim, 'POST', '/register', {
        as: 'member@demo.test',
        params: { fetch_event_types: ['realm'] },
      });
      return res.body;
    };
    expect((await realmState(438)).realm_owner_full_content_access).toBe(false);
    expect(await realmState(437)).not.toHaveProperty('realm_owner_full_content_access');
    sim.control.setRealmFlags!({ owner_full_content_access: true });
    expect((await realmState(500)).realm_owner_full_content_access).toBe(true);
  });

  it('turns the flag on and off through the HTTP control API', async () => {
    const withApi = createSvcSimulator({ generatedUsers: 0, exportDelayMs: null, controlApi: true });
    const flag = async (value: string) =>
      withApi.fetch(
        new Request(`${SIM_ORIGIN}/__sim/realm-flags`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ owner_full_content_access: value }),
        }),
      );
    expect((await flag('true')).status).toBe(200);
    expect(withApi.store.realmSettings.owner_full_content_access).toBe(true);
    expect((await flag('false')).status).toBe(200);
    expect(withApi.store.realmSettings.owner_full_content_access).toBe(false);
    expect((await flag('yes')).status).toBe(400);
    withApi.close();
  });
});

describe('code playgrounds', () => {
  const add = (params: Record<string, unknown>, as = 'admin@demo.test') =>
    callSim(sim, 'POST', '/realm/playgrounds', { as, params });
  const good = {
    name: 'Rust playground',
    pygments_language: 'Rust',
    url_template: 'https://play.example/?code={code}',
  };

  it('adds one (trimmed), lists it in the register state and tells everyone; removes it', async () => {
    const res = await add({ ...good, name: '  Rust playground ' });
    expect(res.body).toEqual({ result: 'success', msg: '', id: 1 });
    const state = await callSim(sim, 'POST', '/register', {
      as: 'member@demo.test',
      params: { fetch_event_types: ['realm_playgrounds'], event_types: ['realm_playgrounds'] },
    });
    expect(state.body.realm_playgrounds).toEqual([{ id: 1, ...good }]);
    expect(sim.emitted.at(-1)).toEqual({ type: 'realm_playgrounds', realm_playgrounds: [{ id: 1, ...good }] });
    expect((await callSim(sim, 'DELETE', '/realm/playgrounds/1', { as: 'admin@demo.test' })).body.result).toBe(
      'success',
    );
    expect((await callSim(sim, 'DELETE', '/realm/playgrounds/1', { as: 'admin@demo.test' })).body.msg).toBe(
      'Invalid playground',
    );
  });

  it("refuses the real server's way", async () => {
    expect((await add(good, 'moderator@demo.test')).body).toEqual(ADMIN_ONLY);
    expect((await add({ ...good, pygments_language: 'Py<thon' })).body.msg).toBe(
      'Invalid characters in pygments language',
    );
    expect((await add({ name: 'x', pygments_language: 'Rust' })).body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'url_template' argument",
    });
    expect((await add({ ...good, url_template: 'https://p.example/?c={x}' })).body).toMatchObject({
      msg: 'Missing the required variable "code" in the URL template',
      errors: { __all__: ['Missing the required variable "code" in the URL template'] },
    });
    expect((await add({ ...good, url_template: 'https://p.example/{x}?c={code}' })).body.msg).toBe(
      '"code" should be the only variable present in the URL template',
    );
    expect((await add({ ...good, name: ' ', url_template: 'https://p.example/?c={code' })).body).toMatchObject({
      msg: 'Invalid URL template.',
      errors: { url_template: ['Invalid URL template.'], name: ['This field cannot be blank.'] },
    });
    await add(good);
    expect((await add({ ...good, url_template: 'https://other.example/{code}' })).body.msg).toBe(
      'Realm playground with this Realm, Pygments language and Name already exists.',
    );
  });
});
