import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { z } from 'zod';
import type { SimClock } from './clock';
import type { DriftStore } from './drift-store';
import { trafficOf, type CertStore, type TrafficLedger } from './insights';
import {
  analyticsInput,
  driftListAllInput,
  idInput,
  keyCreateInput,
  keyUpdateInput,
  sessionCreateInput,
  sessionUpdateInput,
  type SessionCreateInput,
} from './inputs';
import { isProxyScope, keyAllows, type ApiKeyStore, type SimApiKey, type SimScope } from './keys';
import type { ProxyPlane } from './proxy-plane';
import { DomainConflictError, keyApiView, type RouteStore, type SimRoute } from './route-store';

export interface SimSession {
  id: string;
  user: string;
  expiresAt: number;
}

export interface ProxyContext {
  /** The active key the request presented (`Authorization: Bearer`), or null. */
  key: SimApiKey | null;
  session: SimSession | null;
}

export interface RouterDeps {
  routes: RouteStore;
  keys: ApiKeyStore;
  certs: CertStore;
  plane: ProxyPlane;
  drift: DriftStore;
  traffic: TrafficLedger;
  clock: SimClock;
  /** Fields a test makes the key API strip on top of the measured ones (a dashboard that accepts fewer). */
  extraStripped: Set<string>;
  transformer: 'superjson' | 'none';
}

/** `publicApi.health`'s `version`: a constant of the key API, the same whatever the dashboard's release. */
export const KEY_API_VERSION = '0.2.0';

/** JSON as it is: what a dashboard without a transformer sends (dates become ISO text). */
const identity = { serialize: (value: unknown) => value, deserialize: (value: unknown) => value };

function withConflicts<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof DomainConflictError) throw new TRPCError({ code: 'CONFLICT', message: error.message });
    throw error;
  }
}

function notFound(): never {
  // The measured message is the code's own name.
  throw new TRPCError({ code: 'NOT_FOUND', message: 'NOT_FOUND' });
}

function without<T extends object>(value: T, fields: Set<string>): T {
  return Object.fromEntries(Object.entries(value).filter(([key]) => !fields.has(key))) as T;
}

function createT(transformer: RouterDeps['transformer']) {
  return initTRPC.context<ProxyContext>().create({
    transformer: transformer === 'superjson' ? superjson : identity,
    // Production behaviour: no stack traces in error shapes.
    isDev: false,
  });
}
type ProxyT = ReturnType<typeof createT>;

