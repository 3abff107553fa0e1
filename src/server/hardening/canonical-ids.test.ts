import { afterEach, describe, expect, it } from 'vitest';
import { MemoryAuditLog } from '../store';
import { closeHarnesses, consoleRequest, setupHarness, signIn } from './harness';

afterEach(closeHarnesses);

/** Spellings the wire decoding used to read as the same number: each must be no route at all. */
const aliases = (id: number) => [`${id}.0`, `${id}e0`, (id / 10).toString() + 'e1', `0${id}`, `${id}%20`, `%20${id}`];

describe('one canonical decimal form per numeric id', () => {
  it('a data export is reached by its id and by no other spelling of it (404, nothing done, nothing audited)', async () => {
    const audit = new MemoryAuditLog();
    const h = setupHarness({ audit, sim: { exportDelayMs: null } });
    const cookie = await signIn(h, 'admin@demo.test');
    const created = await h.app.request(
      consoleRequest('/bff/svc/export/realm', cookie, {
        method: 'POST',
        body: new URLSearchParams({ export_type: 'public' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    const { id } = (await created.json()) as { id: number };
    const before = audit.all.length;
    for (const alias of aliases(id)) {
      const res = await h.app.request(consoleRequest(`/bff/svc/export/realm/${alias}`, cookie, { method: 'DELETE' }));
      expect(res.status, alias).toBe(404);
      expect(await res.json(), alias).toMatchObject({ code: 'UNKNOWN_OPERATION' });
    }
    expect(audit.all.length).toBe(before);
    const listed = await h.app.request(consoleRequest('/bff/svc/export/realm', cookie));
    expect(((await listed.json()) as { exports: { id: number }[] }).exports.map((e) => e.id)).toEqual([id]);
    // The one spelling works.
    h.sim.control.setExportWorker!('finish');
    const res = await h.app.request(consoleRequest(`/bff/svc/export/realm/${id}`, cookie, { method: 'DELETE' }));
    expect(res.status).toBe(200);
  });

  it('a user and a channel by id: aliases are 404, reads included', async () => {
    const h = setupHarness();
    const cookie = await signIn(h, 'admin@demo.test');
    const userId = h.sim.store.users.find((u) => u.apiEmail === 'member@demo.test')!.user_id;
    const streamId = h.sim.store.channels[0]!.stream_id;
    for (const [template, id] of [
      ['/bff/svc/users/{}', userId],
      ['/bff/svc/streams/{}', streamId],
    ] as const) {
      expect((await h.app.request(consoleRequest(template.replace('{}', String(id)), cookie))).status).toBe(200);
      for (const alias of aliases(id)) {
        const res = await h.app.request(consoleRequest(template.replace('{}', alias), cookie));
        expect(res.status, `${template} ${alias}`).toBe(404);
      }
    }
  });
});
