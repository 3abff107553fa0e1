import superjson, { type SuperJSONResult } from 'superjson';
import { describe, expect, it } from 'vitest';
import { createProxySimulator, PROXY_SIM_CONTROL_PREFIX } from '.';
import type { ProxyScope } from '../../shared/proxy/procedures';

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
    const { key } = h.key(['admin']);
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
    const res = await h.mutate('publicApi.createRoute', { name: 'x', domain: 'bad_host!', upstreams: [] }, key);
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

  it('admin implies every scope; a read key cannot write', async () => {
    const h = setup();
    const admin = h.key(['admin']).key;
    const reader = h.key(['routes:read']).key;
    expect((await h.query('publicApi.health', undefined, admin)).status).toBe(200);
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
    const { key } = h.key(['admin']);
    const res = await h.mutate('routes.toggle', { id: 'rt_0001', enabled: false }, key);
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error.json.message).toBe('Not authenticated');
    // routes.get answers a key with routes:read, with the full record.
    const full = await h.query('routes.get', { id: 'rt_0001' }, key);
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
    const input = { name: 'Docs', domain: 'docs.example.com', upstreams: [{ address: '10.0.0.9:8080', weight: 5 }] };
    const created = await h.mutate('publicApi.createRoute', input, key);
    const { id } = superjson.deserialize((await created.json()).result.data) as { id: string };

    const dup = await h.mutate('publicApi.createRoute', { ...input, domain: 'DOCS.example.com' }, key);
    expect(dup.status).toBe(409);
    expect(((await dup.json()) as ErrorBody).error.json).toMatchObject({
      code: -32009,
      message: 'A route for domain DOCS.example.com already exists',
    });

    const patched = await h.mutate('publicApi.updateRoute', { id, patch: { enabled: false } }, key);
    expect(superjson.deserialize((await patched.json()).result.data)).toEqual({ ok: true });
    expect(h.sim.control.routes.get(id)!.enabled).toBe(false);

    expect((await h.mutate('publicApi.deleteRoute', { id }, key)).status).toBe(200);
    const gone = await h.mutate('publicApi.deleteRoute', { id }, key);
    expect(gone.status).toBe(404);
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
