import superjson, { type SuperJSONResult } from 'superjson';
import { describe, expect, it } from 'vitest';
import { createProxySimulator, PROXY_SIM_CONTROL_PREFIX } from '.';
import type { SimScope as ProxyScope } from './keys';

const BASE = 'http://proxy.test';

function setup(options: Parameters<typeof createProxySimulator>[0] = {}) {
  const sim = createProxySimulator({ controlApi: true, ...options });
  const api = `${BASE}${sim.basePath}`;
  const key = (scopes: ProxyScope[], expiresInDays?: number) =>
    sim.control.createKey({ name: 'test', scopes, expiresInDays });
  const query = (path: string, input: unknown, auth?: string, extra = '') =>
    sim.fetch(
      new Request(
        `${api}/${path}?${input === undefined ? '' : `input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`}${extra}`,
        { headers: auth ? { authorization: `Bearer ${auth}` } : {} },
      ),
    );
  const mutate = (path: string, input: unknown, auth?: string, headers: Record<string, string> = {}) =>
    sim.fetch(
      new Request(`${api}/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(auth ? { authorization: `Bearer ${auth}` } : {}),
          ...headers,
        },
        body: JSON.stringify(superjson.serialize(input)),
      }),
    );
  return { sim, api, key, query, mutate };
}

interface ErrorBody {
  error: { json: { message: string; code: number; data: { code: string; httpStatus: number; path: string } } };
}

describe('proxy simulator: wire format', () => {
  it('answers a key-authenticated list in a superjson envelope with dates as Date meta', async () => {
    const h = setup();
    const { key } = h.key(['routes:read']);
    const res = await h.query('publicApi.routes', undefined, key);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      result: { data: SuperJSONResult & { json: unknown[]; meta: { values: Record<string, unknown> } } };
    };
    expect(body.result.data.json.length).toBeGreaterThan(2);
    expect(body.result.data.meta.values['0.createdAt']).toEqual(['Date']);
    const routes = superjson.deserialize(body.result.data) as { createdAt: Date; domain: string }[];
    expect(routes[0]!.createdAt).toBeInstanceOf(Date);
    // The key API's record: no full-record extras.
    expect(Object.keys(routes[0]!)).not.toContain('syncStatus');
  });

  it('batches: 207 with success and error envelopes in call order', async () => {
    const h = setup();
    const { key } = h.key(['routes:read']);
    const input = encodeURIComponent(JSON.stringify({}));
    const res = await h.sim.fetch(
      new Request(`${h.api}/publicApi.routes,publicApi.health?batch=1&input=${input}`, {
        headers: { authorization: `Bearer ${key}` },
      }),
    );
    expect(res.status).toBe(207);
    const body = (await res.json()) as [{ result: unknown }, ErrorBody];
    expect(body[0].result).toBeDefined();
    expect(body[1].error.json).toMatchObject({
      message: 'API token missing scope: health:read',
      code: -32001,
      data: { code: 'UNAUTHORIZED', httpStatus: 401, path: 'publicApi.health' },
    });
  });

  it('refuses the wrong method with 405 and an unknown path with 404', async () => {
    const h = setup();
    const { key } = h.key(['routes:write']);
    expect((await h.query('publicApi.createRoute', undefined, key)).status).toBe(405);
    const missing = await h.query('publicApi.nope', undefined, key);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as ErrorBody).error.json.message).toBe(
      'No procedure found on path "publicApi.nope"',
    );
  });

  it('validation: 400 BAD_REQUEST whose message is the JSON list of zod issues; plain JSON without envelope fails', async () => {
    const h = setup();
    const { key } = h.key(['routes:write']);
    const res = await h.mutate('publicApi.createRoute', { name: 'x', domain: '', upstreams: [] }, key);
    expect(res.status).toBe(400);
    const err = ((await res.json()) as ErrorBody).error.json;
    expect(err.data.code).toBe('BAD_REQUEST');
    const issues = JSON.parse(err.message) as { path: (string | number)[]; message: string }[];
    expect(issues.map((i) => i.path.join('.'))).toEqual(expect.arrayContaining(['domain', 'upstreams']));

    const plain = await h.sim.fetch(
      new Request(`${h.api}/publicApi.deleteRoute`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
        body: JSON.stringify({ id: 'rt_0001' }),
      }),
    );
    expect(plain.status).toBe(400);
  });
});

describe('proxy simulator: keys and scopes', () => {
  it('stores only hashes and never lists the plaintext', () => {
    const h = setup();
    const { id, key } = h.key(['routes:read']);
    const listed = JSON.stringify(h.sim.control.listKeys());
    expect(listed).toContain(id);
    expect(listed).not.toContain(key);
  });

  it('ignores ?apiKey= and a missing key gets the procedure 401', async () => {
    const h = setup();
    const { key } = h.key(['routes:read']);
    const res = await h.query('publicApi.routes', undefined, undefined, `&apiKey=${key}`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error.json.message).toBe('API token missing scope: routes:read');
  });

  it('scopes are exact strings: an admin-only key is refused by every key procedure; a read key cannot write', async () => {
    const h = setup();
    const admin = h.key(['admin']).key;
    for (const [path, scope] of [
      ['publicApi.routes', 'routes:read'],
      ['publicApi.health', 'health:read'],
      ['publicApi.certs', 'certs:read'],
      ['publicApi.analytics', 'analytics:read'],
    ] as const) {
      const res = await h.query(path, undefined, admin);
      expect(res.status).toBe(401);
      expect(((await res.json()) as ErrorBody).error.json.message).toBe(`API token missing scope: ${scope}`);
    }
    expect((await h.mutate('publicApi.deleteRoute', { id: 'rt_0001' }, admin)).status).toBe(401);
    const reader = h.key(['routes:read']).key;
    const refused = await h.mutate('publicApi.deleteRoute', { id: 'rt_0001' }, reader);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as ErrorBody).error.json.message).toBe('API token missing scope: routes:write');
  });

  it('checks expiry on every call against the controllable clock', async () => {
    const h = setup();
    const { key } = h.key(['routes:read'], 2);
    expect((await h.query('publicApi.routes', undefined, key)).status).toBe(200);
    await h.sim.fetch(
      new Request(`${BASE}${PROXY_SIM_CONTROL_PREFIX}/clock/advance`, {
        method: 'POST',
        body: JSON.stringify({ days: 3 }),
      }),
    );
    expect((await h.query('publicApi.routes', undefined, key)).status).toBe(401);
    h.sim.control.clock.reset();
    expect((await h.query('publicApi.routes', undefined, key)).status).toBe(200);
  });

  it('revoked keys are treated as no key', async () => {
    const h = setup();
    const { id, key } = h.key(['routes:read']);
    h.sim.control.revokeKey(id);
    expect((await h.query('publicApi.routes', undefined, key)).status).toBe(401);
  });

  it('routes.* writes and apiKeys.* need the browser session; a key alone gets "Not authenticated"', async () => {
    const h = setup();
    const { key } = h.key(['routes:read', 'routes:write']);
    const res = await h.mutate('routes.toggle', { id: 'rt_0001', enabled: false }, key);
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error.json.message).toBe('Not authenticated');
    expect((await h.query('routes.list', undefined, key)).status).toBe(401);
    // routes.get answers anyone, without a key or a session, with the full record.
    const full = await h.query('routes.get', { id: 'rt_0001' });
    const record = superjson.deserialize((await full.json()).result.data) as Record<string, unknown>;
    expect(record).toHaveProperty('syncStatus');

    const cookie = h.sim.control.createSession('admin');
    const created = await h.mutate('apiKeys.create', { name: 'ci', scopes: ['routes:read'] }, undefined, { cookie });
    const { key: shownOnce } = superjson.deserialize((await created.json()).result.data) as { key: string };
    expect(shownOnce).toMatch(/^pxos_/);
    const listed = await h.sim.fetch(new Request(`${h.api}/apiKeys.list`, { headers: { cookie } }));
    expect(await listed.text()).not.toContain(shownOnce);
  });
});

describe('proxy simulator: routes', () => {
  it('creates, conflicts on a taken domain, updates, toggles through patch.enabled and deletes', async () => {
    const h = setup();
    const { key } = h.key(['routes:read', 'routes:write']);
    const input = { name: 'Docs', domain: 'docs.example.com', upstreams: [{ address: '10.0.0.9:8080' }] };
    const created = await h.mutate('publicApi.createRoute', input, key);
    const { id } = superjson.deserialize((await created.json()).result.data) as { id: string };

    const dup = await h.mutate('publicApi.createRoute', { ...input, domain: 'DOCS.example.com' }, key);
    expect(dup.status).toBe(409);
    expect(((await dup.json()) as ErrorBody).error.json).toMatchObject({
      code: -32009,
      message: 'Route for DOCS.example.com already exists',
    });

    const patched = await h.mutate('publicApi.updateRoute', { id, patch: { enabled: false } }, key);
    expect(superjson.deserialize((await patched.json()).result.data)).toEqual({ ok: true });
    expect(h.sim.control.routes.get(id)!.enabled).toBe(false);

    expect((await h.mutate('publicApi.deleteRoute', { id }, key)).status).toBe(200);
    const gone = await h.mutate('publicApi.deleteRoute', { id }, key);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as ErrorBody).error.json.message).toBe('NOT_FOUND');
  });

  it('strips what the key API does not take, answers {ok: true} anyway, and stores the defaults', async () => {
    const h = setup();
    const { key } = h.key(['routes:read', 'routes:write']);
    const created = await h.mutate(
      'publicApi.createRoute',
      {
        name: 'Shop',
        domain: 'shop.example.com',
        upstreams: [{ address: '10.0.0.9:8080' }],
        enabled: false,
        lbPolicy: 'least_conn',
        healthCheckInterval: 60,
        websocketEnabled: true,
      },
      key,
    );
    const { id } = superjson.deserialize((await created.json()).result.data) as { id: string };
    expect(h.sim.control.routes.get(id)).toMatchObject({
      enabled: true,
      lbPolicy: 'round_robin',
      healthCheckInterval: 30,
      websocketEnabled: false,
      tlsMode: 'auto',
      compressionEnabled: true,
      healthCheckEnabled: true,
      healthCheckPath: '/',
    });
    const patched = await h.mutate(
      'publicApi.updateRoute',
      { id, patch: { name: 'Shop 2', domain: 'other.example.com', tlsMode: 'off', lbPolicy: 'first' } },
      key,
    );
    expect(superjson.deserialize((await patched.json()).result.data)).toEqual({ ok: true });
    expect(h.sim.control.routes.get(id)).toMatchObject({ name: 'Shop 2', domain: 'shop.example.com', tlsMode: 'auto' });
    for (const tlsMode of ['dns', 'custom']) {
      const refused = await h.mutate(
        'publicApi.createRoute',
        { name: 'T', domain: `${tlsMode}.example.com`, upstreams: [{ address: 'a:1' }], tlsMode },
        key,
      );
      expect(refused.status).toBe(400);
    }
  });

  it('a key-API disable stores the flag while the proxy keeps serving; the drift check says so', async () => {
    const h = setup();
    const { key } = h.key(['routes:read', 'routes:write', 'analytics:read']);
    const input = { name: 'Live', domain: 'live.example.com', upstreams: [{ address: '10.0.0.9:8080' }] };
    const { id } = superjson.deserialize(
      (await (await h.mutate('publicApi.createRoute', input, key)).json()).result.data,
    ) as { id: string };
    expect(h.sim.control.routes.get(id)!.syncStatus).toBeNull();
    await h.mutate('publicApi.updateRoute', { id, patch: { enabled: false } }, key);
    expect(h.sim.control.plane.isServing(id)).toBe(true);
    h.sim.control.checkDrift();
    expect(h.sim.control.routes.get(id)).toMatchObject({
      enabled: false,
      syncStatus: 'drift',
      syncDiff: [{ field: 'enabled', dashboard: false, proxy: true }],
      syncSource: 'drift-check',
    });
    const traffic = await h.query('publicApi.analytics', { windowMinutes: 5 }, key);
    const rows = superjson.deserialize((await traffic.json()).result.data) as { routeId: string; requests: number }[];
    expect(rows.find((r) => r.routeId === id)!.requests).toBeGreaterThan(0);
  });

  it('a weight other than the default, a down proxy or a forgotten route leave the route missing in the proxy', async () => {
    const h = setup();
    const { key } = h.key(['routes:read', 'routes:write']);
    const make = async (domain: string, weight?: number) =>
      (
        superjson.deserialize(
          (
            await (
              await h.mutate(
                'publicApi.createRoute',
                { name: domain, domain, upstreams: [{ address: '10.0.0.9:8080', weight }] },
                key,
              )
            ).json()
          ).result.data,
        ) as { id: string }
      ).id;
    const weighted = await make('w.example.com', 5);
    h.sim.control.plane.down = true;
    const whileDown = await make('down.example.com');
    h.sim.control.plane.down = false;
    const forgotten = await make('gone.example.com');
    expect(h.sim.control.forgetInProxy('gone.example.com')).toBe(true);
    h.sim.control.checkDrift();
    for (const id of [weighted, whileDown, forgotten]) {
      expect(h.sim.control.routes.get(id)!.syncStatus).toBe('missing');
    }
  });

  it('health answers the key API constant version; certs and analytics need their own scopes', async () => {
    const h = setup();
    const { key } = h.key(['health:read', 'certs:read', 'analytics:read']);
    const health = superjson.deserialize(
      (await (await h.query('publicApi.health', undefined, key)).json()).result.data,
    );
    expect(health).toMatchObject({ ok: true, version: '0.2.0' });
    expect(Object.keys(health as object).sort()).toEqual(['certCount', 'ok', 'routeCount', 'version']);
    const certs = superjson.deserialize((await (await h.query('publicApi.certs', undefined, key)).json()).result.data);
    expect(certs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ domain: 'app.demo.test', status: 'valid', source: 'acme', autoRenew: true }),
      ]),
    );
    const tooWide = await h.query('publicApi.analytics', { windowMinutes: 2000 }, key);
    expect(tooWide.status).toBe(400);
  });

  it('serves the base path it is given', async () => {
    const h = setup({ basePath: '/api/trpc' });
    const { key } = h.key(['routes:read']);
    expect((await h.query('publicApi.routes', undefined, key)).status).toBe(200);
    expect(h.api.endsWith('/api/trpc')).toBe(true);
  });

  it('speaks plain JSON without the transformer', async () => {
    const h = setup({ transformer: 'none' });
    const { key } = h.key(['routes:read']);
    const res = await h.sim.fetch(
      new Request(`${h.api}/publicApi.routes`, { headers: { authorization: `Bearer ${key}` } }),
    );
    const body = (await res.json()) as { result: { data: { createdAt: string }[] } };
    expect(typeof body.result.data[0]!.createdAt).toBe('string');
  });
});
