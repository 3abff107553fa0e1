import { randomBytes } from 'node:crypto';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { SimClock } from './clock';
import { handleControl, PROXY_SIM_CONTROL_PREFIX } from './control-api';
import { DriftStore } from './drift-store';
import { CertStore, routeMatchesHost, TrafficLedger } from './insights';
import { ApiKeyStore, type SimApiKeyView, type SimScope } from './keys';
import type { KeyPatch } from './inputs';
import { ProxyPlane, type ProxyPlaneState } from './proxy-plane';
import { RouteStore, type SimRoute } from './route-store';
import { createProxyRouter, KEY_API_VERSION, type ProxyContext, type SimSession } from './router';
import { seedDemoRoutes } from './seed';
import { runSyncCheck } from './sync-check';

/** What `publicApi.health` calls its version: the key API's constant, not a release of the dashboard. */
export const PROXY_SIM_VERSION = KEY_API_VERSION;
/** The session cookie of the simulated browser dashboard (the real name is not documented). */
export const PROXY_SESSION_COOKIE = 'pxd_session';

/**
 * How often the measured dashboard runs its checks: the drift detector every 30 s, the sync check that writes the
 * record's `syncStatus` far less often (minutes went by with a lost route still "synced"; 5 minutes here).
 */
export const PROXY_SIM_DEMO_TIMINGS = { driftCheckMs: 30_000, syncCheckMs: 300_000 } as const;

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
   * Run the dashboard's drift detector this often (demo mode: PROXY_SIM_DEMO_TIMINGS, 30 s as the real one), and
   * once at start, as a real dashboard does on its own; tests leave it off and run it through the control surface.
   */
  driftCheckMs?: number;
  /**
   * Run the sync check (the only writer of the record's sync fields) this often. Defaults to 5 minutes whenever
   * `driftCheckMs` is set, so a demo's `syncStatus` lags behind its drift events as the real one does.
   */
  syncCheckMs?: number;
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
  /** The proxy behind the dashboard: down or up, what it holds. */
  plane: ProxyPlane;
  /** The dashboard's drift events. */
  drift: DriftStore;
  /** Both of the dashboard's checks now: the drift detector, then the sync check. */
  checkDrift(): void;
  /** The drift detector only: records and resolves drift events; never touches the record's sync fields. */
  detectDrift(): { recorded: number; resolved: number };
  /** The sync check only: the sole writer of syncStatus, syncDiff, syncCheckedAt and syncSource. */
  syncCheck(): void;
  /** The proxy loses the route for `domain` (a failed push); false when no such route. */
  forgetInProxy(domain: string): boolean;
  /** The proxy restarts and comes up; with `dropAll` (default) it holds nothing until the dashboard pushes again. */
  restartProxy(options?: { dropAll?: boolean }): void;
  /** A route added to the proxy by hand (no `@id` unless `routeId`); false while the proxy is down. */
  handAddToProxy(input: { domain: string; upstream: string; routeId?: string | null }): boolean;
  /** A change made in the dashboard's own UI: stored (with `updatedAt`) and pushed like any dashboard write. */
  dashboardEdit(id: string, edit: Pick<KeyPatch, 'name' | 'upstreams'>): SimRoute | null;
  /** Requests arrive for `domain` now; answers the route that counts them, or null when none matches. */
  addTraffic(input: { domain: string; requests: number; errors?: number }): string | null;
  /** What the proxy holds, for tests. */
  proxyState(): ProxyPlaneState;
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

/** The simulator's state, shared by the router, the control surface and the background checks. */
interface SimState {
  clock: SimClock;
  routes: RouteStore;
  keys: ApiKeyStore;
  sessions: Map<string, SimSession>;
  plane: ProxyPlane;
  certs: CertStore;
  drift: DriftStore;
  traffic: TrafficLedger;
  extraStripped: Set<string>;
  lifetime: number;
}

