import { z } from 'zod';
import { SIM_SCOPES } from './keys';
import type { ProxySimControl } from './simulator';

/** Where the test-only control surface lives (with the `controlApi` option). */
export const PROXY_SIM_CONTROL_PREFIX = '/__sim';

const DAY_MS = 86_400_000;
const scopes = z.array(z.enum(SIM_SCOPES)).min(1);

const schemas = {
  advance: z.object({ ms: z.number().min(0).optional(), days: z.number().min(0).optional() }),
  set: z.object({ at: z.iso.datetime() }),
  createKey: z.object({
    name: z.string().min(1).max(64).default('e2e'),
    scopes,
    expiresInDays: z.number().int().min(1).max(3650).nullish(),
  }),
  scopes: z.object({ scopes }),
  expiry: z.object({ expiresAt: z.iso.datetime().nullable() }),
  session: z.object({ user: z.string().min(1).default('admin') }),
  proxy: z.object({ down: z.boolean() }),
  forget: z.object({ domain: z.string().min(1) }),
  strip: z.object({ fields: z.array(z.string().min(1)) }),
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : {};
}

/**
 * The HTTP face of `sim.control` for end-to-end tests in another process. JSON in, JSON out:
 * `GET /__sim/clock`, `POST /__sim/clock/advance {ms|days}`, `POST /__sim/clock/set {at}`,
 * `POST /__sim/clock/reset`, `GET /__sim/keys`, `POST /__sim/keys {name, scopes, expiresInDays?}` → `{id, key}`,
 * `POST /__sim/keys/{id}/scopes {scopes}`, `POST /__sim/keys/{id}/expiry {expiresAt|null}`,
 * `POST /__sim/keys/{id}/revoke`, `POST /__sim/session {user}` → `{cookie}`; the proxy behind the dashboard:
 * `POST /__sim/proxy {down}`, `POST /__sim/proxy/forget {domain}` (the route goes missing in the proxy),
 * `POST /__sim/drift-check` (the dashboard's drift check, now), `POST /__sim/strip {fields}` (the key API
 * strips these fields too).
 */
export async function handleControl(request: Request, control: ProxySimControl): Promise<Response> {
  const path = new URL(request.url).pathname.slice(PROXY_SIM_CONTROL_PREFIX.length);
  const method = request.method;
  const clockNow = () => ({ now: new Date(control.clock.now()).toISOString() });
  try {
    if (method === 'GET' && path === '/clock') return json(clockNow());
    if (method === 'GET' && path === '/keys') return json({ keys: control.listKeys() });
    if (method !== 'POST') return json({ error: 'Method not allowed' }, 405);
    const body = await bodyOf(request);
    if (path === '/clock/advance') {
      const { ms = 0, days = 0 } = schemas.advance.parse(body);
      control.clock.advance(ms + days * DAY_MS);
      return json(clockNow());
    }
    if (path === '/clock/set') {
      control.clock.set(Date.parse(schemas.set.parse(body).at));
      return json(clockNow());
    }
    if (path === '/clock/reset') {
      control.clock.reset();
      return json(clockNow());
    }
    if (path === '/keys') {
      const input = schemas.createKey.parse(body);
      return json(control.createKey({ name: input.name, scopes: input.scopes, expiresInDays: input.expiresInDays }));
    }
    if (path === '/session') return json({ cookie: control.createSession(schemas.session.parse(body).user) });
    if (path === '/proxy') {
      control.plane.down = schemas.proxy.parse(body).down;
      return json({ ok: true });
    }
    if (path === '/proxy/forget') {
      const { domain } = schemas.forget.parse(body);
      return control.forgetInProxy(domain)
        ? json({ ok: true })
        : json({ error: `No route for ${domain} in the proxy` }, 404);
    }
    if (path === '/drift-check') {
      control.checkDrift();
      return json({ ok: true });
    }
    if (path === '/strip') {
      control.setExtraStripped(schemas.strip.parse(body).fields);
      return json({ ok: true });
    }
    const keyAction = /^\/keys\/([^/]+)\/(scopes|expiry|revoke)$/.exec(path);
    if (keyAction) {
      const [, id, action] = keyAction as unknown as [string, string, 'scopes' | 'expiry' | 'revoke'];
      const done =
        action === 'scopes'
          ? control.setKeyScopes(id, schemas.scopes.parse(body).scopes)
          : action === 'expiry'
            ? control.setKeyExpiry(id, ((at) => (at ? new Date(at) : null))(schemas.expiry.parse(body).expiresAt))
            : control.revokeKey(id);
      return done ? json({ ok: true }) : json({ error: `No key ${id}` }, 404);
    }
    return json({ error: `No control ${path}` }, 404);
  } catch (error) {
    if (error instanceof z.ZodError || error instanceof SyntaxError || error instanceof RangeError) {
      return json({ error: error.message }, 400);
    }
    throw error;
  }
}
