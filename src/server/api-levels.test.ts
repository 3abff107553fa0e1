import { afterEach, describe, expect, it } from 'vitest';
import { closeTestBffs, consoleRequest, createTestBff, signIn } from './test-support/test-bff';

afterEach(closeTestBffs);

/**
 * The BFF speaks the newest spelling to the browser and the server's own to the server (api-changes.ts):
 * each change, through the BFF and the simulator, on both sides of its level. The simulator spells by its own
 * reading of the changelog, so what it stored says what it was sent.
 */
function setup(featureLevel: number) {
  return createTestBff({ sim: { generatedUsers: 0, exportDelayMs: null, featureLevel } });
}

function send(path: string, cookie: string, params: Record<string, string>, method = 'POST') {
  return consoleRequest(path, cookie, {
    method,
    body: new URLSearchParams(params),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

async function exportsOf(h: ReturnType<typeof setup>, cookie: string) {
  const res = await h.app.request(consoleRequest('/bff/svc/export/realm', cookie));
  return ((await res.json()) as { exports: { export_type?: unknown }[] }).exports;
}

describe('449: data export types', () => {
  it.each([
    [448, 1],
    [449, 'public'],
    [500, 'public'],
  ])('at level %i a public export reaches the server as %j and reads back as a word', async (level, wire) => {
    const h = setup(level);
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(send('/bff/svc/export/realm', cookie, { export_type: 'public' }));
    expect(res.status).toBe(200);
    const sent = h.apiCalls().find((r) => r.method === 'POST' && r.url.pathname === '/api/v1/export/realm');
    expect(new URLSearchParams(sent?.body).get('export_type')).toBe(String(wire));
    expect((await exportsOf(h, cookie)).at(-1)?.export_type).toBe('public');
  });

  it('refuses a full export without consent below 449 before it goes upstream, naming the field', async () => {
    const h = setup(448);
    const cookie = await signIn(h, 'owner@demo.test');
    const res = await h.app.request(send('/bff/svc/export/realm', cookie, { export_type: 'full_without_consent' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'INVALID_PARAMS',
      field: 'export_type',
      msg: 'This choice needs a newer chat server: feature level 449, this one is at 448.',
    });
    expect(await exportsOf(h, cookie)).toEqual([]);
  });

  it('still refuses the old numbers from the browser', async () => {
    const h = setup(500);
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(send('/bff/svc/export/realm', cookie, { export_type: '1' }));
    expect(res.status).toBe(400);
  });
});

describe('454: the recent view', () => {
  it.each([
    [453, 'recent_topics'],
    [454, 'recent'],
  ])('at level %i "recent" is stored as %j and read back as "recent"', async (level, stored) => {
    const h = setup(level);
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(
      send('/bff/svc/realm/user_settings_defaults', cookie, { web_home_view: 'recent' }, 'PATCH'),
    );
    expect(res.status).toBe(200);
    expect(h.sim.emitted.at(-1)).toMatchObject({ property: 'web_home_view', value: stored });
  });
});

describe('468: the push test device', () => {
  it.each([
    [467, 'push_account_id'],
    [468, 'device_id'],
  ])('at level %i the device goes upstream as %s', async (level, name) => {
    const h = setup(level);
    const cookie = await signIn(h, 'member@demo.test');
    await h.app.request(send('/bff/svc/mobile_push/e2ee/test_notification', cookie, { device_id: '7' }));
    const seen = h
      .apiCalls()
      .filter((r) => r.url.pathname === '/api/v1/mobile_push/e2ee/test_notification')
      .map((r) => r.body);
    expect(seen).toEqual([`${name}=7`]);
  });
});
