import { afterEach, describe, expect, it } from 'vitest';
import { MemoryAuditLog } from './store';
import { closeTestBffs, consoleRequest, createTestBff, signIn } from './test-support/test-bff';

afterEach(closeTestBffs);

function setup() {
  const audit = new MemoryAuditLog();
  return { ...createTestBff({ sim: { generatedUsers: 0, exportDelayMs: null }, deps: { audit } }), audit };
}

function send(path: string, cookie: string, params: Record<string, string>, method = 'POST') {
  return consoleRequest(path, cookie, {
    method,
    body: new URLSearchParams(params),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

const playground = {
  name: 'Rust playground',
  pygments_language: 'Rust',
  url_template: 'https://play.example/?c={code}',
};

describe('organization data through the BFF', () => {
  it('audits an export request in words, with the server still preparing it', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(send('/bff/svc/export/realm', cookie, { export_type: 'public' }));
    expect(res.status).toBe(200);
    const entry = h.audit.all.find((e) => e.operation === 'exportRealm')!;
    expect(entry).toMatchObject({
      outcome: 'success',
      target: { type: 'data_export' },
      note: 'Requested a public data export.',
    });
    const list = await h.app.request(consoleRequest('/bff/svc/export/realm', cookie));
    expect(((await list.json()) as { exports: { pending: boolean }[] }).exports).toEqual([
      expect.objectContaining({ pending: true }),
    ]);
  });

  it('checks a playground again before it goes upstream', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(
      send('/bff/svc/realm/playgrounds', cookie, { ...playground, url_template: 'javascript:alert({code})' }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'url_template' });
    expect(h.sim.store.playgrounds).toEqual([]);
  });

  it('serves the playgrounds from the register state, live, and names the removed one in the audit', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const read = async () =>
      (
        (await (await h.app.request(consoleRequest('/bff/state/playgrounds', cookie))).json()) as {
          playgrounds: { id: number; name: string }[] | null;
        }
      ).playgrounds;
    expect(await read()).toEqual([]);
    const added = await h.app.request(send('/bff/svc/realm/playgrounds', cookie, playground));
    const { id } = (await added.json()) as { id: number };
    await expect.poll(read).toEqual([{ id, ...playground }]);
    expect(h.audit.all.find((e) => e.operation === 'addCodePlayground')).toMatchObject({
      target: { type: 'playground', name: 'Rust playground' },
      note: 'Added the code playground “Rust playground” for Rust code, opening https://play.example/?c={code}.',
    });
    const removed = await h.app.request(send(`/bff/svc/realm/playgrounds/${id}`, cookie, {}, 'DELETE'));
    expect(removed.status).toBe(200);
    expect(h.audit.all.find((e) => e.operation === 'removeCodePlayground')).toMatchObject({
      target: { type: 'playground', id: String(id), name: 'Rust playground' },
      note: 'Removed the code playground.',
    });
    await expect.poll(read).toEqual([]);
  });
});
