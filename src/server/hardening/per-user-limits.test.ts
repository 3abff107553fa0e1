import { afterEach, describe, expect, it } from 'vitest';
import { OWN_SESSIONS_PATH, type OwnSessions, type SessionInfo } from '../../shared/bff/protocol';
import { loadConfig } from '../config';
import { MemoryAuditLog } from '../store';
import { signInSession } from '../test-support/test-bff';
import { closeHarnesses, consoleRequest, setupHarness, type Harness } from './harness';

afterEach(closeHarnesses);

describe('SESSION_MAX_PER_USER and SSE_MAX_PER_USER', () => {
  it('default to 10 sessions and 24 live streams per user', () => {
    const config = loadConfig({});
    expect(config.sessionMaxPerUser).toBe(10);
    expect(config.events.maxPerUser).toBe(24);
  });
});

describe('sessions per user', () => {
  /** A clock that moves a millisecond per reading: sign-ins have distinct times, as in life. */
  function ticking() {
    let now = Date.now();
    return () => now++;
  }

  it('a sign-in past the limit ends the oldest session everywhere, and its answer says so', async () => {
    const audit = new MemoryAuditLog();
    const h = setupHarness({ env: { SESSION_MAX_PER_USER: '3' }, audit, now: ticking() });
    const first = await signInSession(h, 'admin@demo.test');
    const stream = await h.app.request(consoleRequest('/bff/events', first.cookie));
    expect(stream.status).toBe(200);
    const second = await signInSession(h, 'admin@demo.test');
    const third = await signInSession(h, 'admin@demo.test');
    expect((third.body as SessionInfo).endedSessions).toBeUndefined();
    // Someone else's sessions do not count.
    await signInSession(h, 'owner@demo.test');
    const fourth = await signInSession(h, 'admin@demo.test');
    expect((fourth.body as SessionInfo).endedSessions).toEqual({ count: 1, limit: 3 });
    // The oldest is gone: its requests get 401 and its open stream has ended.
    expect((await h.app.request(consoleRequest('/bff/svc/users/me', first.cookie))).status).toBe(401);
    const reader = stream.body!.getReader();
    for (;;) if ((await reader.read()).done) break;
    for (const kept of [second, third, fourth]) {
      expect((await h.app.request(consoleRequest('/bff/svc/users/me', kept.cookie))).status).toBe(200);
    }
    const list = (await (await h.app.request(consoleRequest(OWN_SESSIONS_PATH, fourth.cookie))).json()) as OwnSessions;
    expect(list).toMatchObject({ limit: 3 });
    expect(list.sessions).toHaveLength(3);
    const recorded = (await audit.page({ operation: 'session.endOldest', limit: 5 })).entries;
    expect(recorded).toMatchObject([{ outcome: 'success', params: { limit: 3 }, actor: { email: 'admin@demo.test' } }]);
  });

  it('the oldest is the one unused the longest: a session in use is kept, an idle newer one ends', async () => {
    let now = Date.now();
    const h = setupHarness({ env: { SESSION_MAX_PER_USER: '2' }, now: () => now });
    const inUse = await signInSession(h, 'admin@demo.test');
    now += 60_000;
    const idle = await signInSession(h, 'admin@demo.test');
    now += 60_000;
    expect((await h.app.request(consoleRequest('/bff/svc/users/me', inUse.cookie))).status).toBe(200);
    now += 60_000;
    const latest = await signInSession(h, 'admin@demo.test');
    expect((latest.body as SessionInfo).endedSessions).toEqual({ count: 1, limit: 2 });
    expect((await h.app.request(consoleRequest('/bff/svc/users/me', idle.cookie))).status).toBe(401);
    expect((await h.app.request(consoleRequest('/bff/svc/users/me', inUse.cookie))).status).toBe(200);
  });
});

describe('live streams per user', () => {
  async function open(h: Harness, cookie: string) {
    return h.app.request(consoleRequest('/bff/events', cookie));
  }

  it('past SSE_MAX_PER_USER across the user’s sessions another stream is refused (429), saying why', async () => {
    const h = setupHarness({ env: { SSE_MAX_PER_USER: '3', SSE_MAX_PER_SESSION: '2' } });
    const a = await signInSession(h, 'admin@demo.test');
    const b = await signInSession(h, 'admin@demo.test');
    const other = await signInSession(h, 'owner@demo.test');
    const opened = [await open(h, a.cookie), await open(h, a.cookie), await open(h, b.cookie)];
    expect(opened.map((r) => r.status)).toEqual([200, 200, 200]);
    const refused = await open(h, b.cookie);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      code: 'TOO_MANY_STREAMS',
      msg: expect.stringContaining('3 live-update connections across your sessions'),
    });
    // Another user is not affected.
    const theirs = await open(h, other.cookie);
    expect(theirs.status).toBe(200);
    // A stream that closes makes room again.
    await opened[0]!.body!.cancel();
    await expect
      .poll(() => h.deps.hub.userConnections(a.body.user ? (a.body.user as { userId: number }).userId : 0))
      .toBe(2);
    expect((await open(h, b.cookie)).status).toBe(200);
    for (const res of [opened[1]!, opened[2]!, theirs]) await res.body!.cancel();
  });
});
