import { afterEach, describe, expect, it } from 'vitest';
import { closeHarnesses, consoleRequest, ORIGIN, setupHarness, signIn as signInNow, type Harness } from './harness';

afterEach(closeHarnesses);

/**
 * Injected failures hit whatever call comes next, so the hub's event long-poll must be parked (a long heartbeat)
 * and already waiting before a test arms one.
 */
function setup(config: { upstreamTimeoutMs?: number } = {}) {
  return setupHarness({ config, sim: { heartbeatSeconds: 60, longpollTimeoutSeconds: 90 } });
}

/** Signs in, then waits until the session's hub has its long-poll parked on the chat server. */
async function signIn(h: Harness, email: string) {
  const cookie = await signInNow(h, email);
  await expect.poll(() => h.upstream.some((r) => r.method === 'GET' && r.url.pathname === '/api/v1/events')).toBe(true);
  return cookie;
}

async function get(h: Harness, path: string, cookie: string) {
  const started = performance.now();
  const res = await h.app.request(ORIGIN + path, { headers: { cookie } });
  const body = (await res.json()) as Record<string, unknown>;
  // Only ever compared as a lower bound (a busy machine makes calls slower, never faster).
  return { status: res.status, body, ms: performance.now() - started };
}

/** A mutation with no side lookups (a user target would make the BFF read the user's name alongside). */
function describeGroup(h: Harness, cookie: string, groupId: number, description: string) {
  return h.app.request(
    consoleRequest(`/bff/svc/user_groups/${groupId}`, cookie, {
      method: 'PATCH',
      body: new URLSearchParams({ description }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    }),
  );
}

const upstreamCount = (h: Harness, method: string, path: RegExp) =>
  h.apiCalls().filter((c) => c.method === method && path.test(c.url.pathname)).length;

describe('fault tolerance: the BFF under a misbehaving chat server', () => {
  it('a latency spike past the upstream timeout is a clear 502 in bounded time, and the next call recovers', async () => {
    const h = setup({ upstreamTimeoutMs: 300 });
    const cookie = await signIn(h, 'admin@demo.test');
    const before = upstreamCount(h, 'GET', /\/users$/);
    h.sim.control.setLatency(1_000);
    const slow = await get(h, '/bff/svc/users', cookie);
    expect(slow.status).toBe(502);
    expect(slow.body).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      msg: expect.stringMatching(/did not answer in time/),
    });
    // A read is tried twice at most: bounded by two timeouts, not by the upstream's delay (its answer would
    // have been a 200).
    expect(upstreamCount(h, 'GET', /\/users$/) - before).toBeLessThanOrEqual(2);
    h.sim.control.setLatency(0);
    expect((await get(h, '/bff/svc/users', cookie)).status).toBe(200);
    // The session survived the outage.
    expect((await get(h, '/bff/session', cookie)).body.user).toMatchObject({ email: 'admin@demo.test' });
  });

  it('a latency spike under the timeout is only slower', async () => {
    const h = setup({ upstreamTimeoutMs: 2_000 });
    const cookie = await signIn(h, 'admin@demo.test');
    h.sim.control.setLatency(400);
    const res = await get(h, '/bff/svc/users', cookie);
    h.sim.control.setLatency(0);
    expect(res.status).toBe(200);
    expect(res.ms).toBeGreaterThanOrEqual(390);
  });

  it('a 500 from the server is passed on as the server’s own error envelope (the page offers a retry)', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    h.sim.control.failNext(1, 500);
    const res = await get(h, '/bff/svc/users', cookie);
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ result: 'error', code: 'INTERNAL_SERVER_ERROR' });
    expect((await get(h, '/bff/svc/users', cookie)).status).toBe(200);
  });

  it('a connection reset on a read is retried once; two in a row are a clear 502', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    h.sim.control.failNext(1, 500, 'reset');
    expect((await get(h, '/bff/svc/users', cookie)).status).toBe(200);
    h.sim.control.failNext(2, 500, 'reset');
    const res = await get(h, '/bff/svc/users', cookie);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', msg: expect.stringMatching(/cannot be reached/) });
    expect((await get(h, '/bff/svc/users', cookie)).status).toBe(200);
  });

  it('malformed JSON from the server is a clear 502, never passed to the browser', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    h.sim.control.failNext(1, 500, 'malformed');
    const res = await get(h, '/bff/svc/users', cookie);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', msg: expect.stringMatching(/not JSON/) });
    // The session check survives a malformed own-user answer too (the session is kept, not ended).
    h.sim.control.failNext(1, 500, 'malformed');
    const session = await get(h, '/bff/session', cookie);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ email: 'admin@demo.test' });
  });

  it('a failed or reset mutation is never repeated by the BFF', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const group = h.sim.store.userGroups.find((g) => !g.isSystemGroup)!;
    const path = new RegExp(`/user_groups/${group.id}$`);
    for (const mode of ['envelope', 'reset', 'malformed'] as const) {
      const before = upstreamCount(h, 'PATCH', path);
      h.sim.control.failNext(1, 503, mode);
      const res = await describeGroup(h, cookie, group.id, `Never ${mode}`);
      expect(res.status).toBe(mode === 'envelope' ? 503 : 502);
      expect(upstreamCount(h, 'PATCH', path)).toBe(before + 1);
      expect(group.description).not.toBe(`Never ${mode}`);
    }
  });

  it('a mutation applied upstream whose answer is lost: one change on the server, reconciled by a refetch', async () => {
    const h = setup({ upstreamTimeoutMs: 500 });
    const cookie = await signIn(h, 'admin@demo.test');
    const group = h.sim.store.userGroups.find((g) => !g.isSystemGroup)!;
    const path = new RegExp(`/user_groups/${group.id}$`);
    const before = upstreamCount(h, 'PATCH', path);
    const eventsBefore = h.sim.emitted.filter((e) => e.type === 'user_group').length;
    h.sim.control.failNext(1, 500, 'lost');
    const res = await describeGroup(h, cookie, group.id, 'Described once');
    // The browser is told the outcome is unknown (502), not that it failed for sure or succeeded.
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    // Sent once, applied once.
    expect(upstreamCount(h, 'PATCH', path)).toBe(before + 1);
    expect(group.description).toBe('Described once');
    expect(h.sim.emitted.filter((e) => e.type === 'user_group').length).toBe(eventsBefore + 1);
    // What the SPA does next (react-query mutations never retry; the page refetches the list): the truth.
    const refetched = await get(h, '/bff/svc/user_groups', cookie);
    expect(refetched.body.user_groups).toContainEqual(
      expect.objectContaining({ id: group.id, description: 'Described once' }),
    );
    // The audit timeline says the outcome is unknown (the change may have been made; a group's description is
    // not read back), not an error it may not be, a silent success or a duplicate.
    const entries = await h.deps.audit.export({ operation: 'updateUserGroup' }, 10);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ outcome: 'unknown', error: { code: 'UPSTREAM_UNAVAILABLE' } });
  });

  it('a timeout after the server applied a mutation is not repeated either', async () => {
    const h = setup({ upstreamTimeoutMs: 300 });
    const cookie = await signIn(h, 'admin@demo.test');
    const group = h.sim.store.userGroups.find((g) => !g.isSystemGroup)!;
    const path = new RegExp(`/user_groups/${group.id}$`);
    const before = upstreamCount(h, 'PATCH', path);
    // Latency is added before the server acts: the change lands after the BFF gave up.
    h.sim.control.setLatency(600);
    const res = await describeGroup(h, cookie, group.id, 'Late but applied');
    expect(res.status).toBe(502);
    await expect.poll(() => group.description, { timeout: 5_000 }).toBe('Late but applied');
    h.sim.control.setLatency(0);
    expect(upstreamCount(h, 'PATCH', path)).toBe(before + 1);
    expect(group.description).toBe('Late but applied');
  });

  it('event queue loss: the hub re-registers and the session keeps working', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    expect(h.sim.control.queueCount()).toBe(1);
    expect(h.sim.control.expireQueues()).toBe(1);
    await expect.poll(() => h.sim.control.queueCount(), { timeout: 5_000 }).toBe(1);
    expect((await get(h, '/bff/state/user-settings-defaults', cookie)).status).toBe(200);
    // More on reconnects (SSE resync, BFF restart) in events-routes.test.ts and e2e/live-sync.spec.ts.
  });
});
