import { afterEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_VALUE } from '../../shared/bff/protocol';
import { DEMO_PASSWORD } from '../../sim/svc';
import { closeHarnesses, ORIGIN, setupHarness, signIn, signInResponse, type Harness } from './harness';

afterEach(closeHarnesses);

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const EVIL = 'https://evil.test';

/** Every mutating method+path the BFF routes, read from the Hono app itself (params and wildcards filled in). */
function mutatingRoutes(h: Harness, prefix: string): { method: string; path: string }[] {
  const seen = new Set<string>();
  const out: { method: string; path: string }[] = [];
  for (const route of h.app.routes) {
    if (!route.path.startsWith(prefix)) continue;
    const methods = route.method === 'ALL' ? ['POST', 'PUT', 'PATCH', 'DELETE'] : [route.method];
    const path = route.path
      .replace(/:[A-Za-z_]+(\{[^}]*\})?/g, '7')
      .replace(/\/\*$/, '/users/7')
      .replace(/\*/g, 'x');
    for (const method of methods) {
      if (SAFE.has(method)) continue;
      const key = `${method} ${path}`;
      if (!seen.has(key)) {
        seen.add(key);
        out.push({ method, path });
      }
    }
  }
  return out;
}

describe('CSRF: every mutating /bff route refuses cross-site requests', () => {
  it('enumerates the routes from the app and refuses form posts, foreign origins, no origin and Origin: null', async () => {
    const h = setupHarness();
    const cookie = await signIn(h, 'admin@demo.test');
    const routes = mutatingRoutes(h, '/bff');
    // Sanity: the enumeration sees the areas (session, svc forwarding, bulk, proxy, webhooks, audit…).
    const paths = routes.map((r) => r.path).join(' ');
    for (const area of ['/bff/session', '/bff/svc', '/bff/bulk', '/bff/proxy', '/bff/webhooks']) {
      expect(paths).toContain(area);
    }
    expect(routes.length).toBeGreaterThan(10);

    const auditBefore = (await h.deps.audit.export({}, 10_000)).length;
    const callsBefore = h.apiCalls().length;
    const attacks: [string, Record<string, string>, BodyInit][] = [
      // A cross-site <form method=post>: urlencoded body, the attacker's Origin, no custom header.
      ['form post', { origin: EVIL, 'content-type': 'application/x-www-form-urlencoded' }, 'role=100&full_name=x'],
      // A cross-origin fetch that somehow got the header through (no preflight is ever granted).
      ['cross-origin fetch', { origin: EVIL, [CSRF_HEADER]: CSRF_VALUE, 'content-type': 'application/json' }, '{}'],
      // A look-alike origin (scheme and port matter).
      ['https look-alike', { origin: 'https://console.test', [CSRF_HEADER]: CSRF_VALUE }, '{}'],
      ['no origin', { [CSRF_HEADER]: CSRF_VALUE, 'content-type': 'application/json' }, '{}'],
      ['opaque origin', { origin: 'null', [CSRF_HEADER]: CSRF_VALUE }, '{}'],
      ['right origin, no header', { origin: ORIGIN, 'content-type': 'text/plain' }, '{}'],
    ];
    const failures: string[] = [];
    for (const { method, path } of routes) {
      for (const [name, headers, body] of attacks) {
        const res = await h.app.request(
          new Request(ORIGIN + path, { method, headers: { ...headers, cookie }, body: method === 'GET' ? null : body }),
        );
        const envelope = (await res.json().catch(() => null)) as { code?: string } | null;
        if (res.status !== 403 || envelope?.code !== 'CSRF_REJECTED') {
          failures.push(`${name}: ${method} ${path} → ${res.status} ${envelope?.code}`);
        }
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
      }
    }
    expect(failures).toEqual([]);
    // Nothing reached the chat server and nothing was recorded as done.
    expect(h.apiCalls().length).toBe(callsBefore);
    const auditAfter = (await h.deps.audit.export({}, 10_000)).length;
    expect(auditAfter).toBe(auditBefore);
    // The session survived every attempt (sign-out and "sign out everywhere" were refused too).
    const me = await h.app.request(ORIGIN + '/bff/svc/users/me', { headers: { cookie } });
    expect(me.status).toBe(200);
  });

  it('answers a CORS preflight without granting anything', async () => {
    const h = setupHarness();
    const res = await h.app.request(
      new Request(ORIGIN + '/bff/svc/users/7', {
        method: 'OPTIONS',
        headers: {
          origin: EVIL,
          'access-control-request-method': 'PATCH',
          'access-control-request-headers': CSRF_HEADER,
        },
      }),
    );
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('access-control-allow-headers')).toBeNull();
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('exempts only /hooks/outgoing/*, and only because the bot token authenticates it', async () => {
    const h = setupHarness();
    // Outside /bff, the only mutating routes are the webhook receiver's.
    const outside = h.app.routes.filter(
      (r) => !r.path.startsWith('/bff') && !SAFE.has(r.method) && r.method !== 'ALL' && r.path !== '/*',
    );
    expect(outside.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /hooks/outgoing/:endpointId']);
    const cookie = await signIn(h, 'admin@demo.test');
    const bot = h.sim.store.users.find((u) => u.isBot && u.botType === 3)!;
    const token = 'T'.repeat(32);
    const created = await h.app.request(
      new Request(ORIGIN + '/bff/webhooks/endpoints', {
        method: 'POST',
        headers: { origin: ORIGIN, [CSRF_HEADER]: CSRF_VALUE, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ botUserId: bot.user_id, token }),
      }),
    );
    expect(created.status).toBe(201);
    const { endpoint } = (await created.json()) as { endpoint: { id: string } };
    const deliver = (body: unknown) =>
      h.app.request(
        new Request(`${ORIGIN}/hooks/outgoing/${endpoint.id}`, {
          method: 'POST',
          // A cross-site attacker's request, with the victim's console cookie attached.
          headers: { origin: EVIL, cookie, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
    const payload = {
      bot_email: bot.deliveryEmail,
      bot_full_name: bot.fullName,
      data: 'hello',
      trigger: 'mention',
      message: { id: 1, type: 'stream', sender_id: 5, content: 'hello', timestamp: 1 },
    };
    // Without the token, or with a wrong one, the cookie counts for nothing.
    expect((await deliver(payload)).status).toBe(400);
    const wrong = await deliver({ ...payload, token: 'W'.repeat(32) });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { code: string }).code).toBe('WEBHOOK_BAD_TOKEN');
    // An unknown endpoint is a 404 whatever is sent.
    const unknown = await h.app.request(
      new Request(`${ORIGIN}/hooks/outgoing/nope`, { method: 'POST', headers: { origin: EVIL }, body: '{}' }),
    );
    expect(unknown.status).toBe(404);
  });
});

describe('session cookie', () => {
  function cookieAttributes(setCookie: string) {
    const [pair, ...attrs] = setCookie.split(';').map((s) => s.trim());
    return { pair: pair!, attrs: attrs.map((a) => a.toLowerCase()) };
  }

  it('is HttpOnly, SameSite=Strict, Path=/ and not Secure over plain HTTP', async () => {
    const h = setupHarness();
    const res = await signInResponse(h, 'member@demo.test');
    const { pair, attrs } = cookieAttributes(res.headers.get('set-cookie')!);
    expect(pair).toMatch(/^rc_session=/);
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=strict');
    expect(attrs).toContain('path=/');
    expect(attrs).not.toContain('secure');
  });

  it('is Secure (__Host- prefixed) under PUBLIC_ORIGIN https', async () => {
    const h = setupHarness({ env: { PUBLIC_ORIGIN: 'https://console.example.com' } });
    const res = await h.app.request(
      new Request('http://10.0.0.5:8080/bff/session', {
        method: 'POST',
        headers: {
          origin: 'https://console.example.com',
          [CSRF_HEADER]: CSRF_VALUE,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ email: 'member@demo.test', password: DEMO_PASSWORD }),
      }),
    );
    expect(res.status).toBe(200);
    const { pair, attrs } = cookieAttributes(res.headers.get('set-cookie')!);
    expect(pair).toMatch(/^__Host-rc_session=/);
    expect(attrs).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=strict', 'path=/']));
    expect(attrs.some((a) => a.startsWith('domain='))).toBe(false);
  });

  it('is Secure under TRUST_PROXY with x-forwarded-proto https, and not when the proxy is not trusted', async () => {
    const headers = {
      origin: 'https://console.example.com',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'console.example.com',
      [CSRF_HEADER]: CSRF_VALUE,
      'content-type': 'application/json',
    };
    const body = JSON.stringify({ email: 'member@demo.test', password: DEMO_PASSWORD });
    const trusted = setupHarness({ env: { TRUST_PROXY: 'true' } });
    const res = await trusted.app.request(
      new Request('http://10.0.0.5:8080/bff/session', { method: 'POST', headers, body }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-rc_session=[^;]+;.*Secure/i);
    // Not trusted: the forwarded headers are ignored, so the https Origin is foreign and the sign-in refused.
    const untrusted = setupHarness();
    const refused = await untrusted.app.request(
      new Request('http://10.0.0.5:8080/bff/session', { method: 'POST', headers, body }),
    );
    expect(refused.status).toBe(403);
  });

  it('rotates at sign-in: a planted (fixated) cookie is never the session id, and the old session ends', async () => {
    const h = setupHarness();
    // An attacker plants a cookie value before the victim signs in.
    const planted = 'rc_session=attacker-chosen-value';
    const res = await signInResponse(h, 'member@demo.test', DEMO_PASSWORD, { cookie: planted });
    expect(res.status).toBe(200);
    const issued = res.headers.get('set-cookie')!.split(';')[0]!;
    expect(issued).not.toBe(planted);
    expect(await h.app.request(ORIGIN + '/bff/svc/users/me', { headers: { cookie: planted } })).toHaveProperty(
      'status',
      401,
    );
    // A real earlier session (e.g. signed in as someone else on a shared machine) is replaced, not reused.
    const first = await signIn(h, 'guest@demo.test');
    const again = await signInResponse(h, 'member@demo.test', DEMO_PASSWORD, { cookie: first });
    const second = again.headers.get('set-cookie')!.split(';')[0]!;
    expect(second).not.toBe(first);
    expect((await h.app.request(ORIGIN + '/bff/svc/users/me', { headers: { cookie: first } })).status).toBe(401);
    expect((await h.app.request(ORIGIN + '/bff/svc/users/me', { headers: { cookie: second } })).status).toBe(200);
  });
});

describe('security headers', () => {
  it('sends a strict CSP, frame-ancestors none, nosniff, a referrer policy and no banner on every kind of answer', async () => {
    const h = setupHarness({ config: { staticDir: 'dist' } });
    const cookie = await signIn(h, 'member@demo.test');
    const answers = [
      await h.app.request(ORIGIN + '/'),
      await h.app.request(ORIGIN + '/users'),
      await h.app.request(ORIGIN + '/bff/session'),
      await h.app.request(ORIGIN + '/bff/svc/users/me', { headers: { cookie } }),
      await h.app.request(ORIGIN + '/bff/nope'),
      await h.app.request(new Request(ORIGIN + '/bff/session', { method: 'DELETE', headers: { origin: EVIL } })),
    ];
    for (const res of answers) {
      const csp = res.headers.get('content-security-policy') ?? '';
      const directives = new Map(
        csp.split(';').map((d) => {
          const [name, ...values] = d.trim().split(/\s+/);
          return [name!, values] as const;
        }),
      );
      expect(directives.get('default-src')).toEqual(["'self'"]);
      // No inline script, no eval, no foreign script origin.
      expect(directives.get('script-src')).toEqual(["'self'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('base-uri')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('connect-src')).toEqual(["'self'"]);
      // Mantine's run-time <style> element and style attributes (see security-headers.ts); never for scripts.
      expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      expect(res.headers.get('x-powered-by')).toBeNull();
      expect(res.headers.get('server')).toBeNull();
    }
  });
});
