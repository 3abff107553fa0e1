import { afterEach, describe, expect, it, vi } from 'vitest';
import { proxyPath } from '../../shared/proxy';
import { callSim } from '../../sim/svc';
import { CURRENT_USER_TTL_MS } from '../current-user-check';
import { closeHarnesses, consoleRequest, setupHarness, signIn, type Harness } from './harness';

afterEach(closeHarnesses);

/** A clock the test moves; the BFF's sessions, caches and audit read it. */
function clock() {
  let at = Date.UTC(2026, 0, 5, 9);
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

function sessionIdOf(cookie: string): string {
  return cookie.slice(cookie.indexOf('=') + 1);
}

async function demote(h: Harness, email: string, role: number) {
  const id = h.sim.store.userByDeliveryEmail(email)!.user_id;
  const res = await callSim(h.sim, 'PATCH', `/users/${id}`, { as: 'owner@demo.test', params: { role } });
  expect(res.status).toBe(200);
}

async function deactivate(h: Harness, email: string) {
  const res = await callSim(h.sim, 'DELETE', `/users/${h.sim.store.userByDeliveryEmail(email)!.user_id}`, {
    as: 'owner@demo.test',
  });
  expect(res.status).toBe(200);
}

const createRoute = (cookie: string, name: string) =>
  consoleRequest(proxyPath('publicApi.createRoute'), cookie, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, domain: `${name}.example.com`, upstreams: [{ address: '10.0.0.9:8080' }] }),
  });

describe('console-owned admin routes follow the role the chat server gives now', () => {
  it('an admin demoted upstream can no longer create proxy routes (at once) nor read the audit (within 30 s)', async () => {
    const t = clock();
    const h = setupHarness({ proxy: true, now: t.now });
    const cookie = await signIn(h, 'admin@demo.test');
    expect((await h.app.request(consoleRequest('/bff/audit', cookie))).status).toBe(200);
    expect((await h.app.request(createRoute(cookie, 'before'))).status).toBe(200);

    await demote(h, 'admin@demo.test', 400);
    // A change is checked with the server first, whatever was confirmed a moment ago.
    const create = await h.app.request(createRoute(cookie, 'after'));
    expect(create.status).toBe(403);
    // A read may use a confirmation up to 30 s old, never older.
    t.advance(CURRENT_USER_TTL_MS);
    for (const path of [
      '/bff/audit',
      '/bff/audit/export?format=csv',
      proxyPath('publicApi.routes'),
      '/bff/bulk/runs',
    ]) {
      expect((await h.app.request(consoleRequest(path, cookie))).status, path).toBe(403);
    }
    expect((await h.app.request(consoleRequest('/bff/webhooks/endpoints', cookie))).status).toBe(403);
    // The refusals are not the audit's business, but the session now carries the server's role.
    const me = (await (await h.app.request(consoleRequest('/bff/session', cookie))).json()) as {
      user: { role: number };
    };
    expect(me.user.role).toBe(400);
  });

  it('a deactivated admin whose tab was closed is signed out everywhere at the next admin request', async () => {
    const t = clock();
    const h = setupHarness({ proxy: true, now: t.now });
    const first = await signIn(h, 'admin@demo.test');
    const second = await signIn(h, 'admin@demo.test');
    expect((await h.app.request(consoleRequest('/bff/audit/export?format=csv', first))).status).toBe(200);
    // No tab open: nothing listens to events, so only the re-check can notice.
    await h.deps.hub.end(sessionIdOf(first));
    await h.deps.hub.end(sessionIdOf(second));
    await deactivate(h, 'admin@demo.test');
    t.advance(3 * 60_000);

    const exported = await h.app.request(consoleRequest('/bff/audit/export?format=csv', first));
    expect(exported.status).toBe(401);
    expect(((await exported.json()) as { code: string }).code).toBe('SESSION_EXPIRED');
    expect((await h.app.request(createRoute(second, 'late'))).status).toBe(401);
    expect(await h.deps.sessions.peek!(sessionIdOf(second), t.now())).toBeNull();
  });

  it('an unreachable chat server never confirms a stale role: the change is refused, nothing goes upstream', async () => {
    const h = setupHarness({ proxy: true });
    const cookie = await signIn(h, 'admin@demo.test');
    h.sim.control.failNext(4, 500, 'reset', { method: 'GET', pathPrefix: '/users/me' });
    const res = await h.app.request(createRoute(cookie, 'unconfirmed'));
    expect(res.status).toBe(502);
    expect(((await res.json()) as { code: string }).code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('the user’s own realm_user events update the session’s role and end it at deactivation', async () => {
    const h = setupHarness();
    const cookie = await signIn(h, 'admin@demo.test');
    const id = sessionIdOf(cookie);
    await demote(h, 'admin@demo.test', 300);
    await vi.waitFor(async () => expect((await h.deps.sessions.peek!(id, h.deps.now()))?.role).toBe(300));
    await deactivate(h, 'admin@demo.test');
    await vi.waitFor(async () => expect(await h.deps.sessions.peek!(id, h.deps.now())).toBeNull());
  });

  it('asks the chat server at most once per 30 s for reads, and before every change', async () => {
    const t = clock();
    const h = setupHarness({ now: t.now });
    const cookie = await signIn(h, 'admin@demo.test');
    const ownReads = () => h.apiCalls().filter((r) => r.url.pathname === '/api/v1/users/me').length;
    const start = ownReads();
    for (let i = 0; i < 3; i++) await h.app.request(consoleRequest('/bff/audit', cookie));
    expect(ownReads()).toBe(start + 1);
    t.advance(CURRENT_USER_TTL_MS - 1);
    await h.app.request(consoleRequest('/bff/audit', cookie));
    expect(ownReads()).toBe(start + 1);
    t.advance(1);
    await h.app.request(consoleRequest('/bff/audit', cookie));
    expect(ownReads()).toBe(start + 2);
  });
});
