// Each test stands on a fact of the reference page's last section, "Live state: what the dashboard knows beyond
// syncStatus" (proxy-dashboard-wire.md), quoted or named in its title.
import superjson from 'superjson';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProxySimulator, PROXY_SIM_CONTROL_PREFIX, PROXY_SIM_DEMO_TIMINGS, SimClock } from '.';
import type { DriftEvent } from './drift-store';
import type { SimScope } from './keys';

const BASE = 'http://proxy.test';
const ALL: SimScope[] = ['routes:read', 'routes:write', 'health:read', 'certs:read', 'analytics:read'];

interface Answer {
  status: number;
  data: unknown;
  error: { message: string; data: { code: string; httpStatus: number } } | null;
}

/** A frozen present, so times the simulator writes can be compared exactly; tests move it with `advance`. */
const T0 = Date.parse('2026-11-28T12:00:00Z');

function setup() {
  const sim = createProxySimulator({ controlApi: true, clock: new SimClock(() => T0) });
  const api = `${BASE}${sim.basePath}`;
  const { key } = sim.control.createKey({ name: 'test', scopes: ALL });
  const read = async (res: Response): Promise<Answer> => {
    const body = (await res.json()) as {
      result?: { data: Parameters<typeof superjson.deserialize>[0] };
      error?: { json: Answer['error'] };
    };
    return {
      status: res.status,
      data: body.result ? superjson.deserialize(body.result.data) : undefined,
      error: body.error?.json ?? null,
    };
  };
  const headers = (auth: string | null, cookie?: string): Record<string, string> => ({
    ...(auth ? { authorization: `Bearer ${auth}` } : {}),
    ...(cookie ? { cookie } : {}),
  });
  /** A query; `auth` null sends no credentials at all. */
  const query = async (path: string, input?: unknown, auth: string | null = key, cookie?: string) => {
    const qs = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
    return read(await sim.fetch(new Request(`${api}/${path}${qs}`, { headers: headers(auth, cookie) })));
  };
  const mutate = async (path: string, input: unknown, auth: string | null = key) =>
    read(
      await sim.fetch(
        new Request(`${api}/${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers(auth) },
          body: JSON.stringify(superjson.serialize(input)),
        }),
      ),
    );
  const control = async (path: string, body: unknown = {}, method = 'POST') => {
    const res = await sim.fetch(
      new Request(`${BASE}${PROXY_SIM_CONTROL_PREFIX}/${path}`, {
        method,
        ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
      }),
    );
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const create = async (domain: string, address = '10.0.0.9:8080') => {
    const answer = await mutate('publicApi.createRoute', { name: domain, domain, upstreams: [{ address }] });
    return (answer.data as { id: string }).id;
  };
  const driftList = async () => (await query('drift.list', undefined, null)).data as DriftEvent[];
  const record = (id: string) => sim.control.routes.get(id)!;
  return { sim, key, query, mutate, control, create, driftList, record };
}

describe('proxy simulator: live state beyond syncStatus', () => {
  it('"syncStatus goes stale": a route lost from the proxy keeps "synced" while drift.list already has a missing_in_caddy event', async () => {
    const h = setup();
    const id = await h.create('stale.example.com');
    // A new route has no syncStatus until the (slow) sync check runs.
    expect(h.record(id).syncStatus).toBeNull();
    await h.control('sync-check');
    // A real dashboard has been seen to send the text "[]" as syncDiff of an in-sync route.
    expect(h.record(id)).toMatchObject({ syncStatus: 'synced', syncDiff: '[]', syncSource: 'drift-check' });

    expect((await h.control('proxy/forget', { domain: 'stale.example.com' })).status).toBe(200);
    // "In the test above the event appeared 25 s after the loss, while syncStatus still said synced."
    h.sim.control.clock.advance(25_000);
    expect((await h.control('drift-detect')).body).toMatchObject({ ok: true, recorded: 2 });
    const event = (await h.driftList()).find((e) => e.routeId === id)!;
    expect(event).toMatchObject({ type: 'missing_in_caddy', resolvedAt: null, resolution: null });
    expect(JSON.parse(event.diffJson)).toEqual({ domain: 'stale.example.com' });
    expect(event.detectedAt).toBeInstanceOf(Date);
    expect(event.detectedAt.getTime()).toBe(h.sim.control.clock.now());
    const full = await h.query('routes.get', { id }, null);
    expect(full.data).toMatchObject({ syncStatus: 'synced' });

    // Only the sync check, minutes later, writes what the detector knew.
    await h.control('sync-check');
    expect(h.record(id).syncStatus).toBe('missing');
  });

  it('"records what it finds as drift events": an event appears after one detection, and is not recorded twice', async () => {
    const h = setup();
    const id = await h.create('once.example.com');
    h.sim.control.forgetInProxy('once.example.com');
    expect((await h.driftList()).some((e) => e.routeId === id)).toBe(false);
    h.sim.control.detectDrift();
    h.sim.control.detectDrift();
    await h.control('drift-detect');
    const events = (await h.driftList()).filter((e) => e.routeId === id);
    expect(events).toHaveLength(1);
    // The detector writes drift events, never the record's sync fields.
    expect(h.record(id).syncStatus).toBeNull();
  });

  it('"drift.listAll includes resolved ones (resolvedAt, resolution)": fixed by re-sending the route, the event resolves', async () => {
    const h = setup();
    const id = await h.create('fixed.example.com');
    h.sim.control.forgetInProxy('fixed.example.com');
    h.sim.control.detectDrift();
    h.sim.control.clock.advance(30_000);
    // publicApi.updateRoute pushes again: the proxy holds the route once more.
    expect((await h.mutate('publicApi.updateRoute', { id, patch: { name: 'Fixed' } })).data).toEqual({ ok: true });
    h.sim.control.detectDrift();
    expect((await h.driftList()).some((e) => e.routeId === id)).toBe(false);
    const all = (await h.query('drift.listAll', { limit: 200 }, null)).data as DriftEvent[];
    const resolved = all.find((e) => e.routeId === id)!;
    expect(resolved.resolvedAt).toBeInstanceOf(Date);
    expect(resolved.resolvedAt!.getTime()).toBe(h.sim.control.clock.now());
    expect(resolved.resolution).toBe('auto');
  });

  it('"missing_in_db (in the proxy, not in the dashboard; routeId may be null)": a hand-added route', async () => {
    const h = setup();
    const added = await h.control('proxy/hand-add', { domain: 'hand.example.com', upstream: '10.7.7.7:80' });
    expect(added.status).toBe(200);
    await h.control('drift-detect');
    const event = (await h.driftList()).find((e) => e.type === 'missing_in_db')!;
    expect(event.routeId).toBeNull();
    expect(JSON.parse(event.diffJson)).toEqual({ domain: 'hand.example.com' });
    // A leftover entry that still carries a dashboard id names it.
    await h.control('proxy/hand-add', { domain: 'old.example.com', upstream: '10.7.7.8:80', routeId: 'rt_9999' });
    h.sim.control.detectDrift();
    const leftover = (await h.driftList()).find((e) => e.routeId === 'rt_9999')!;
    expect(leftover.type).toBe('missing_in_db');
    expect(JSON.parse(leftover.diffJson)).toMatchObject({ caddyId: 'proxyos-route-rt_9999' });
    // While the proxy is down no hand edit reaches it.
    h.sim.control.plane.down = true;
    expect((await h.control('proxy/hand-add', { domain: 'x.example.com', upstream: 'a:1' })).status).toBe(409);
  });

  it('"config_mismatch": held but different, diffJson is JSON text listing each field with both values', async () => {
    const h = setup();
    const id = await h.create('mismatch.example.com', '10.1.1.1:80');
    // An edit in the dashboard's own UI while the proxy is down: stored, never pushed.
    await h.control('proxy', { down: true });
    const before = h.record(id).updatedAt.getTime();
    h.sim.control.clock.advance(1_000);
    const edit = await h.control(`routes/${id}/dashboard-edit`, { upstreams: [{ address: '10.1.1.2:80' }] });
    expect(edit.status).toBe(200);
    expect(h.record(id).updatedAt.getTime()).toBeGreaterThan(before);
    await h.control('proxy', { down: false });
    // A key-API disable leaves the route served.
    await h.mutate('publicApi.updateRoute', {
      id,
      patch: { enabled: false, upstreams: [{ address: '10.1.1.2:80', weight: 5 }] },
    });
    h.sim.control.detectDrift();
    const event = (await h.driftList()).find((e) => e.routeId === id)!;
    expect(event.type).toBe('config_mismatch');
    expect(typeof event.diffJson).toBe('string');
    expect(JSON.parse(event.diffJson)).toEqual({
      enabled: { db: false, caddy: true },
      upstreams: { db: ['10.1.1.2:80'], caddy: ['10.1.1.1:80'] },
    });
  });

  it('"caddy.status answers {reachable, hasMain, upstreamCount}": up, then down', async () => {
    const h = setup();
    const held = h.sim.control.proxyState().routes.length;
    expect((await h.query('caddy.status', undefined, null)).data).toEqual({
      reachable: true,
      hasMain: true,
      upstreamCount: held,
    });
    await h.create('counted.example.com');
    expect((await h.query('caddy.status', undefined, null)).data).toMatchObject({ upstreamCount: held + 1 });
    await h.control('proxy', { down: true });
    expect((await h.query('caddy.status', undefined, null)).data).toEqual({
      reachable: false,
      hasMain: false,
      upstreamCount: 0,
    });
    const config = await h.query('caddy.config', undefined, null);
    expect(config.status).toBe(500);
    expect(config.error).toMatchObject({
      message: 'Caddy admin API unreachable',
      data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
    });
    // No comparison while the proxy does not answer: the detector skips the cycle.
    expect((await h.control('drift-detect')).body).toMatchObject({ recorded: 0, resolved: 0 });
  });

  it('"caddy.config answers the proxy\'s whole running configuration (its routes carry @id: proxyos-route-<route id>)"', async () => {
    const h = setup();
    const id = await h.create('config.example.com', '10.2.2.2:8080');
    await h.control('proxy/hand-add', { domain: 'byhand.example.com', upstream: '10.3.3.3:80' });
    const config = (await h.query('caddy.config', undefined, null)).data as {
      admin: { listen: string };
      apps: { http: { servers: { main: { listen: string[]; routes: Record<string, unknown>[] } } } };
    };
    expect(config.admin.listen).toBe('localhost:2019');
    const { routes } = config.apps.http.servers.main;
    const held = h.sim.control.proxyState().routes;
    expect(routes).toHaveLength(held.length);
    for (const entry of held.filter((e) => e.routeId)) {
      expect(routes.some((r) => r['@id'] === `proxyos-route-${entry.routeId}`)).toBe(true);
    }
    expect(routes.find((r) => r['@id'] === `proxyos-route-${id}`)).toMatchObject({
      match: [{ host: ['config.example.com'] }],
      handle: [{ handler: 'reverse_proxy', upstreams: [{ dial: '10.2.2.2:8080' }] }],
    });
    const byHand = routes.find((r) => JSON.stringify(r.match).includes('byhand.example.com'))!;
    expect(byHand).not.toHaveProperty('@id');
  });

  it('a proxy restart ("a proxy restart … loses the route") drops everything until the dashboard pushes again', async () => {
    const h = setup();
    const id = await h.create('restart.example.com');
    expect(h.sim.control.proxyState().routes.length).toBeGreaterThan(1);
    expect((await h.control('proxy/restart', {})).status).toBe(200);
    expect((await h.control('proxy/state', undefined, 'GET')).body).toEqual({ down: false, routes: [] });
    expect((await h.query('caddy.status', undefined, null)).data).toMatchObject({ reachable: true, upstreamCount: 0 });
    h.sim.control.detectDrift();
    const missing = (await h.driftList()).filter((e) => e.type === 'missing_in_caddy').map((e) => e.routeId);
    const enabled = h.sim.control.routes.list().filter((r) => r.enabled);
    expect(missing.sort()).toEqual(enabled.map((r) => r.id).sort());
    await h.mutate('publicApi.updateRoute', { id, patch: {} });
    expect(h.sim.control.proxyState().routes.map((e) => e.routeId)).toEqual([id]);
    // Without dropAll the proxy reloads what it held.
    await h.control('proxy/restart', { dropAll: false });
    expect(h.sim.control.proxyState().routes).toHaveLength(1);
  });

  it('"all three are public procedures": they answer without a session or a key, and with either', async () => {
    const h = setup();
    const admin = h.sim.control.createKey({ name: 'admin only', scopes: ['admin'] }).key;
    const cookie = h.sim.control.createSession('admin');
    for (const path of ['drift.list', 'drift.listAll', 'caddy.status', 'caddy.config']) {
      expect((await h.query(path, undefined, null)).status, path).toBe(200);
      expect((await h.query(path, undefined, admin)).status, path).toBe(200);
      expect((await h.query(path, undefined, null, cookie)).status, path).toBe(200);
    }
    // A mutation path is not one of them: GET stays a query.
    expect((await h.mutate('drift.list', {}, null)).status).toBe(405);
  });

  it('"drift.list … answers the unresolved ones, newest first, at most 50"', async () => {
    const h = setup();
    for (let i = 0; i < 30; i++) h.sim.control.handAddToProxy({ domain: `a${i}.example.com`, upstream: 'a:1' });
    h.sim.control.detectDrift();
    h.sim.control.clock.advance(30_000);
    for (let i = 0; i < 30; i++) h.sim.control.handAddToProxy({ domain: `b${i}.example.com`, upstream: 'b:1' });
    h.sim.control.detectDrift();
    const list = await h.driftList();
    expect(list).toHaveLength(50);
    const times = list.map((e) => e.detectedAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(JSON.parse(list[0]!.diffJson).domain).toMatch(/^b/);
    expect(list.every((e) => e.resolvedAt === null && e.resolution === null)).toBe(true);
    const all = (await h.query('drift.listAll', { limit: 200 }, null)).data as DriftEvent[];
    // 60 hand edits and the seeded route the proxy refused.
    expect(all).toHaveLength(61);
  });

  it('"drift.listAll {limit 1–200, default 100}": the limit is validated as the other inputs are', async () => {
    const h = setup();
    for (let i = 0; i < 120; i++) h.sim.control.handAddToProxy({ domain: `l${i}.example.com`, upstream: 'a:1' });
    h.sim.control.detectDrift();
    expect(((await h.query('drift.listAll', undefined, null)).data as unknown[]).length).toBe(100);
    expect(((await h.query('drift.listAll', {}, null)).data as unknown[]).length).toBe(100);
    expect(((await h.query('drift.listAll', { limit: 2 }, null)).data as unknown[]).length).toBe(2);
    expect(((await h.query('drift.listAll', { limit: 200 }, null)).data as unknown[]).length).toBe(121);
    for (const limit of [0, 201, 1.5, 'ten']) {
      const refused = await h.query('drift.listAll', { limit }, null);
      expect(refused.status, String(limit)).toBe(400);
      expect(refused.error!.data.code).toBe('BAD_REQUEST');
      expect(JSON.parse(refused.error!.message)).toEqual([expect.objectContaining({ path: ['limit'] })]);
    }
  });

  it('"traffic counts are not proof of service": analytics counts requests for a route the proxy does not serve', async () => {
    const h = setup();
    const id = await h.create('unserved.example.com');
    h.sim.control.forgetInProxy('unserved.example.com');
    expect(h.sim.control.plane.isServing(id)).toBe(false);
    const rowOf = async () =>
      (
        (await h.query('publicApi.analytics', { windowMinutes: 5 })).data as {
          routeId: string;
          requests: number;
          errors: number;
        }[]
      ).find((r) => r.routeId === id)!;
    const before = await rowOf();
    expect(before.requests).toBeGreaterThan(0);
    const added = await h.control('traffic', { domain: 'UNSERVED.example.com', requests: 500, errors: 7 });
    expect(added.body).toEqual({ ok: true, routeId: id });
    const after = await rowOf();
    expect(after.requests - before.requests).toBe(500);
    expect(after.errors - before.errors).toBe(7);
    // Counted by the route whose domain matches, wildcards included; a domain with no route is counted by none.
    expect((await h.control('traffic', { domain: 'img.cdn.demo.test', requests: 3 })).body.routeId).toBe('rt_0005');
    expect((await h.control('traffic', { domain: 'nobody.example.com', requests: 3 })).body.routeId).toBeNull();
    // Out of the window, out of the count.
    h.sim.control.clock.advance(6 * 60_000);
    expect((await rowOf()).requests).toBe(before.requests);
  });

  it('publicApi.updateRoute re-pushes: re-sending a lost route repairs it when the proxy is up and the weights are the default', async () => {
    const h = setup();
    const id = await h.create('repair.example.com');
    h.sim.control.forgetInProxy('repair.example.com');
    await h.control('proxy', { down: true });
    await h.mutate('publicApi.updateRoute', { id, patch: { name: 'While down' } });
    await h.control('proxy', { down: false });
    expect(h.sim.control.plane.isServing(id)).toBe(false);
    const weighted = [{ address: '10.0.0.9:8080', weight: 5 }];
    await h.mutate('publicApi.updateRoute', { id, patch: { upstreams: weighted } });
    expect(h.sim.control.plane.isServing(id)).toBe(false);
    await h.mutate('publicApi.updateRoute', { id, patch: { upstreams: [{ address: '10.0.0.9:8080' }] } });
    expect(h.sim.control.plane.isServing(id)).toBe(true);
    expect((await h.control('proxy/state', undefined, 'GET')).body.routes).toEqual(
      expect.arrayContaining([
        { routeId: id, domain: 'repair.example.com', aliases: [], upstreams: ['10.0.0.9:8080'] },
      ]),
    );
  });

  it('POST /__sim/drift-check runs both checks (the knob existing e2e relies on); the seeded demo already shows a route missing in the proxy', async () => {
    const h = setup();
    // The seeded "Static assets" route has weights the proxy refused.
    expect(h.record('rt_0005').syncStatus).toBe('missing');
    expect(await h.driftList()).toEqual([]);
    const id = await h.create('both.example.com');
    h.sim.control.forgetInProxy('both.example.com');
    await h.control('drift-check');
    expect(h.record(id).syncStatus).toBe('missing');
    const types = (await h.driftList()).map((e) => [e.routeId, e.type]);
    expect(types).toEqual(
      expect.arrayContaining([
        [id, 'missing_in_caddy'],
        ['rt_0005', 'missing_in_caddy'],
      ]),
    );
  });

  describe('demo schedules', () => {
    afterEach(() => vi.useRealTimers());

    it('"the drift detector runs every 30 s"; the sync check every 5 minutes, so syncStatus lags behind drift.list', async () => {
      vi.useFakeTimers();
      const sim = createProxySimulator({ clock: new SimClock(() => T0), ...PROXY_SIM_DEMO_TIMINGS });
      // The first detection runs at start: the seeded route the proxy refused is already a drift event.
      expect(sim.control.drift.list().map((e) => [e.routeId, e.type])).toEqual([['rt_0005', 'missing_in_caddy']]);
      sim.control.forgetInProxy('app.demo.test');
      await vi.advanceTimersByTimeAsync(30_000);
      expect(sim.control.drift.list().some((e) => e.routeId === 'rt_0001')).toBe(true);
      expect(sim.control.routes.get('rt_0001')!.syncStatus).toBe('synced');
      await vi.advanceTimersByTimeAsync(PROXY_SIM_DEMO_TIMINGS.syncCheckMs - 30_000);
      expect(sim.control.routes.get('rt_0001')!.syncStatus).toBe('missing');
    });
  });
});
