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

describe('472: the uploads an edit leaves behind', () => {
  async function editLeavingUpload(level: number, rewrite?: (body: Record<string, unknown>) => void) {
    const h = createTestBff({
      sim: { generatedUsers: 0, featureLevel: level, controlApi: true },
      intercept: async (request, send) => {
        const response = await send(request);
        if (!rewrite || request.method !== 'PATCH' || !new URL(request.url).pathname.startsWith('/api/v1/messages/')) {
          return response;
        }
        const body = (await response.json()) as Record<string, unknown>;
        rewrite(body);
        return Response.json(body, { status: response.status });
      },
    });
    const upload = h.sim.control.addUpload!({ email: 'member@demo.test', name: 'plan.pdf', size: 2048 });
    const general = h.sim.store.channels.find((c) => c.name === 'general')!;
    const { last_id: id } = h.sim.control.seedTopic!({
      streamId: general.stream_id,
      topic: 'plans',
      count: 1,
      senderEmail: 'member@demo.test',
    });
    h.sim.store.messages.get(id)!.content = `See ${upload.link}`;
    const cookie = await signIn(h, 'member@demo.test');
    const res = await h.app.request(send(`/bff/svc/messages/${id}`, cookie, { content: 'No file any more.' }, 'PATCH'));
    return { res, body: (await res.json()) as Record<string, unknown>, upload };
  }

  it.each([471, 472, 500])('at level %i the answer names the upload and its messages by ID', async (level) => {
    const { res, body, upload } = await editLeavingUpload(level);
    expect(res.status).toBe(200);
    const [detached] = body.detached_uploads as Record<string, unknown>[];
    expect(detached).toMatchObject({ id: upload.id, name: 'plan.pdf', message_ids: [] });
    expect(detached).not.toHaveProperty('messages');
    // Seconds, whatever the level sent (milliseconds before 443).
    expect(detached!.create_time as number).toBeLessThan(1e11);
  });

  it('names an upload it cannot read, and keeps the rest of the answer', async () => {
    const { res, body } = await editLeavingUpload(500, (b) => {
      (b.detached_uploads as Record<string, unknown>[]).push({ id: 77, name: 'odd.bin', message_ids: 'none' });
    });
    expect(res.status).toBe(200);
    expect((body.detached_uploads as unknown[]).length).toBe(1);
    expect(body.console_skipped_records).toEqual([
      expect.objectContaining({ list: 'detached_uploads', id: 77, name: 'odd.bin' }),
    ]);
  });
});
