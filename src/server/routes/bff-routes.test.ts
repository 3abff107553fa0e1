import { afterEach, describe, expect, it } from 'vitest';
import { routePath, routeQuery } from '../../shared/bff/route-def';
import { allBffRoutes } from '../../shared/bff/routes';
import { bffErrorCodes } from '../../shared/svc/envelope';
import { closeHarnesses, consoleRequest, setupHarness, signIn } from '../hardening/harness';

afterEach(closeHarnesses);

/** A value for each path parameter of the table: any id names no record, which still reaches the handler. */
function sample(name: string, method: string): string {
  // A procedure of the dashboard's table, of the kind the method calls, so the generic proxy routes reach it.
  if (name === 'procedure') return method === 'GET' ? 'publicApi.health' : 'publicApi.deleteRoute';
  return `no-such-${name}`;
}

describe('the BFF route table (src/shared/bff/routes.ts)', () => {
  it('is mounted: every route reaches a handler of its own for an administrator', { timeout: 60_000 }, async () => {
    const h = setupHarness({ proxy: true });
    const unmounted: string[] = [];
    for (const [name, route] of allBffRoutes()) {
      // A fresh session for each: some of these routes end the session they are called with.
      const cookie = await signIn(h, 'admin@demo.test');
      const names = (route.path.match(/:\w+/g) ?? []).map((p) => p.slice(1));
      const params = Object.fromEntries(names.map((n) => [n, sample(n, route.method)]));
      const init: RequestInit = { method: route.method };
      // Any body: an invalid one is refused by the route's own check, which is an answer of the route.
      if (route.body) init.body = '{}';
      if (route.body) init.headers = { 'content-type': 'application/json' };
      const path = routePath(route.path, params) + routeQuery(route.query ? {} : undefined);
      const res = await h.app.request(consoleRequest(path, cookie, init));
      const body: unknown = res.headers.get('content-type')?.includes('json') ? await res.json() : null;
      const code = typeof body === 'object' && body !== null && 'code' in body ? body.code : null;
      // The app's catch-all ("No such console endpoint") and a route answering another method only.
      const missing =
        (res.status === 404 && code === bffErrorCodes.unknownOperation) ||
        (res.status === 405 && code === bffErrorCodes.methodNotAllowed);
      if (missing) unmounted.push(`${name}: ${route.method} ${route.path} → ${res.status} ${String(code)}`);
    }
    expect(unmounted).toEqual([]);
  });

  it('tells an unmounted route from a mounted one', async () => {
    const h = setupHarness();
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(consoleRequest('/bff/state/no-such-part', cookie));
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe(bffErrorCodes.unknownOperation);
  });
});
