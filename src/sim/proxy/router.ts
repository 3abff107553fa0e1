import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { z } from 'zod';
import type { CheckedScope } from '../../shared/proxy/procedures';
import {
  createRouteInputSchema,
  routeIdInputSchema,
  routePatchSchema,
  updateRouteInputSchema,
} from '../../shared/proxy/routes';
import type { SimClock } from './clock';
import { isProxyScope, keyAllows, type ApiKeyStore, type SimApiKey } from './keys';
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
  clock: SimClock;
  startedAt: number;
  version: string;
  transformer: 'superjson' | 'none';
}

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
  throw new TRPCError({ code: 'NOT_FOUND', message: 'Route not found' });
}

/** The dashboard's RPC router, as far as the console and its tests need it. */
export function createProxyRouter(deps: RouterDeps) {
  const t = initTRPC.context<ProxyContext>().create({
    transformer: deps.transformer === 'superjson' ? superjson : identity,
    // Production behaviour: no stack traces in error shapes.
    isDev: false,
  });

  /** Key-authenticated: an active key with the scope (a session may do everything). */
  const withScope = (scope: CheckedScope) =>
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

  /** Readable with a session or with a key holding `routes:read`. */
  const routesRead = t.procedure.use(({ ctx, next }) => {
    if (ctx.session) return next();
    if (!ctx.key) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not authenticated' });
    if (!keyAllows(ctx.key, 'routes:read')) {
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'API token missing scope: routes:read' });
    }
    return next();
  });

  const fullRecord = (route: SimRoute) => structuredClone(route);
  const now = () => deps.clock.now();

  return t.router({
    publicApi: t.router({
      routes: withScope('routes:read').query(() => deps.routes.list().map(keyApiView)),
      createRoute: withScope('routes:write')
        .input(createRouteInputSchema)
        .mutation(({ input }) => ({ id: withConflicts(() => deps.routes.create(input, now(), 'api')).id })),
      updateRoute: withScope('routes:write')
        .input(updateRouteInputSchema)
        .mutation(({ input }) => {
          if (!withConflicts(() => deps.routes.update(input.id, input.patch, now()))) notFound();
          return { ok: true as const };
        }),
      deleteRoute: withScope('routes:write')
        .input(routeIdInputSchema)
        .mutation(({ input }) => {
          if (!deps.routes.delete(input.id)) notFound();
          return { ok: true as const };
        }),
      health: withScope('health:read').query(() => {
        const routes = deps.routes.list();
        return {
          status: 'ok',
          version: deps.version,
          uptimeSeconds: Math.floor((now() - deps.startedAt) / 1000),
          routes: { total: routes.length, enabled: routes.filter((r) => r.enabled).length },
          checkedAt: new Date(now()),
        };
      }),
    }),
    routes: t.router({
      list: routesRead.query(() => deps.routes.list().map(fullRecord)),
      get: routesRead.input(routeIdInputSchema).query(({ input }) => {
        const route = deps.routes.get(input.id);
        return route ? fullRecord(route) : notFound();
      }),
      create: sessionOnly
        .input(createRouteInputSchema)
        .mutation(({ input }) => fullRecord(withConflicts(() => deps.routes.create(input, now(), 'dashboard')))),
      update: sessionOnly.input(z.object({ id: z.string(), patch: routePatchSchema })).mutation(({ input }) => {
        const route = withConflicts(() => deps.routes.update(input.id, input.patch, now()));
        return route ? fullRecord(route) : notFound();
      }),
      toggle: sessionOnly.input(z.object({ id: z.string(), enabled: z.boolean() })).mutation(({ input }) => {
        const route = deps.routes.update(input.id, { enabled: input.enabled }, now());
        return route ? fullRecord(route) : notFound();
      }),
      delete: sessionOnly.input(routeIdInputSchema).mutation(({ input }) => {
        if (!deps.routes.delete(input.id)) notFound();
        return { ok: true as const };
      }),
    }),
    apiKeys: t.router({
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
            now(),
          ),
        ),
      revoke: sessionOnly.input(z.object({ id: z.string() })).mutation(({ input }) => {
        if (!deps.keys.revoke(input.id, now()))
          throw new TRPCError({ code: 'NOT_FOUND', message: 'API key not found' });
        return { ok: true as const };
      }),
    }),
  });
}

export type ProxyRouter = ReturnType<typeof createProxyRouter>;
