import { afterEach, describe, expect, it } from 'vitest';
import { PROXY_BATCH_PATH, proxyErrorCodes, proxyExposureSchema, proxyPath } from '../../shared/proxy';
import type { ProxyScope } from '../../shared/proxy';
import { mapProxyError, scopeNamedIn } from '../upstreams/proxy-upstream';
import { closeTestBffs, consoleRequest, createTestBff, signIn } from '../test-support/test-bff';

interface Options {
  scopes?: ProxyScope[];
  transformer?: 'superjson' | 'none';
  rpcPath?: string;
  /** Replaces the dashboard (e.g. with a failing fetch). */
  proxyFetch?: (request: Request) => Promise<Response>;
}

afterEach(closeTestBffs);

/** The test BFF with a proxy dashboard; `upstream` is what the BFF sent the dashboard. */
function setup(options: Options = {}) {
  const { proxyFetch, ...proxy } = options;
  const h = createTestBff({
    proxy: { ...proxy, ...(proxyFetch ? { intercept: (request) => proxyFetch(request) } : {}) },
  });
  const dashboard = h.proxy!;
  return { ...h, proxy: dashboard.sim, key: dashboard.key, keyId: dashboard.keyId, upstream: dashboard.calls };
}

function request(path: string, init: RequestInit & { cookie?: string } = {}) {
  const { cookie = '', ...rest } = init;
  return consoleRequest(path, cookie, rest);
}

function post(path: string, cookie: string, body: unknown, headers: Record<string, string> = {}) {
  return request(path, {
    method: 'POST',
    cookie,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  });
}

describe('/bff/proxy: who may use it', () => {
  it('refuses a member with 403 before any upstream call', async () => {
    const h = setup();
    const cookie = await signIn(h, 'member@demo.test');
    const list = await h.app.request(request(proxyPath('publicApi.routes'), { cookie }));
    expect(list.status).toBe(403);
    expect((await list.json()).code).toBe(proxyErrorCodes.forbidden);
    const create = await h.app.request(
      post(proxyPath('publicApi.createRoute'), cookie, { name: 'x', domain: 'x.example.com', upstreams: [] }),
    );
    expect(create.status).toBe(403);
    const batch = await h.app.request(post(PROXY_BATCH_PATH, cookie, { calls: [{ procedure: 'publicApi.health' }] }));
    expect(batch.status).toBe(403);
    expect(h.upstream).toHaveLength(0);
  });

  it('requires a session (401) and refuses procedures outside the table (404) without going upstream', async () => {
    const h = setup();
    expect((await h.app.request(request(proxyPath('publicApi.routes')))).status).toBe(401);
    const cookie = await signIn(h, 'admin@demo.test');
    const unknown = await h.app.request(request('/bff/proxy/apiKeys.list', { cookie }));
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe(proxyErrorCodes.unknownProcedure);
    const sessionOnly = await h.app.request(
      post('/bff/proxy/routes.toggle', cookie, { id: 'rt_0001', enabled: false }),
    );
    expect(sessionOnly.status).toBe(404);
    const wrongMethod = await h.app.request(request(proxyPath('publicApi.deleteRoute'), { cookie }));
    expect(wrongMethod.status).toBe(405);
    expect(h.upstream).toHaveLength(0);
  });
});

describe('/bff/proxy: no dashboard configured', () => {
  it('answers every call 404 PROXY_NOT_CONFIGURED (a state, never a 5xx), naming the variables to set', async () => {
    // Only the chat server, as a deployment against a real chat server without a proxy dashboard.
    const { app } = createTestBff({ env: { PROXY_URL: '', PROXY_API_KEY: '' } });
    const cookie = await signIn({ app }, 'admin@demo.test');
    const answers = [
      await app.request(request(proxyPath('publicApi.routes'), { cookie })),
      await app.request(post(PROXY_BATCH_PATH, cookie, { calls: [{ procedure: 'publicApi.health' }] })),
      await app.request(
        post(proxyPath('publicApi.createRoute'), cookie, {
          name: 'x',
          domain: 'x.example.com',
          upstreams: [{ address: '10.0.0.1:80' }],
        }),
      ),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      const body = (await res.json()) as { code: string; msg: string };
      expect(body.code).toBe(proxyErrorCodes.notConfigured);
      for (const name of ['PROXY_URL', 'PROXY_API_KEY', 'PROXY_RPC_PATH']) expect(body.msg).toContain(name);
    }
    const info = (await (await app.request(request('/bff/session', { cookie }))).json()) as {
      proxyConfigured?: boolean;
    };
    expect(info.proxyConfigured).toBe(false);
  });
});

