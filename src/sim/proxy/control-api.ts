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
  restart: z.object({ dropAll: z.boolean().default(true) }),
  handAdd: z.object({ domain: z.string().min(1), upstream: z.string().min(1), routeId: z.string().min(1).nullish() }),
  dashboardEdit: z.object({
    name: z.string().min(1).max(100).optional(),
    upstreams: z
      .array(z.object({ address: z.string().min(1), weight: z.number().int().min(0).max(100).default(1) }))
      .min(1)
      .optional(),
  }),
  traffic: z.object({
    domain: z.string().min(1),
    requests: z.number().int().min(0),
    errors: z.number().int().min(0).optional(),
  }),
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function bodyOf(request: Request): Promise<unknown> {
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : {};
}

const ok = () => json({ ok: true });
const clockNow = (control: ProxySimControl) => json({ now: new Date(control.clock.now()).toISOString() });

type Handler = (control: ProxySimControl, body: unknown) => Response;

/** The clock, keys and sessions: who may call the dashboard, and when. */
const accessPosts: Record<string, Handler> = {
  '/clock/advance': (control, body) => {
    const { ms = 0, days = 0 } = schemas.advance.parse(body);
    control.clock.advance(ms + days * DAY_MS);
    return clockNow(control);
  },
  '/clock/set': (control, body) => {
    control.clock.set(Date.parse(schemas.set.parse(body).at));
    return clockNow(control);
  },
  '/clock/reset': (control) => {
    control.clock.reset();
    return clockNow(control);
  },
  '/keys': (control, body) => {
    const input = schemas.createKey.parse(body);
    return json(control.createKey({ name: input.name, scopes: input.scopes, expiresInDays: input.expiresInDays }));
  },
  '/session': (control, body) => json({ cookie: control.createSession(schemas.session.parse(body).user) }),
  '/strip': (control, body) => {
    control.setExtraStripped(schemas.strip.parse(body).fields);
    return ok();
  },
};

/** The proxy behind the dashboard, the dashboard's two checks, and traffic. */
const livePosts: Record<string, Handler> = {
  '/proxy': (control, body) => {
    control.plane.down = schemas.proxy.parse(body).down;
    return ok();
  },
  '/proxy/forget': (control, body) => {
    const { domain } = schemas.forget.parse(body);
    return control.forgetInProxy(domain) ? ok() : json({ error: `No route for ${domain} in the proxy` }, 404);
  },
  '/proxy/restart': (control, body) => {
    control.restartProxy({ dropAll: schemas.restart.parse(body).dropAll });
    return ok();
  },
  '/proxy/hand-add': (control, body) =>
    control.handAddToProxy(schemas.handAdd.parse(body)) ? ok() : json({ error: 'The proxy is down' }, 409),
  // Both checks, as this knob has always updated the record's sync fields.
  '/drift-check': (control) => {
    control.checkDrift();
    return ok();
  },
  '/drift-detect': (control) => json({ ok: true, ...control.detectDrift() }),
  '/sync-check': (control) => {
    control.syncCheck();
    return ok();
  },
  '/traffic': (control, body) => json({ ok: true, routeId: control.addTraffic(schemas.traffic.parse(body)) }),
};

/** `/keys/{id}/{scopes|expiry|revoke}` and `/routes/{id}/dashboard-edit`; null when the path is neither. */
function idAction(control: ProxySimControl, path: string, body: unknown): Response | null {
  const keyAction = /^\/keys\/([^/]+)\/(scopes|expiry|revoke)$/.exec(path);
  if (keyAction) {
    const [, id, action] = keyAction as unknown as [string, string, 'scopes' | 'expiry' | 'revoke'];
    const done =
      action === 'scopes'
        ? control.setKeyScopes(id, schemas.scopes.parse(body).scopes)
        : action === 'expiry'
          ? control.setKeyExpiry(id, ((at) => (at ? new Date(at) : null))(schemas.expiry.parse(body).expiresAt))
          : control.revokeKey(id);
    return done ? ok() : json({ error: `No key ${id}` }, 404);
  }
  const edit = /^\/routes\/([^/]+)\/dashboard-edit$/.exec(path);
  if (edit) {
    const id = decodeURIComponent(edit[1] ?? '');
    const route = control.dashboardEdit(id, schemas.dashboardEdit.parse(body));
    return route
      ? json({ ok: true, updatedAt: route.updatedAt.toISOString() })
      : json({ error: `No route ${id}` }, 404);
  }
  return null;
}

/**
 * The HTTP face of `sim.control` for end-to-end tests in another process. JSON in, JSON out:
 * `GET /__sim/clock`, `POST /__sim/clock/advance {ms|days}`, `POST /__sim/clock/set {at}`,
 * `POST /__sim/clock/reset`, `GET /__sim/keys`, `POST /__sim/keys {name, scopes, expiresInDays?}` → `{id, key}`,
 * `POST /__sim/keys/{id}/scopes {scopes}`, `POST /__sim/keys/{id}/expiry {expiresAt|null}`,
 * `POST /__sim/keys/{id}/revoke`, `POST /__sim/session {user}` → `{cookie}`, `POST /__sim/strip {fields}` (the
 * key API strips these fields too).
 * The proxy behind the dashboard: `POST /__sim/proxy {down}` (while down, pushes fail, caddy.status says
 * unreachable and caddy.config fails), `POST /__sim/proxy/forget {domain}` (the route goes missing in the proxy),
 * `POST /__sim/proxy/restart {dropAll?=true}` (the proxy comes up; with dropAll it holds nothing until the
 * dashboard pushes again), `POST /__sim/proxy/hand-add {domain, upstream, routeId?}` (a route in the proxy only;
 * 409 while down), `GET /__sim/proxy/state` → `{down, routes: [{routeId, domain, aliases, upstreams}]}`.
 * The dashboard: `POST /__sim/drift-detect` → `{ok, recorded, resolved}` (the drift detector only: drift events),
 * `POST /__sim/sync-check` (the sync check only: the record's syncStatus/syncDiff/syncCheckedAt/syncSource),
 * `POST /__sim/drift-check` (both, detector first), `POST /__sim/routes/{id}/dashboard-edit {name?, upstreams?}`
 * → `{ok, updatedAt}` (an edit in the dashboard's own UI: stored and pushed), `POST /__sim/traffic {domain,
 * requests, errors?}` → `{ok, routeId|null}` (requests arrive for a domain now, counted by the route it matches
 * whether the proxy serves it or not).
 */
export async function handleControl(request: Request, control: ProxySimControl): Promise<Response> {
  const path = new URL(request.url).pathname.slice(PROXY_SIM_CONTROL_PREFIX.length);
  try {
    if (request.method === 'GET' && path === '/clock') return clockNow(control);
    if (request.method === 'GET' && path === '/keys') return json({ keys: control.listKeys() });
    if (request.method === 'GET' && path === '/proxy/state') return json(control.proxyState());
    if (request.method !== 'POST') return json({ error: 'Method not allowed' }, 405);
    const body = await bodyOf(request);
    const handler = Object.hasOwn(accessPosts, path)
      ? accessPosts[path]
      : Object.hasOwn(livePosts, path)
        ? livePosts[path]
        : undefined;
    if (handler) return handler(control, body);
    return idAction(control, path, body) ?? json({ error: `No control ${path}` }, 404);
  } catch (error) {
    if (error instanceof z.ZodError || error instanceof SyntaxError || error instanceof RangeError) {
      return json({ error: error.message }, 400);
    }
    throw error;
  }
}