/** The two kinds of protected procedure: key-authenticated (by exact scope) and browser-session only. */
function guards(t: ProxyT) {
  /** Key-authenticated: an active key listing the scope exactly (a session may do everything). */
  const withScope = (scope: Exclude<SimScope, 'admin'>) =>
    t.procedure.use(({ ctx, next }) => {
      if (ctx.session) return next();
      if (!ctx.key || !keyAllows(ctx.key, scope)) {
        throw new TRPCError({ code: 'UNAUTHORIZED', message: `API token missing scope: ${scope}` });
      }
      return next();
    });
  /** The browser dashboard's own procedures: a key alone does not do. */
  const sessionOnly = t.procedure.use(({ ctx, next }) => {
    if (!ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not authenticated' });
    return next();
  });
  return { withScope, sessionOnly };
}

const fullRecord = (route: SimRoute) => structuredClone(route);

/** A create from either API: stored, a pending certificate, then pushed in the background. */
function createRouteWith(deps: RouterDeps, input: SessionCreateInput, origin: SimRoute['origin']): SimRoute {
  const route = withConflicts(() => deps.routes.create(input, deps.clock.now(), origin));
  deps.certs.forRoute(route);
  deps.plane.push(route);
  return route;
}

/** `publicApi.*`: the key API, each procedure behind its exact scope. */
function publicApiRouter(t: ProxyT, deps: RouterDeps) {
  const { withScope } = guards(t);
  return t.router({
    routes: withScope('routes:read').query(() => deps.routes.list().map(keyApiView)),
    createRoute: withScope('routes:write')
      .input(keyCreateInput)
      .mutation(({ input }) => ({ id: createRouteWith(deps, without(input, deps.extraStripped), 'api').id })),
    updateRoute: withScope('routes:write')
      .input(keyUpdateInput)
      .mutation(({ input }) => {
        const route = deps.routes.update(input.id, without(input.patch, deps.extraStripped), deps.clock.now());
        if (!route) notFound();
        // Stored, then pushed in the background (so re-sending a route the proxy lost puts it back, when the
        // proxy is up and the weights are the default); `enabled: false` stays a flag the proxy never hears about.
        deps.plane.push(route);
        return { ok: true as const };
      }),
    deleteRoute: withScope('routes:write')
      .input(idInput)
      .mutation(({ input }) => {
        if (!deps.routes.delete(input.id)) notFound();
        deps.plane.remove(input.id);
        deps.certs.dropRoute(input.id);
        return { ok: true as const };
      }),
    health: withScope('health:read').query(() => ({
      ok: true,
      version: KEY_API_VERSION,
      routeCount: deps.routes.list().length,
      certCount: deps.certs.list().length,
    })),
    certs: withScope('certs:read').query(() => deps.certs.list()),
    analytics: withScope('analytics:read')
      .input(analyticsInput)
      .query(({ input }) => trafficOf(deps.routes, deps.traffic, input.windowMinutes, deps.clock.now())),
  });
}

/** `routes.*`: the browser dashboard's own procedures (session only), but for `routes.get`. */
function routesRouter(t: ProxyT, deps: RouterDeps) {
  const { sessionOnly } = guards(t);
  const now = () => deps.clock.now();
  return t.router({
    list: sessionOnly.query(() => deps.routes.list().map(fullRecord)),
    // Measured: answered without a key or a session.
    get: t.procedure.input(idInput).query(({ input }) => {
      const route = deps.routes.get(input.id);
      return route ? fullRecord(route) : notFound();
    }),
    create: sessionOnly
      .input(sessionCreateInput)
      .mutation(({ input }) => fullRecord(createRouteWith(deps, input, 'dashboard'))),
    update: sessionOnly.input(sessionUpdateInput).mutation(({ input }) => {
      const route = withConflicts(() => deps.routes.update(input.id, input.patch, now()));
      if (!route) notFound();
      deps.plane.push(route);
      return fullRecord(route);
    }),
    toggle: sessionOnly.input(z.object({ id: z.string(), enabled: z.boolean() })).mutation(({ input }) => {
      const route = deps.routes.update(input.id, { enabled: input.enabled }, now());
      if (!route) notFound();
      deps.plane.toggle(route);
      return fullRecord(route);
    }),
    delete: sessionOnly.input(idInput).mutation(({ input }) => {
      if (!deps.routes.delete(input.id)) notFound();
      deps.plane.remove(input.id);
      return { ok: true as const };
    }),
  });
}

/** `apiKeys.*`: session only. */
function apiKeysRouter(t: ProxyT, deps: RouterDeps) {
  const { sessionOnly } = guards(t);
  return t.router({
    list: sessionOnly.query(() => deps.keys.list()),
    create: sessionOnly
      .input(
        z.object({
          name: z.string().trim().min(1).max(64),
          scopes: z.array(z.string().refine(isProxyScope, 'Unknown scope')).min(1),
          expiresInDays: z.int().min(1).max(3650).optional(),
        }),
      )
      .mutation(({ input }) =>
        deps.keys.create(
          { name: input.name, scopes: input.scopes.filter(isProxyScope), expiresInDays: input.expiresInDays },
          deps.clock.now(),
        ),
      ),
    revoke: sessionOnly.input(z.object({ id: z.string() })).mutation(({ input }) => {
      if (!deps.keys.revoke(input.id, deps.clock.now()))
        throw new TRPCError({ code: 'NOT_FOUND', message: 'API key not found' });
      return { ok: true as const };
    }),
  });
}

/**
 * `drift.*` and `caddy.*`: what the dashboard knows of the proxy's live state. Measured: all of them are public,
 * answering without a session or a key (and with either), so anyone who reaches the dashboard reads its drift and
 * the proxy's whole configuration.
 */
function liveStateRouters(t: ProxyT, deps: RouterDeps) {
  const drift = t.router({
    list: t.procedure.query(() => deps.drift.list()),
    listAll: t.procedure.input(driftListAllInput).query(({ input }) => deps.drift.listAll(input.limit)),
  });
  const caddy = t.router({
    status: t.procedure.query(() => deps.plane.status()),
    config: t.procedure.query(() => {
      const config = deps.plane.caddyConfig();
      // What the real dashboard answers while its proxy is down was not observed; a failed call to the proxy's
      // admin API surfacing as a 500 is the likeliest.
      if (!config) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'Caddy admin API unreachable' });
      return config;
    }),
  });
  return { drift, caddy };
}

/** The dashboard's RPC router, as far as the console and its tests need it. */
export function createProxyRouter(deps: RouterDeps) {
  const t = createT(deps.transformer);
  return t.router({
    publicApi: publicApiRouter(t, deps),
    routes: routesRouter(t, deps),
    apiKeys: apiKeysRouter(t, deps),
    ...liveStateRouters(t, deps),
  });
}

export type ProxyRouter = ReturnType<typeof createProxyRouter>;
