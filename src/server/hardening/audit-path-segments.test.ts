import { afterEach, describe, expect, it } from 'vitest';
import { ownSessionPath, OWN_SESSIONS_PATH, type OwnSessions } from '../../shared/bff/protocol';
import type { Context } from 'hono';
import type { AppEnv } from '../app-types';
import { beginAudit } from '../audit';
import { MemoryAuditLog } from '../store';
import { closeHarnesses, consoleRequest, setupHarness, signIn } from './harness';

afterEach(closeHarnesses);

/** What an attacker pastes into a path: 4,060 characters with newlines and terminal escapes. */
const HOSTILE = ('\n\u001b[31mRED\u001b[0m\r' + 'x'.repeat(60)).repeat(58).slice(0, 4_060);

describe('a path segment reaches the audit only once it is checked against its route’s type', () => {
  it('a guest’s DELETE of a 4,060-character “session handle” is 404 and stores nothing', async () => {
    const audit = new MemoryAuditLog();
    const h = setupHarness({ audit });
    const guest = await signIn(h, 'guest@demo.test');
    const before = audit.all.length;
    expect(HOSTILE).toHaveLength(4_060);
    const res = await h.app.request(consoleRequest(ownSessionPath(HOSTILE), guest, { method: 'DELETE' }));
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'SESSION_NOT_FOUND' });
    expect(audit.all.length).toBe(before);
    expect(JSON.stringify(audit.all)).not.toContain('RED');
    // The guest is still signed in: nothing of theirs was ended either.
    expect((await h.app.request(consoleRequest(OWN_SESSIONS_PATH, guest))).status).toBe(200);
  });

  it.each([
    ['one character short', 'a'.repeat(21)],
    ['one character long', 'a'.repeat(23)],
    ['a character outside base64url', 'a'.repeat(21) + '.'],
    ['a space', 'a'.repeat(21) + ' '],
  ])('a handle %s is 404 and stores nothing', async (_why, handle) => {
    const audit = new MemoryAuditLog();
    const h = setupHarness({ audit });
    const cookie = await signIn(h, 'member@demo.test');
    const before = audit.all.length;
    const res = await h.app.request(consoleRequest(ownSessionPath(handle), cookie, { method: 'DELETE' }));
    expect(res.status).toBe(404);
    expect(audit.all.length).toBe(before);
  });

  it('a well-formed handle that is not one of yours is still recorded, bounded, as a refused end', async () => {
    const audit = new MemoryAuditLog();
    const h = setupHarness({ audit });
    const victim = await signIn(h, 'owner@demo.test');
    const attacker = await signIn(h, 'member@demo.test');
    const list = (await (await h.app.request(consoleRequest(OWN_SESSIONS_PATH, victim))).json()) as OwnSessions;
    const handle = list.sessions[0]!.handle;
    const res = await h.app.request(consoleRequest(ownSessionPath(handle), attacker, { method: 'DELETE' }));
    expect(res.status).toBe(404);
    expect(audit.all.at(-1)).toMatchObject({
      operation: 'session.end',
      outcome: 'error',
      target: { type: 'session', id: handle },
    });
  });

  it('an administrator’s webhook-endpoint PATCH and DELETE with a hostile id are 404 and store nothing', async () => {
    const audit = new MemoryAuditLog();
    const h = setupHarness({ audit });
    const admin = await signIn(h, 'admin@demo.test');
    const before = audit.all.length;
    const path = `/bff/webhooks/endpoints/${encodeURIComponent(HOSTILE)}`;
    const patch = await h.app.request(
      consoleRequest(path, admin, {
        method: 'PATCH',
        body: JSON.stringify({ reply: { kind: 'none' } }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(patch.status).toBe(404);
    expect((await h.app.request(consoleRequest(path, admin, { method: 'DELETE' }))).status).toBe(404);
    expect((await h.app.request(consoleRequest(`${path}/deliveries`, admin))).status).toBe(404);
    expect(audit.all.length).toBe(before);
  });

  it('an unknown console route stores nothing', async () => {
    const audit = new MemoryAuditLog();
    const h = setupHarness({ audit });
    const cookie = await signIn(h, 'admin@demo.test');
    const before = audit.all.length;
    for (const [method, path] of [
      ['DELETE', `/bff/session/nothing/${encodeURIComponent(HOSTILE)}`],
      ['POST', `/bff/svc/no_such_thing/${encodeURIComponent(HOSTILE)}`],
      ['DELETE', `/bff/svc/users/${encodeURIComponent(HOSTILE)}`],
      ['PATCH', `/bff/svc/streams/${encodeURIComponent(HOSTILE)}`],
    ] as const) {
      const res = await h.app.request(consoleRequest(path, cookie, { method }));
      expect(res.status, path).toBe(404);
    }
    expect(audit.all.length).toBe(before);
  });

  it('the audit itself refuses a target id that is not a short printable id (the net behind every route)', async () => {
    const audit = new MemoryAuditLog();
    const h = setupHarness({ audit });
    const unused = {} as unknown as Context<AppEnv>;
    for (const id of [HOSTILE, 'a'.repeat(1_025), 'ok\nnot', 'esc\u001b[0m']) {
      await expect(
        beginAudit(unused, h.deps, {
          area: 'console',
          operation: 'session.end',
          target: { type: 'session', id, name: null },
          params: {},
        }),
      ).rejects.toThrow(/bounded, printable/);
    }
    expect(audit.all).toHaveLength(0);
  });

  it('a topic named in a request is bounded before it becomes a target id: too long is 400, nothing stored', async () => {
    const audit = new MemoryAuditLog();
    const h = setupHarness({ audit });
    const admin = await signIn(h, 'admin@demo.test');
    const streamId = h.sim.store.channels[0]!.stream_id;
    const send = (topic: string) =>
      h.app.request(
        consoleRequest(`/bff/svc/streams/${streamId}/delete_topic`, admin, {
          method: 'POST',
          body: new URLSearchParams({ topic_name: topic }),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }),
      );
    const before = audit.all.length;
    const tooLong = await send('[' + 'x'.repeat(600));
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'topic_name' });
    expect(audit.all.length).toBe(before);
    // Within the bound it is the server's to answer, and the entry names it.
    const long = await send('y'.repeat(600));
    expect(long.status).toBeLessThan(500);
    expect(audit.all.at(-1)).toMatchObject({
      operation: 'deleteTopic',
      target: { id: `${streamId}:${'y'.repeat(600)}` },
    });
  });
});
