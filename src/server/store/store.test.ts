import { sql, type SQL } from 'drizzle-orm';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditRecordInput } from './audit-log';
import { deriveSessionKey, hashSessionId, open, seal, sessionSecret } from './crypto';
import { openPglite, type Database } from './database';
import { MIGRATIONS } from './migrations';
import { SqlAuditLog } from './sql-audit-log';
import { SqlSessionStore } from './sql-session-store';
import { DRIVERS, openTestDatabase } from './test-databases';

const limits = { idleMs: 60_000, maxMs: 3_600_000 };
const API_KEY = 'Zx9SECRETapikey1234567890abcdef';
const data = { userId: 7, apiEmail: 'a@demo.test', apiKey: API_KEY, fullName: 'Ada', role: 200, avatarUrl: null };
const T0 = Date.parse('2030-01-01T00:00:00Z');

/** Raw rows: both drivers answer `{ rows }`. */
async function rowsOf(database: Database, query: SQL): Promise<Record<string, unknown>[]> {
  return ((await database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
}

function entry(over: Partial<AuditRecordInput> = {}): AuditRecordInput {
  return {
    at: T0,
    actor: { userId: 7, email: 'admin@demo.test', name: 'Ada', role: 200 },
    area: 'chat',
    operation: 'deactivateUser',
    target: { type: 'user', id: '42', name: 'Mia Member' },
    requestId: 'req-1',
    params: { user_id: 42 },
    ...over,
  };
}

describe.each(DRIVERS)('store on $kind', ({ kind, skip }) => {
  let database: Database;
  const key = deriveSessionKey('a-test-secret-that-is-long-enough-1234');

  beforeAll(async () => {
    if (skip) return;
    database = await openTestDatabase(kind);
    await database.migrate();
  });
  afterAll(async () => {
    if (!skip) await database.close();
  });

  it.skipIf(skip)('migrates once: a second run applies nothing and the tables exist', async () => {
    expect(await database.migrate()).toEqual([]);
    const result = await rowsOf(database, sql`SELECT id FROM console_migrations ORDER BY id`);
    expect(result.map((r) => r.id)).toEqual(MIGRATIONS.map((m) => m.id));
  });

  it.skipIf(skip)('runs a session through its life: create, touch, update, peek, delete', async () => {
    const store = new SqlSessionStore(database.db, key, limits);
    const session = await store.create(data, T0);
    expect(session.id).toHaveLength(43);
    const touched = await store.touch(session.id, T0 + 10_000);
    expect(touched).toMatchObject({ ...data, id: session.id, createdAt: T0, lastSeenAt: T0 + 10_000 });
    await store.update(session.id, { role: 100, fullName: 'Ada L.', apiKey: 'ROTATEDkey999' });
    expect(await store.peek(session.id, T0 + 20_000)).toMatchObject({
      role: 100,
      fullName: 'Ada L.',
      apiKey: 'ROTATEDkey999',
    });
    // peek does not extend the session.
    expect((await store.peek(session.id, T0 + 20_000))!.lastSeenAt).toBe(T0 + 10_000);
    await store.delete(session.id);
    expect(await store.touch(session.id, T0 + 30_000)).toBeNull();
  });

  it.skipIf(skip)("gives a new id at every sign-in and ends all of a user's sessions at once", async () => {
    const store = new SqlSessionStore(database.db, key, limits);
    const a = await store.create({ ...data, userId: 900 }, T0);
    const b = await store.create({ ...data, userId: 900 }, T0);
    const other = await store.create({ ...data, userId: 901 }, T0);
    expect(a.id).not.toBe(b.id);
    expect(await store.deleteAllForUser(900)).toBe(2);
    expect(await store.touch(a.id, T0 + 1)).toBeNull();
    expect(await store.touch(b.id, T0 + 1)).toBeNull();
    expect(await store.touch(other.id, T0 + 1)).not.toBeNull();
  });

  it.skipIf(skip)('expires idle sessions and sessions past their absolute limit', async () => {
    const store = new SqlSessionStore(database.db, key, limits);
    const idle = await store.create(data, T0);
    expect(await store.peek(idle.id, T0 + 60_000)).not.toBeNull();
    expect(await store.touch(idle.id, T0 + 60_001)).toBeNull();
    // Gone for good, even at an earlier clock.
    expect(await store.touch(idle.id, T0 + 1)).toBeNull();

    const busy = await store.create(data, T0);
    for (let t = T0 + 50_000; t < T0 + limits.maxMs; t += 50_000) expect(await store.touch(busy.id, t)).not.toBeNull();
    expect(await store.touch(busy.id, T0 + limits.maxMs + 1)).toBeNull();
  });

  it.skipIf(skip)('stores only the id hash and the sealed key; another secret cannot open it', async () => {
    const store = new SqlSessionStore(database.db, key, limits);
    const session = await store.create(data, T0);
    const text = JSON.stringify(await rowsOf(database, sql`SELECT * FROM console_sessions`));
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(session.id);
    expect(text).toContain(hashSessionId(session.id));
    const other = new SqlSessionStore(database.db, deriveSessionKey('another-secret-another-secret-1234'), limits);
    expect(await other.touch(session.id, T0 + 1)).toBeNull();
    // ...and the unreadable row was removed.
    expect(await store.touch(session.id, T0 + 2)).toBeNull();
  });

  it.skipIf(skip)('records pending then completed entries and filters them', async () => {
    const audit = new SqlAuditLog(database.db, 'test:1');
    const first = await audit.begin(entry());
    await audit.complete(first, { outcome: 'success' }, T0 + 5, 'Mia Member (renamed)');
    await audit.record(
      entry({
        at: T0 + 60_000,
        actor: { userId: 8, email: 'owner@demo.test', name: 'Olivia', role: 100 },
        operation: 'deleteTopic',
        target: { type: 'topic', id: '3:lunch', name: 'lunch' },
        params: { stream_id: 3, topic_name: 'lunch' },
      }),
      { outcome: 'error', code: 'BAD_REQUEST', msg: 'Invalid channel ID' },
    );
    const pending = await audit.begin(entry({ at: T0 + 120_000, operation: 'updateUser', requestId: 'req-3' }));

    const all = await audit.page({ limit: 100 });
    expect(all.entries.map((e) => e.operation)).toEqual(['updateUser', 'deleteTopic', 'deactivateUser']);
    expect(all.entries[2]).toMatchObject({
      outcome: 'success',
      target: { type: 'user', id: '42', name: 'Mia Member (renamed)' },
      replica: 'test:1',
      completedAt: new Date(T0 + 5).toISOString(),
    });
    expect(all.entries[0]).toMatchObject({ id: pending, outcome: 'pending', completedAt: null });

    const ops = async (q: Parameters<SqlAuditLog['page']>[0]) => (await audit.page(q)).entries.map((e) => e.operation);
    expect(await ops({ limit: 100, actor: 'OWNER@' })).toEqual(['deleteTopic']);
    expect(await ops({ limit: 100, actor: '8' })).toEqual(['deleteTopic']);
    expect(await ops({ limit: 100, operation: 'deactivateUser,updateUser' })).toEqual(['updateUser', 'deactivateUser']);
    expect(await ops({ limit: 100, target: 'lunch' })).toEqual(['deleteTopic']);
    expect(await ops({ limit: 100, target: '42' })).toEqual(['updateUser', 'deactivateUser']);
    expect(await ops({ limit: 100, targetType: 'topic' })).toEqual(['deleteTopic']);
    expect(await ops({ limit: 100, outcome: 'error' })).toEqual(['deleteTopic']);
    expect(await ops({ limit: 100, outcome: 'pending' })).toEqual(['updateUser']);
    expect(await ops({ limit: 100, target: '%' })).toEqual([]);
    const from = new Date(T0 + 30_000).toISOString();
    const to = new Date(T0 + 90_000).toISOString();
    expect(await ops({ limit: 100, from, to })).toEqual(['deleteTopic']);
    expect((await audit.page({ limit: 100, operation: 'deleteTopic' })).entries[0]!.error).toEqual({
      code: 'BAD_REQUEST',
      msg: 'Invalid channel ID',
    });

    // Pages, newest first, with a cursor.
    const p1 = await audit.page({ limit: 2 });
    expect(p1.entries).toHaveLength(2);
    expect(p1.nextCursor).toBe(p1.entries[1]!.id);
    const p2 = await audit.page({ limit: 2, before: p1.nextCursor! });
    expect(p2.entries.map((e) => e.operation)).toEqual(['deactivateUser']);
    expect(p2.nextCursor).toBeNull();

    expect((await audit.export({ outcome: 'success' }, 10)).map((e) => e.operation)).toEqual(['deactivateUser']);
    expect(await audit.operations()).toEqual(['deactivateUser', 'deleteTopic', 'updateUser']);
  });
});

describe('session crypto', () => {
  it('seals with a fresh IV, binds the row, and refuses another key', () => {
    const key = deriveSessionKey('k'.repeat(32));
    const a = seal(key, 'secret', 'row-1');
    expect(a).not.toBe(seal(key, 'secret', 'row-1'));
    expect(a).not.toContain('secret');
    expect(open(key, a, 'row-1')).toBe('secret');
    expect(open(key, a, 'row-2')).toBeNull();
    expect(open(deriveSessionKey('x'.repeat(32)), a, 'row-1')).toBeNull();
    expect(open(key, 'garbage', 'row-1')).toBeNull();
  });

  it('generates a secret once and keeps it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rc-secret-'));
    const secret = sessionSecret(null, dir);
    expect(secret.length).toBeGreaterThan(30);
    expect(sessionSecret(null, dir)).toBe(secret);
    expect(sessionSecret('configured', dir)).toBe('configured');
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('PGlite in DATA_DIR', () => {
  it('keeps sessions across a restart and never writes the API key or session id in plain form', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rc-pglite-'));
    const key = deriveSessionKey(sessionSecret(null, dir));
    const first = await openPglite(join(dir, 'pglite'));
    await first.migrate();
    const session = await new SqlSessionStore(first.db, key, limits).create(data, T0);
    // An audit entry of a sign-in made with a password carries the method, never the password.
    await new SqlAuditLog(first.db, 't').record(
      entry({
        operation: 'session.signIn',
        target: { type: 'session', id: null, name: null },
        params: { method: 'password' },
      }),
      { outcome: 'success' },
    );
    await first.close();

    for (const file of filesUnder(dir)) {
      const bytes = readFileSync(file);
      expect(bytes.includes(API_KEY), file).toBe(false);
      expect(bytes.includes(session.id), file).toBe(false);
      expect(bytes.includes('demo1234'), file).toBe(false);
    }

    const holder = await openPglite(join(dir, 'pglite'));
    // One process at a time: a second opener waits, then says why it cannot.
    await expect(openPglite(join(dir, 'pglite'), { lockWaitMs: 200 })).rejects.toThrow(/DATABASE_URL/);
    await holder.close();

    const second = await openPglite(join(dir, 'pglite'));
    expect(await second.migrate()).toEqual([]);
    expect(await new SqlSessionStore(second.db, key, limits).touch(session.id, T0 + 1)).toMatchObject({
      apiKey: API_KEY,
    });
    await second.close();
  });
});