describe('/bff/proxy: what the dashboard gives anyone', () => {
  it('checks each public read with no credential at all and says which answered', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(request('/bff/proxy/exposure', { cookie }));
    expect(res.status).toBe(200);
    const body = proxyExposureSchema.parse(await res.json());
    // The reference: routes.get, drift.list, caddy.status and caddy.config answer without a key or a session.
    expect(body.probes.map((p) => [p.procedure, p.open])).toEqual([
      ['routes.get', true],
      ['drift.list', true],
      ['caddy.status', true],
      ['caddy.config', true],
    ]);
    const probes = h.upstream.filter((r) => !r.url.includes('publicApi.'));
    expect(probes.length).toBeGreaterThan(0);
    for (const probe of probes) {
      expect(probe.headers.get('authorization')).toBeNull();
      expect(probe.headers.get('cookie')).toBeNull();
    }
  });

  it('says closed where the dashboard asks for a credential, and is for admins only', async () => {
    const h = setup({
      proxyFetch: async (request) =>
        request.headers.get('authorization')
          ? h.proxy.fetch(request)
          : new Response(
              JSON.stringify([
                {
                  error: {
                    json: {
                      message: 'Not authenticated',
                      code: -32001,
                      data: { code: 'UNAUTHORIZED', httpStatus: 401 },
                    },
                  },
                },
              ]),
              { status: 401, headers: { 'content-type': 'application/json' } },
            ),
    });
    const member = await signIn(h, 'member@demo.test');
    expect((await h.app.request(request('/bff/proxy/exposure', { cookie: member }))).status).toBe(403);
    const cookie = await signIn(h, 'admin@demo.test');
    const body = proxyExposureSchema.parse(
      await (await h.app.request(request('/bff/proxy/exposure', { cookie }))).json(),
    );
    expect(body.probes.every((p) => !p.open)).toBe(true);
  });
});

