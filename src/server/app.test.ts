import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../shared/bff/protocol';
import { DEMO_PASSWORD } from '../sim/svc';
import { closeTestBffs, createTestBff, ORIGIN, signIn } from './test-support/test-bff';

/** The test BFF over a simulator of `users` generated people, answers optionally rewritten on their way. */
function setup(
  options: {
    timeoutMs?: number;
    users?: number;
    rewrite?: (request: Request, answer: Response) => Promise<Response>;
    staticDir?: string;
  } = {},
) {
  const { rewrite } = options;
  return createTestBff({
    sim: { generatedUsers: options.users ?? 20 },
    config: {
      upstreamTimeoutMs: options.timeoutMs ?? 2_000,
      ...(options.staticDir ? { staticDir: options.staticDir } : {}),
    },
    ...(rewrite ? { intercept: async (request, send) => rewrite(request, await send(request)) } : {}),
  });
}

afterEach(closeTestBffs);

type Harness = ReturnType<typeof setup>;

function mutate(path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('origin', ORIGIN);
  headers.set(CSRF_HEADER, '1');
  if (init.cookie) headers.set('cookie', init.cookie);
  return new Request(ORIGIN + path, { ...init, headers });
}

describe('BFF answers to large reads', () => {
  it('are compressed for a browser that accepts it; small ones and the rest go as they are', async () => {
    const h = setup({ users: 200 });
    const cookie = await signIn(h, 'admin@demo.test');
    const list = ORIGIN + '/bff/svc/users?client_gravatar=true&include_custom_profile_fields=true';
    const plain = await h.app.request(list, { headers: { cookie } });
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(16 * 1024);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('accept-encoding');

    const zipped = await h.app.request(list, { headers: { cookie, 'accept-encoding': 'gzip, deflate' } });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('content-security-policy')).toContain("default-src 'self'");
    const bytes = new Uint8Array(await zipped.arrayBuffer());
    expect(bytes.byteLength).toBeLessThan(text.length / 4);
    expect(gunzipSync(bytes).toString('utf8')).toBe(text);

    const br = await h.app.request(list, { headers: { cookie, 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(new Uint8Array(await br.arrayBuffer())).toString('utf8')).toBe(text);

    const me = await h.app.request(ORIGIN + '/bff/svc/users/me', { headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(me.headers.get('content-encoding')).toBeNull();
    expect((await me.json()) as { email: string }).toMatchObject({ email: 'admin@demo.test' });
  });

  it('are compressed while they are checked; a record that fails is left out and named, an answer that fails whole is refused', async () => {
    // A large answer whose 200th user has no email: compression starts before the check finds that.
    let whole = false;
    const h = setup({
      users: 200,
      rewrite: async (request, answer) => {
        if (!new URL(request.url).pathname.endsWith('/users')) return answer;
        const body = (await answer.json()) as { members: Record<string, unknown>[] | string };
        if (whole) body.members = 'none';
        else delete (body.members as Record<string, unknown>[])[199]!.email;
        return Response.json(body);
      },
    });
    const cookie = await signIn(h, 'admin@demo.test');
    const list = ORIGIN + '/bff/svc/users?client_gravatar=true&include_custom_profile_fields=true';
    const res = await h.app.request(list, { headers: { cookie, 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    // Re-encoded without the record: the compression of the upstream's own bytes is not what goes out.
    expect(res.headers.get('content-encoding')).toBeNull();
    const body = (await res.json()) as { members: { user_id: number }[]; console_skipped_records: unknown[] };
    expect(body.members.length).toBeGreaterThan(200);
    expect(body.console_skipped_records).toEqual([
      expect.objectContaining({ list: 'members', problem: expect.stringMatching(/^email: /) as string }),
    ]);

    whole = true;
    const refused = await h.app.request(list, { headers: { cookie, 'accept-encoding': 'br' } });
    expect(refused.status).toBe(502);
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.json()).toMatchObject({
      code: 'UPSTREAM_INVALID_RESPONSE',
      msg: expect.stringContaining('members') as string,
    });
  });

  it('are forwarded again from what was checked and compressed before, and a changed answer is checked anew', async () => {
    let breakIt = false;
    const h = setup({
      users: 200,
      rewrite: async (request, answer) => {
        if (!breakIt || !new URL(request.url).pathname.endsWith('/users')) return answer;
        const body = (await answer.json()) as { members: Record<string, unknown>[] | null };
        body.members = null;
        return Response.json(body);
      },
    });
    const cookie = await signIn(h, 'admin@demo.test');
    const list = ORIGIN + '/bff/svc/users?client_gravatar=true&include_custom_profile_fields=true';
    const read = () => h.app.request(list, { headers: { cookie, 'accept-encoding': 'br' } });
    const first = await read();
    const again = await read();
    expect(again.headers.get('content-encoding')).toBe('br');
    const firstText = brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString('utf8');
    expect(brotliDecompressSync(Buffer.from(await again.arrayBuffer())).toString('utf8')).toBe(firstText);
    breakIt = true;
    const changed = await read();
    expect(changed.status).toBe(502);
    expect(await changed.json()).toMatchObject({ code: 'UPSTREAM_INVALID_RESPONSE' });
  });
});

describe('BFF routing', () => {
  it('matches every route with Hono’s RegExpRouter, not the slower TrieRouter fallback', async () => {
    const { app } = setup();
    await app.request('/bff/health');
    // SmartRouter settles on the first router that accepts every route, and names it after the first match.
    expect(app.router.name).toBe('SmartRouter + RegExpRouter');
  });
});

describe('BFF session', () => {
  let h: Harness;
  beforeEach(() => {
    h = setup();
  });

  it('shows server info and demo accounts before sign-in', async () => {
    const res = await h.app.request(ORIGIN + '/bff/session');
    const body = await res.json();
    expect(body.user).toBeNull();
    expect(body.server.featureLevel).toBe(500);
    expect(body.server.realmName).toBeTruthy();
  });

  it('signs in with a password and sets an HttpOnly SameSite=Strict cookie; the key never reaches the browser', async () => {
    const res = await h.app.request(
      mutate('/bff/session', {
        method: 'POST',
        body: JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(cookie).not.toMatch(/Secure/i);
    const text = await res.text();
    expect(text).not.toContain(h.sim.apiKeyOf('admin@demo.test'));
    expect(JSON.parse(text).user).toMatchObject({ email: 'admin@demo.test', role: 200 });
  });

  it('marks the cookie Secure with the __Host- prefix under HTTPS', async () => {
    const res = await h.app.request(
      new Request('https://console.test/bff/session', {
        method: 'POST',
        body: JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }),
        headers: { 'content-type': 'application/json', origin: 'https://console.test', [CSRF_HEADER]: '1' },
      }),
    );
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-rc_session=.*Secure/i);
  });

  it('signs in with an API key checked against /users/me', async () => {
    const res = await h.app.request(
      mutate('/bff/session', {
        method: 'POST',
        body: JSON.stringify({ email: 'member@demo.test', apiKey: h.sim.apiKeyOf('member@demo.test') }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(res.status).toBe(200);
    const bad = await h.app.request(
      mutate('/bff/session', {
        method: 'POST',
        body: JSON.stringify({ email: 'member@demo.test', apiKey: 'nope' }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(bad.status).toBe(401);
    // As a real server (level 372) answers a wrong key.
    expect((await bad.json()).code).toBe('UNAUTHORIZED');
  });

  it('passes a wrong password through with the server message', async () => {
    const res = await h.app.request(
      mutate('/bff/session', {
        method: 'POST',
        body: JSON.stringify({ email: 'admin@demo.test', password: 'wrong' }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(res.status).toBe(401);
    expect((await res.json()).msg).toBe('Your username or password is incorrect');
  });

  it('issues a new session id at every sign-in and ends the old one', async () => {
    const first = await signIn(h, 'admin@demo.test');
    const second = await h.app.request(
      mutate('/bff/session', {
        method: 'POST',
        cookie: first,
        body: JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }),
        headers: { 'content-type': 'application/json' },
      }),
    );
    const next = second.headers.get('set-cookie')!.split(';')[0]!;
    expect(next).not.toBe(first);
    const old = await h.app.request(ORIGIN + '/bff/svc/users/me', { headers: { cookie: first } });
    expect(old.status).toBe(401);
  });

  it('signs out: the session ends and svc calls answer 401 SESSION_EXPIRED', async () => {
    const cookie = await signIn(h, 'member@demo.test');
    const ok = await h.app.request(ORIGIN + '/bff/svc/users/me', { headers: { cookie } });
    expect(ok.status).toBe(200);
    const out = await h.app.request(mutate('/bff/session', { method: 'DELETE', cookie }));
    expect(out.status).toBe(204);
    const after = await h.app.request(ORIGIN + '/bff/svc/users/me', { headers: { cookie } });
    expect(after.status).toBe(401);
    expect((await after.json()).code).toBe('SESSION_EXPIRED');
  });
});

describe('BFF pages', () => {
  it('answer a console page with the sign-in page unless the cookie names a live session', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rc-pages-'));
    writeFileSync(join(dir, 'index.html'), '<html><head><title>Console</title></head></html>');
    writeFileSync(join(dir, 'sign-in.html'), '<html><head><title>Sign in</title></head></html>');
    const h = setup({ staticDir: dir });
    const title = async (path: string, cookie?: string) =>
      /<title>(\w+( \w+)?)<\/title>/.exec(
        await (await h.app.request(ORIGIN + path, cookie ? { headers: { cookie } } : undefined)).text(),
      )?.[1];
    expect(await title('/')).toBe('Sign in');
    expect(await title('/users?q=a')).toBe('Sign in');
    expect(await title('/users', 'rc_session=unknown')).toBe('Sign in');
    const cookie = await signIn(h, 'member@demo.test');
    expect(await title('/', cookie)).toBe('Console');
    expect(await title('/channels', cookie)).toBe('Console');
    // A session that has ended (signed out here; expired is the same to the store) is no session.
    await h.app.request(mutate('/bff/session', { method: 'DELETE', cookie }));
    expect(await title('/users', cookie)).toBe('Sign in');
  });
});

describe('BFF CSRF and origin checks', () => {
  it('refuses a mutation without the console header or from another origin', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const noHeader = await h.app.request(
      new Request(ORIGIN + '/bff/svc/users/5/reactivate', { method: 'POST', headers: { origin: ORIGIN, cookie } }),
    );
    expect(noHeader.status).toBe(403);
    const crossSite = await h.app.request(
      new Request(ORIGIN + '/bff/svc/users/5/reactivate', {
        method: 'POST',
        headers: { origin: 'https://evil.test', [CSRF_HEADER]: '1', cookie },
      }),
    );
    expect(crossSite.status).toBe(403);
    const noOrigin = await h.app.request(
      new Request(ORIGIN + '/bff/session', { method: 'DELETE', headers: { [CSRF_HEADER]: '1', cookie } }),
    );
    expect(noOrigin.status).toBe(403);
  });
});

describe('BFF svc forwarding', () => {
  let h: Harness;
  let cookie: string;
  beforeEach(async () => {
    h = setup();
    cookie = await signIn(h, 'admin@demo.test');
  });

  it('forwards a catalogued read with the user’s credentials', async () => {
    const res = await h.app.request(ORIGIN + '/bff/svc/users?client_gravatar=true', { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = await res.json();
    expect(body.result).toBe('success');
    expect(body.members.length).toBeGreaterThan(20);
  });

  it('refuses operations that are not catalogued, or are BFF-only, before any upstream call', async () => {
    const unknown = await h.app.request(ORIGIN + '/bff/svc/calls/zoom/create', { headers: { cookie } });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).code).toBe('UNKNOWN_OPERATION');
    const keyExchange = await h.app.request(
      mutate('/bff/svc/fetch_api_key', {
        method: 'POST',
        cookie,
        body: new URLSearchParams({ username: 'admin@demo.test', password: DEMO_PASSWORD }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(keyExchange.status).toBe(404);
  });

  it('validates parameters with the catalog schema before forwarding', async () => {
    h.sim.control.failNext(1, 500);
    const res = await h.app.request(
      mutate('/bff/svc/users/5/status', {
        method: 'POST',
        cookie,
        body: new URLSearchParams({ status_text: 'x'.repeat(61) }),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: 'INVALID_PARAMS',
      msg: 'status_text is too long (limit: 60 characters)',
    });
    // The failure knob is still armed: nothing reached the simulator.
    const next = await h.app.request(ORIGIN + '/bff/svc/users/me', { headers: { cookie } });
    expect(next.status).toBe(500);
  });

  it('passes the server’s refusal through verbatim', async () => {
    const owner = h.sim.store.users.find((u) => u.role === 100)!;
    const res = await h.app.request(
      mutate(`/bff/svc/users/${owner.user_id}`, { method: 'DELETE', cookie, body: new URLSearchParams() }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('UNAUTHORIZED_PRINCIPAL');
  });

  it('turns an upstream timeout into 502 UPSTREAM_UNAVAILABLE', async () => {
    const slow = setup({ timeoutMs: 100 });
    const c = await signIn(slow, 'admin@demo.test');
    slow.sim.control.setLatency(400);
    const res = await slow.app.request(ORIGIN + '/bff/svc/users/me', { headers: { cookie: c } });
    expect(res.status).toBe(502);
    expect((await res.json()).code).toBe('UPSTREAM_UNAVAILABLE');
  });

  it('never logs a credential', async () => {
    const key = h.sim.apiKeyOf('admin@demo.test');
    await h.app.request(ORIGIN + '/bff/svc/users/me', { headers: { cookie } });
    expect(h.logs.join('\n')).not.toContain(key);
    expect(h.logs.join('\n')).not.toContain(DEMO_PASSWORD);
  });
});
