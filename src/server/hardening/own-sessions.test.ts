import { afterEach, describe, expect, it } from 'vitest';
import { OWN_SESSIONS_PATH, ownSessionPath, type OwnSessions } from '../../shared/bff/protocol';
import { loadConfig } from '../config';
import { MemoryAuditLog, openPglite, SqlSessionStore, type Database } from '../store';
import { closeHarnesses, consoleRequest, setupHarness, signIn } from './harness';

const databases: Database[] = [];
afterEach(async () => {
  await closeHarnesses();
  await Promise.all(databases.splice(0).map((d) => d.close()));
});

async function list(h: ReturnType<typeof setupHarness>, cookie: string) {
  const res = await h.app.request(consoleRequest(OWN_SESSIONS_PATH, cookie));
  return { status: res.status, body: (await res.json()) as OwnSessions };
}

describe('sessions end after 30 idle minutes by default', () => {
  it('SESSION_IDLE_MINUTES defaults to 30', () => {
    expect(loadConfig({}).sessionIdleMs).toBe(30 * 60_000);
  });

  it('a session unused for 30 minutes is over; one used within them is not', async () => {
    let now = Date.UTC(2026, 0, 5, 9);
    const h = setupHarness({ now: () => now });
    const kept = await signIn(h, 'admin@demo.test');
    const idle = await signIn(h, 'member@demo.test');
    now += 29 * 60_000;
    expect((await h.app.request(consoleRequest('/bff/svc/users/me', kept))).status).toBe(200);
    now += 2 * 60_000;
    expect((await h.app.request(consoleRequest('/bff/svc/users/me', kept))).status).toBe(200);
    expect((await h.app.request(consoleRequest('/bff/svc/users/me', idle))).status).toBe(401);
  });
});

describe('your sessions', () => {
  it('lists only your own sessions, by handle (never a cookie value), marking this browser’s', async () => {
    const h = setupHarness();
    const first = await signIn(h, 'admin@demo.test');
    const second = await signIn(h, 'admin@demo.test');
    await signIn(h, 'member@demo.test');
    const { status, body } = await list(h, second);
    expect(status).toBe(200);
    expect(body.sessions).toHaveLength(2);
    expect(body.sessions.filter((s) => s.current)).toHaveLength(1);
    const text = JSON.stringify(body);
    for (const cookie of [first, second]) expect(text).not.toContain(cookie.split('=')[1]);
  });

  it('ends another of your sessions (audited); that browser is signed out, this one is not', async () => {
    const audit = new MemoryAuditLog();
    const h = setupHarness({ audit });
    const other = await signIn(h, 'admin@demo.test');
    const mine = await signIn(h, 'admin@demo.test');
    const target = (await list(h, mine)).body.sessions.find((s) => !s.current)!;
    const res = await h.app.request(consoleRequest(ownSessionPath(target.handle), mine, { method: 'DELETE' }));
    expect(res.status).toBe(204);
    expect((await h.app.request(consoleRequest('/bff/svc/users/me', other))).status).toBe(401);
    expect((await h.app.request(consoleRequest('/bff/svc/users/me', mine))).status).toBe(200);
    expect((await list(h, mine)).body.sessions).toHaveLength(1);
    const { entries } = await audit.page({ operation: 'session.end', limit: 5 });
    expect(entries).toMatchObject([{ outcome: 'success', target: { type: 'session', id: target.handle } }]);
  });

  it('cannot end someone else’s session: their handle is not found among yours', async () => {
    const h = setupHarness();
    const victim = await signIn(h, 'owner@demo.test');
    const attacker = await signIn(h, 'member@demo.test');
    const victimHandle = (await list(h, victim)).body.sessions[0]!.handle;
    const res = await h.app.request(consoleRequest(ownSessionPath(victimHandle), attacker, { method: 'DELETE' }));
    expect(res.status).toBe(404);
    expect((await h.app.request(consoleRequest('/bff/svc/users/me', victim))).status).toBe(200);
  });

  it('works the same on the SQL store (every replica’s sessions)', async () => {
    const database = await openPglite(null);
    databases.push(database);
    await database.migrate();
    const store = new SqlSessionStore(database.db, Buffer.alloc(32, 7), { idleMs: 60_000, maxMs: 3_600_000 });
    const a = await store.create(
      { userId: 8, apiEmail: 'a@x.test', apiKey: 'k', fullName: 'A', role: 200, avatarUrl: null },
      1_000,
    );
    await store.create(
      { userId: 9, apiEmail: 'b@x.test', apiKey: 'k', fullName: 'B', role: 400, avatarUrl: null },
      1_000,
    );
    const listed = await store.listForUser(8, 2_000);
    expect(listed).toHaveLength(1);
    expect(listed[0]!.handle).not.toContain(a.id);
    expect(await store.deleteByHandle(9, listed[0]!.handle)).toBe(false);
    expect(await store.deleteByHandle(8, listed[0]!.handle)).toBe(true);
    expect(await store.peek(a.id, 2_000)).toBeNull();
  });
});