describe('/bff/proxy: credentials', () => {
  it('sets the Bearer header upstream and forwards no browser credential', async () => {
    const h = setup();
    const cookie = await signIn(h, 'owner@demo.test');
    const res = await h.app.request(
      request(`${proxyPath('publicApi.routes')}?apiKey=browser-supplied&other=1`, {
        cookie,
        headers: { authorization: 'Bearer browser-token', 'x-api-key': 'browser' },
      }),
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(h.key);
    expect(JSON.parse(text)).toEqual(expect.arrayContaining([expect.objectContaining({ domain: 'app.demo.test' })]));

    expect(h.upstream).toHaveLength(1);
    const sent = h.upstream[0]!;
    expect(sent.headers.get('authorization')).toBe(`Bearer ${h.key}`);
    expect(sent.headers.get('cookie')).toBeNull();
    expect(sent.headers.get('x-api-key')).toBeNull();
    expect(sent.url).not.toContain('apiKey');
    expect(sent.url).not.toContain(h.key);
    expect(sent.url.startsWith('http://proxy.test/api/trpc/publicApi.routes')).toBe(true);
    expect(h.logs.join('\n')).not.toContain(h.key);
  });
});

describe('/bff/proxy: batching and error mapping', () => {
  it('sends a batch of two queries upstream as one request and maps a mixed 207 to one success and one error', async () => {
    const h = setup({ scopes: ['routes:read'] });
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(
      post(PROXY_BATCH_PATH, cookie, {
        calls: [{ procedure: 'publicApi.routes' }, { procedure: 'publicApi.health' }],
      }),
    );
    expect(h.upstream).toHaveLength(1);
    const sent = h.upstream[0]!;
    const url = new URL(sent.url);
    expect(sent.method).toBe('GET');
    expect(url.pathname).toBe('/api/trpc/publicApi.routes,publicApi.health');
    expect(url.searchParams.get('batch')).toBe('1');

    expect(res.status).toBe(207);
    const { results } = (await res.json()) as {
      results: [
        { ok: true; data: { domain: string; createdAt: string }[] },
        { ok: false; status: number; error: Record<string, unknown> },
      ];
    };
    expect(results[0].ok).toBe(true);
    // A batch is only ever sent with POST.
    const wrongMethod = await h.app.request(consoleRequest(PROXY_BATCH_PATH, cookie));
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
    expect(((await wrongMethod.json()) as { code: string }).code).toBe(proxyErrorCodes.methodNotAllowed);
    // superjson's Dates reach the browser as ISO text.
    expect(results[0].data[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(results[1]).toMatchObject({
      ok: false,
      status: 403,
      error: { code: proxyErrorCodes.keyRejected, scope: 'health:read' },
    });
    expect(String(results[1].error.msg)).toContain('Proxy API key rejected or missing the needed scope (health:read)');
  });

  it('answers 409 on the domain field for a duplicate and 400 with the field for a validation refusal', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const dup = await h.app.request(
      post(proxyPath('publicApi.createRoute'), cookie, {
        name: 'Again',
        domain: 'app.demo.test',
        upstreams: [{ address: '10.0.0.1:80' }],
      }),
    );
    expect(dup.status).toBe(409);
    expect(await dup.json()).toMatchObject({
      code: 'CONFLICT',
      field: 'domain',
      msg: 'Route for app.demo.test already exists',
    });

    // The BFF checks with the same schema first…
    const local = await h.app.request(
      post(proxyPath('publicApi.updateRoute'), cookie, {
        id: 'rt_0001',
        patch: { upstreams: [{ address: 'nope', weight: 5 }] },
      }),
    );
    expect(local.status).toBe(400);
    expect(await local.json()).toMatchObject({ code: proxyErrorCodes.invalidParams, field: 'upstreams.0.address' });

    // …and maps the dashboard's own refusal (zod issues as JSON text in the message) the same way.
    const mapped = mapProxyError(
      'publicApi.updateRoute',
      await (async () => {
        const { TRPCClientError } = await import('@trpc/client');
        return TRPCClientError.from({
          error: {
            message: JSON.stringify([
              { code: 'too_big', path: ['patch', 'upstreams', 0, 'weight'], message: 'Too big' },
            ]),
            code: -32600,
            data: { code: 'BAD_REQUEST', httpStatus: 400, path: 'publicApi.updateRoute' },
          },
        });
      })(),
    );
    expect(mapped).toMatchObject({ ok: false, status: 400, error: { field: 'upstreams.0.weight', msg: 'Too big' } });
  });

  it('records every change in the audit timeline with its outcome, and refuses changes inside a batch', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const dup = await h.app.request(
      post(proxyPath('publicApi.createRoute'), cookie, {
        name: 'Again',
        domain: 'app.demo.test',
        upstreams: [{ address: '10.0.0.1:80' }],
      }),
    );
    expect(dup.status).toBe(409);
    const page = (await (
      await h.app.request(request('/bff/audit?operation=proxy.publicApi.createRoute', { cookie }))
    ).json()) as { entries: { area: string; outcome: string; target: { type: string; name: string | null } }[] };
    expect(page.entries[0]).toMatchObject({
      area: 'proxy',
      outcome: 'error',
      target: { type: 'route', name: 'app.demo.test' },
    });
    const before = h.upstream.length;
    const batch = await h.app.request(
      post('/bff/proxy/batch', cookie, {
        calls: [{ procedure: 'publicApi.deleteRoute', input: { id: 'rt_0001' } }],
      }),
    );
    expect(batch.status).toBe(400);
    expect(h.upstream.length).toBe(before);
  });

  it('turns an expired or revoked key into the key-rejected code, naming the scope', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    h.proxy.control.revokeKey(h.keyId);
    const res = await h.app.request(request(proxyPath('publicApi.routes'), { cookie }));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: proxyErrorCodes.keyRejected, scope: 'routes:read' });
  });

  it('network failure → 502 unavailable', async () => {
    const h = setup({
      proxyFetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(request(proxyPath('publicApi.health'), { cookie }));
    expect(res.status).toBe(502);
    expect((await res.json()).code).toBe(proxyErrorCodes.unavailable);
  });

  it('creates, updates, disables and deletes through the key API, also at another path and without superjson', async () => {
    const h = setup({ rpcPath: '/api/trpc', transformer: 'none' });
    const cookie = await signIn(h, 'admin@demo.test');
    const created = await h.app.request(
      post(proxyPath('publicApi.createRoute'), cookie, {
        name: 'Docs',
        domain: 'docs.example.com',
        upstreams: [{ address: '10.0.0.9:8080' }],
        tlsMode: 'auto',
      }),
    );
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const off = await h.app.request(
      post(proxyPath('publicApi.updateRoute'), cookie, { id, patch: { enabled: false } }),
    );
    expect(await off.json()).toMatchObject({ ok: true, report: { confirmed: ['enabled'] } });
    const full = await h.app.request(
      request(`${proxyPath('routes.get')}?input=${encodeURIComponent(JSON.stringify({ id }))}`, { cookie }),
    );
    // Nothing has checked the proxy since: the live state is unknown, not "synced".
    expect(await full.json()).toMatchObject({ id, enabled: false, syncStatus: null });
    expect((await h.app.request(post(proxyPath('publicApi.deleteRoute'), cookie, { id }))).status).toBe(200);
    const gone = await h.app.request(post(proxyPath('publicApi.deleteRoute'), cookie, { id }));
    expect(gone.status).toBe(404);
    expect(h.upstream.every((r) => new URL(r.url).pathname.startsWith('/api/trpc/'))).toBe(true);
  });

  it('reads the scope from refusal messages', () => {
    expect(scopeNamedIn('API token missing scope: routes:write')).toBe('routes:write');
    expect(scopeNamedIn('Not authenticated')).toBeNull();
  });
});