/** The fault knobs and inspection a test (or the `/__sim` surface) drives. */
function controlOf(state: SimState): ProxySimControl {
  const { clock, routes, keys, plane, drift } = state;
  const detectDrift = () => drift.detect(routes, plane, clock.now());
  const syncCheck = () => runSyncCheck(routes, plane, clock.now());
  return {
    clock,
    routes,
    plane,
    drift,
    checkDrift: () => {
      detectDrift();
      syncCheck();
    },
    detectDrift,
    syncCheck,
    forgetInProxy: (domain) => {
      const route = routes.findByDomain(domain);
      return route ? plane.forget(route.id) : false;
    },
    restartProxy: (options) => plane.restart(options?.dropAll ?? true),
    handAddToProxy: (input) => plane.handAdd(input),
    dashboardEdit: (id, edit) => {
      const route = routes.update(id, edit, clock.now());
      if (route) plane.push(route);
      return route;
    },
    addTraffic: (input) => {
      state.traffic.add({ host: input.domain, requests: input.requests, errors: input.errors }, clock.now());
      return routes.list().find((route) => routeMatchesHost(route, input.domain))?.id ?? null;
    },
    proxyState: () => plane.state(),
    setExtraStripped: (fields) => {
      state.extraStripped.clear();
      for (const field of fields) state.extraStripped.add(field);
    },
    createKey: (input) => keys.create(input, clock.now()),
    listKeys: () => keys.list(),
    revokeKey: (id) => keys.revoke(id, clock.now()),
    setKeyScopes: (id, scopes) => keys.setScopes(id, scopes),
    setKeyExpiry: (id, expiresAt) => keys.setExpiry(id, expiresAt),
    createSession: (user) => {
      const id = randomBytes(32).toString('base64url');
      state.sessions.set(id, { id, user, expiresAt: clock.now() + state.lifetime });
      return `${PROXY_SESSION_COOKIE}=${id}`;
    },
  };
}

/** The real dashboard's own schedules (demo mode); timers never keep the process alive on their own. */
function startChecks(control: ProxySimControl, options: ProxySimOptions): void {
  if (options.driftCheckMs) {
    // The product's detector runs once at start, then on its interval.
    control.detectDrift();
    setInterval(() => control.detectDrift(), options.driftCheckMs).unref();
  }
  const syncEvery = options.syncCheckMs ?? (options.driftCheckMs ? PROXY_SIM_DEMO_TIMINGS.syncCheckMs : undefined);
  if (syncEvery) setInterval(() => control.syncCheck(), syncEvery).unref();
}

/** Checked on every call: a key or session that expired since the last one no longer counts. */
function contextFor(state: SimState, request: Request): ProxyContext {
  const now = state.clock.now();
  // Only the header: a `?apiKey=` parameter is ignored, as the real dashboard does.
  const auth = request.headers.get('authorization') ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
  const key = bearer ? state.keys.authenticate(bearer, now) : null;
  const sessionId = cookieValue(request.headers.get('cookie'), PROXY_SESSION_COOKIE);
  let session = sessionId ? (state.sessions.get(sessionId) ?? null) : null;
  if (session && session.expiresAt <= now) {
    state.sessions.delete(session.id);
    session = null;
  }
  return { key, session };
}

/**
 * The reverse-proxy dashboard, speaking its typed RPC protocol through @trpc/server v11's fetch adapter:
 * API keys (hashed, exactly scoped, expiring, revocable), browser sessions, routes with the key API's silent
 * stripping, a proxy behind it that a write may not reach (see ProxyPlane), and the dashboard's two checks of
 * that proxy: a drift detector recording drift events and a slower sync check writing the record's sync fields.
 */
export function createProxySimulator(options: ProxySimOptions = {}): ProxySimulator {
  const basePath = (options.basePath ?? '/api/trpc').replace(/\/+$/, '');
  const clock = options.clock ?? new SimClock();
  const state: SimState = {
    clock,
    routes: new RouteStore(),
    keys: new ApiKeyStore(),
    sessions: new Map(),
    plane: new ProxyPlane(),
    certs: new CertStore(),
    drift: new DriftStore(),
    traffic: new TrafficLedger(),
    extraStripped: new Set(),
    lifetime: options.sessionLifetimeMs ?? 24 * 3_600_000,
  };
  if (options.seed ?? true) seedDemoRoutes(state.routes, state.plane, state.certs, clock.now());
  const router = createProxyRouter({ ...state, transformer: options.transformer ?? 'superjson' });
  const control = controlOf(state);
  startChecks(control, options);

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
        createContext: () => contextFor(state, request),
      });
    }
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  }

  return { fetch, control, basePath };
}
