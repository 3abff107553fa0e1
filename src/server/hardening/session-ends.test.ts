import { afterEach, describe, expect, it } from 'vitest';
import { OWN_SESSIONS_PATH, ownSessionPath, type OwnSessions } from '../../shared/bff/protocol';
import { loadConfig, type Config } from '../config';
import type { SessionStore } from '../session-store';
import { openPostgres, PostgresSessionEndChannel, SqlSessionStore, type Database } from '../store';
import { freshPostgresSchema, POSTGRES_URL } from '../store/test-databases';
import { closeTestBffs, consoleRequest, createTestBff, signInSession, type TestBff } from '../test-support/test-bff';

/**
 * Every session end closes that session's live streams and queue at once, on every replica: not at the stream's
 * next session check (SSE_KEEPALIVE_SECONDS, 20 s by default), which is how long another session's stream kept
 * receiving events after "sign out all".
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await closeTestBffs();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const defaults = loadConfig({});
/** The default keep-alive: a stream left to its own session check would stay open this long. */
const KEEPALIVE_MS = 20_000;
/** "At once": well inside the keep-alive. */
const AT_ONCE_MS = 3_000;

function replica(sessions: SessionStore | undefined, upstream?: TestBff['sim'], config: Partial<Config> = {}) {
  return createTestBff({
    sim: { generatedUsers: 10, heartbeatSeconds: 0.5, longpollTimeoutSeconds: 2 },
    ...(upstream ? { upstream } : {}),
    config: { events: { ...defaults.events, keepaliveMs: KEEPALIVE_MS }, ...config },
    deps: {
      ...(sessions ? { sessions } : {}),
      hub: { backoff: { initialMs: 20, maxMs: 80 }, reapEveryMs: null, longpollMarginMs: 500 },
    },
  });
}

/** Opens a tab's event stream; `closed()` resolves with the ms it took the stream to end (or rejects). */
async function openStream(h: TestBff, cookie: string) {
  const res = await h.app.request(consoleRequest('/bff/events', cookie));
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const opened = Date.now();
  let ended: number | null = null;
  const drained = (async () => {
    for (;;) {
      const { done } = await reader.read();
      if (done) return (ended = Date.now() - opened);
    }
  })();
  return {
    async closedWithin(ms: number): Promise<void> {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), ms)));
      const result = await Promise.race([drained, late]);
      clearTimeout(timer);
      if (result === 'late') {
        await reader.cancel().catch(() => undefined);
        throw new Error(`the stream was still open ${ms} ms later`);
      }
    },
    get ended() {
      return ended;
    },
  };
}

async function handles(h: TestBff, cookie: string): Promise<OwnSessions['sessions']> {
  return ((await (await h.app.request(consoleRequest(OWN_SESSIONS_PATH, cookie))).json()) as OwnSessions).sessions;
}

describe('one replica', () => {
  it('“sign out all” closes the other session’s open stream and queue at once', async () => {
    const h = replica(undefined);
    const mine = await signInSession(h, 'admin@demo.test');
    const other = await signInSession(h, 'admin@demo.test');
    const stream = await openStream(h, other.cookie);
    const res = await h.app.request(consoleRequest('/bff/session/all', mine.cookie, { method: 'DELETE' }));
    expect(await res.json()).toEqual({ ended: 2 });
    await stream.closedWithin(AT_ONCE_MS);
    expect(h.deps.hub.stats().sessions).toBe(0);
  });
});

/** Two BFF processes' worth of state on one PostgreSQL schema: their own pools, channels, hubs; one chat server. */
async function twoReplicas() {
  const schema = await freshPostgresSchema();
  cleanups.push(schema.drop);
  const open = async (): Promise<{ store: SqlSessionStore; database: Database }> => {
    const database = await openPostgres(schema.url);
    await database.migrate();
    const ends = new PostgresSessionEndChannel(schema.url, database.db, () => undefined);
    await ends.start();
    cleanups.push(async () => {
      await ends.close();
      await database.close();
    });
    const store = new SqlSessionStore(database.db, Buffer.alloc(32, 7), { idleMs: 60_000, maxMs: 3_600_000 }, ends);
    return { store, database };
  };
  const a = replica((await open()).store);
  const b = replica((await open()).store, a.sim);
  return { a, b };
}

describe.skipIf(!POSTGRES_URL)('two replicas sharing one PostgreSQL', () => {
  it('“sign out all” on A closes the session’s open stream on B at once', async () => {
    const { a, b } = await twoReplicas();
    const mine = await signInSession(a, 'admin@demo.test');
    const other = await signInSession(a, 'admin@demo.test');
    const stream = await openStream(b, other.cookie);
    const res = await a.app.request(consoleRequest('/bff/session/all', mine.cookie, { method: 'DELETE' }));
    expect(await res.json()).toEqual({ ended: 2 });
    await stream.closedWithin(AT_ONCE_MS);
    await expect.poll(() => b.deps.hub.stats().sessions).toBe(0);
    expect((await b.app.request(consoleRequest('/bff/svc/users/me', other.cookie))).status).toBe(401);
  });

  it('ending one session from the list on A closes it on B at once (the other session stays)', async () => {
    const { a, b } = await twoReplicas();
    const mine = await signInSession(a, 'admin@demo.test');
    const other = await signInSession(a, 'admin@demo.test');
    const doomed = await openStream(b, other.cookie);
    const kept = await openStream(b, mine.cookie);
    const target = (await handles(a, mine.cookie)).find((s) => !s.current)!;
    const res = await a.app.request(consoleRequest(ownSessionPath(target.handle), mine.cookie, { method: 'DELETE' }));
    expect(res.status).toBe(204);
    await doomed.closedWithin(AT_ONCE_MS);
    expect(kept.ended).toBeNull();
    expect((await b.app.request(consoleRequest('/bff/svc/users/me', mine.cookie))).status).toBe(200);
  });

  it('a sign-out on A closes the same session’s stream on B at once', async () => {
    const { a, b } = await twoReplicas();
    const session = await signInSession(a, 'member@demo.test');
    const stream = await openStream(b, session.cookie);
    expect((await a.app.request(consoleRequest('/bff/session', session.cookie, { method: 'DELETE' }))).status).toBe(
      204,
    );
    await stream.closedWithin(AT_ONCE_MS);
  });

  it('a deactivation seen on A closes the user’s streams on B at once', async () => {
    const { a, b } = await twoReplicas();
    const owner = await signInSession(a, 'owner@demo.test');
    const member = await signInSession(a, 'member@demo.test');
    const stream = await openStream(b, member.cookie);
    const memberId = a.sim.store.userByDeliveryEmail('member@demo.test')!.user_id;
    const off = await a.app.request(consoleRequest(`/bff/svc/users/${memberId}`, owner.cookie, { method: 'DELETE' }));
    expect(off.status).toBe(200);
    await stream.closedWithin(AT_ONCE_MS * 2);
  });
});
