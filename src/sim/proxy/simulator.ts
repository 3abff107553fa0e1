import { randomBytes } from 'node:crypto';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { SimClock } from './clock';
import { handleControl, PROXY_SIM_CONTROL_PREFIX } from './control-api';
import { CertStore } from './insights';
import { ApiKeyStore, type SimApiKeyView, type SimScope } from './keys';
import { ProxyPlane } from './proxy-plane';
import { RouteStore } from './route-store';
import { createProxyRouter, KEY_API_VERSION, type ProxyContext, type SimSession } from './router';
import { seedDemoRoutes } from './seed';

/** What `publicApi.health` calls its version: the key API's constant, not a release of the dashboard. */
export const PROXY_SIM_VERSION = KEY_API_VERSION;
/** The session cookie of the simulated browser dashboard (the real name is not documented). */
export const PROXY_SESSION_COOKIE = 'pxd_session';

export interface ProxySimOptions {
  /** Where the RPC API is served; the seed writes `/api/rpc`, the real product (and this default) `/api/trpc`. */
  basePath?: string;
  transformer?: 'superjson' | 'none';
  /** Seed the demo routes (default true). */
  seed?: boolean;
  /** Mount the `/__sim` control surface (e2e only). */
  controlApi?: boolean;
  clock?: SimClock;
  sessionLifetimeMs?: number;
  /**
   * Run the dashboard's drift check this often (demo mode), as a real dashboard does on its own; tests leave it
   * off and run the check through the control surface when they choose.
   */
  driftCheckMs?: number;
}

export interface ProxySimControl {
  clock: SimClock;
  createKey(input: { name: string; scopes: SimScope[]; expiresInDays?: number | null }): { id: string; key: string };
  listKeys(): SimApiKeyView[];
  revokeKey(id: string): boolean;
  setKeyScopes(id: string, scopes: SimScope[]): boolean;
  setKeyExpiry(id: string, expiresAt: Date | null): boolean;
  /** A browser-dashboard session; returns the cookie pair to send. */
  createSession(user: string): string;
  routes: RouteStore;
  /** The proxy behind the dashboard: down or up, what it serves. */
  plane: ProxyPlane;
  /** Runs the dashboard's drift check now (the only writer of syncStatus, syncDiff, syncCheckedAt). */
  checkDrift(): void;
  /** The proxy loses the route for `domain` (a failed push); false when no such route. */
  forgetInProxy(domain: string): boolean;
  /** Fields the key API strips on top of the measured ones, as a dashboard accepting fewer would. */
  setExtraStripped(fields: string[]): void;
}

export interface ProxySimulator {
  fetch(request: Request): Promise<Response>;
  control: ProxySimControl;
  basePath: string;
}

function cookieValue(header: string | null, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return null;
}

/**
 * The reverse-proxy dashboard, speaking its typed RPC protocol through @trpc/server v11's fetch adapter:
 * API keys (hashed, exactly scoped, expiring, revocable), browser sessions, routes with the key API's silent
 * stripping, and a proxy behind it that a write may not reach (see ProxyPlane).
 */
export function createProxySimulator(options: ProxySimOptions = {}): ProxySimulator {
  const basePath = (options.basePath ?? '/api/trpc').replace(/\/+$/, '');
  const clock = options.clock ?? new SimClock();
  const lifetime = options.sessionLifetimeMs ?? 24 * 3_600_000;
  const routes = new RouteStore();
  const keys = new ApiKeyStore();
  const sessions = new Map<string, SimSession>();
  const plane = new ProxyPlane();
  const certs = new CertStore();
  const extraStripped = new Set<string>();
  if (options.seed ?? true) seedDemoRoutes(routes, plane, certs, clock.now());

  const router = createProxyRouter({
    routes,
    keys,
    certs,
    plane,
    clock,
    extraStripped,
    transformer: options.transformer ?? 'superjson',
  });

  if (options.driftCheckMs) {
    // Never keeps the process alive on its own.
    setInterval(() => plane.checkAll(routes, clock.now()), options.driftCheckMs).unref();
  }

  const control: ProxySimControl = {
    clock,
    routes,
    plane,
    checkDrift: () => plane.checkAll(routes, clock.now()),
    forgetInProxy: (domain) => {
      const route = routes.findByDomain(domain);
      return route ? plane.forget(route.id) : false;
    },
    setExtraStripped: (fields) => {
      extraStripped.clear();
      for (const field of fields) extraStripped.add(field);
    },
    createKey: (input) => keys.create(input, clock.now()),
    listKeys: () => keys.list(),
    revokeKey: (id) => keys.revoke(id, clock.now()),
    setKeyScopes: (id, scopes) => keys.setScopes(id, scopes),
    setKeyExpiry: (id, expiresAt) => keys.setExpiry(id, expiresAt),
    createSession: (user) => {
      const id = randomBytes(32).toString('base64url');
      sessions.set(id, { id, user, expiresAt: clock.now() + lifetime });
      return `${PROXY_SESSION_COOKIE}=${id}`;
    },
  };

  /** Checked on every call: a key or session that expired since the last one no longer counts. */
  function contextFor(request: Request): ProxyContext {
    const now = clock.now();
    // Only the header: a `?apiKey=` parameter is ignored, as the real dashboard does.
    const auth = request.headers.get('authorization') ?? '';
    const bearer = /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
    const key = bearer ? keys.authenticate(bearer, now) : null;
    const sessionId = cookieValue(request.headers.get('cookie'), PROXY_SESSION_COOKIE);
    let session = sessionId ? (sessions.get(sessionId) ?? null) : null;
    if (session && session.expiresAt <= now) {
      sessions.delete(session.id);
      session = null;
    }
    return { key, session };
  }

  async function fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (options.controlApi && url.pathname.startsWith(PROXY_SIM_CONTROL_PREFIX + '/')) {
      return handleControl(request, control);
    }
    if (url.pathname === basePath || url.pathname.startsWith(basePath + '/')) {
      return fetchRequestHandler({
        endpoint: basePath,
        req: request,
        router,
        createContext: () => contextFor(request),
      });
    }
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  }

  return { fetch, control, basePath };
}