describe('/bff/proxy: verified effects', () => {
  async function auditNote(h: ReturnType<typeof setup>, cookie: string, operation: string) {
    const page = (await (await h.app.request(request(`/bff/audit?operation=${operation}`, { cookie }))).json()) as {
      entries: { outcome: string; note?: string | null }[];
    };
    return page.entries[0]!;
  }

  it('reads a create back: what the dashboard dropped is reported, in the answer and in the audit', async () => {
    const h = setup();
    // A dashboard whose key API takes fewer fields than this console expects.
    h.proxy.control.setExtraStripped(['compressionEnabled']);
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(
      post(proxyPath('publicApi.createRoute'), cookie, {
        name: 'Shop',
        domain: 'Shop.Example.com',
        upstreams: [{ address: '10.0.0.9:8080', weight: 5 }],
        tlsMode: 'internal',
        compressionEnabled: false,
      }),
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { id: string; report: Record<string, unknown> };
    expect(body.report).toEqual({
      readBack: 'read',
      confirmed: ['name', 'domain', 'upstreams', 'tlsMode'],
      dropped: [{ field: 'compressionEnabled', sent: false, stored: true }],
      unconfirmed: ['proxy'],
      warnings: ['weight'],
    });
    const entry = await auditNote(h, cookie, 'proxy.publicApi.createRoute');
    expect(entry.outcome).toBe('success');
    expect(entry.note).toContain('Not applied: Compression (sent off, stored on)');
    expect(entry.note).toContain('Cannot be confirmed: whether the proxy applied it');
    // The read-back travelled upstream as routes.get, with no key needed for it.
    expect(h.upstream.some((r) => new URL(r.url).pathname.endsWith('/routes.get'))).toBe(true);
  });

  it('a disable is stored, but the console says it cannot confirm that traffic stopped', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(
      post(proxyPath('publicApi.updateRoute'), cookie, { id: 'rt_0001', patch: { enabled: false } }),
    );
    expect(await res.json()).toMatchObject({
      ok: true,
      report: { confirmed: ['enabled'], dropped: [], unconfirmed: ['proxy', 'traffic'] },
    });
    const entry = await auditNote(h, cookie, 'proxy.publicApi.updateRoute');
    expect(entry.note).toContain('that traffic stopped');
  });

  it('a delete is confirmed by the route being gone', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(post(proxyPath('publicApi.deleteRoute'), cookie, { id: 'rt_0002' }));
    expect(await res.json()).toMatchObject({ ok: true, report: { readBack: 'missing', confirmed: ['deleted'] } });
  });

  it('an admin-only key is refused by every key procedure, each naming its scope', async () => {
    const h = setup({ scopes: ['admin'] });
    const cookie = await signIn(h, 'admin@demo.test');
    const res = await h.app.request(
      post(PROXY_BATCH_PATH, cookie, {
        calls: [
          { procedure: 'publicApi.routes' },
          { procedure: 'publicApi.health' },
          { procedure: 'publicApi.certs' },
          { procedure: 'publicApi.analytics', input: { windowMinutes: 60 } },
        ],
      }),
    );
    const { results } = (await res.json()) as { results: { ok: boolean; error?: { code: string; scope: string } }[] };
    expect(results.map((r) => r.error?.scope)).toEqual(['routes:read', 'health:read', 'certs:read', 'analytics:read']);
    expect(results.every((r) => r.error?.code === proxyErrorCodes.keyRejected)).toBe(true);
  });
});
