import { z } from 'zod';

/**
 * What the dashboard knows about what is live, beyond a record's `syncStatus` (which goes stale: a route lost
 * from the proxy kept "synced" for minutes while the drift detector had already flagged it). Three public
 * procedures, answered without a key: `drift.list`, `drift.listAll` and `caddy.status` / `caddy.config`.
 */

/** A date as superjson delivers it (Date) or as JSON carries it (ISO text); anything unreadable is null. */
const looseDate = z
  .preprocess((v) => (typeof v === 'string' || typeof v === 'number' ? new Date(v) : v), z.date())
  .nullish()
  .catch(null);

const idText = z.union([z.string(), z.number()]).transform(String);

/** The drift detector's event types; a newer dashboard may add more, which are kept as they came. */
export const DRIFT_TYPES = ['missing_in_caddy', 'missing_in_db', 'config_mismatch'] as const;
export type DriftType = (typeof DRIFT_TYPES)[number];

/**
 * One drift event: `diffJson` is JSON text (e.g. `{"domain":"a.example"}`); `routeId` is null for a route the
 * proxy holds that the dashboard does not know. `resolvedAt`/`resolution` are set once the detector no longer
 * finds the condition (`drift.listAll` only).
 */
export const driftEventSchema = z.looseObject({
  id: idText,
  detectedAt: looseDate,
  type: z.string(),
  routeId: idText.nullish().catch(null),
  diffJson: z.unknown().optional(),
  resolvedAt: looseDate,
  resolution: z.string().nullish().catch(null),
});
export type DriftEvent = z.infer<typeof driftEventSchema>;
export const driftListSchema = z.array(driftEventSchema);

export const MAX_DRIFT_HISTORY = 200;
export const driftListAllInputSchema = z.object({ limit: z.int().min(1).max(MAX_DRIFT_HISTORY).optional() }).optional();

/** `caddy.status`: whether the proxy's admin API answers, whether its main server exists, how many routes it holds. */
export const proxyStatusSchema = z.looseObject({
  reachable: z.boolean().nullish().catch(null),
  hasMain: z.boolean().nullish().catch(null),
  upstreamCount: z.number().nullish().catch(null),
});
export type ProxyStatus = z.infer<typeof proxyStatusSchema>;

/** The proxy tags each route the dashboard pushed with `@id: "proxyos-route-<route id>"`. */
export const PROXY_ROUTE_ID_PREFIX = 'proxyos-route-';

const heldRouteSchema = z.object({
  /** The dashboard route this proxy route was pushed for; null when it carries no dashboard `@id`. */
  routeId: z.string().nullable(),
  hosts: z.array(z.string()),
});
export type HeldRoute = z.infer<typeof heldRouteSchema>;

/**
 * What the console keeps of `caddy.config`: which routes the proxy really holds, and for which hosts. The
 * whole running configuration (upstream addresses, auth handlers, …) never leaves the BFF.
 */
const proxyConfigSummarySchema = z.object({ summary: z.literal('proxy-routes'), routes: z.array(heldRouteSchema) });
export type ProxyConfigSummary = z.infer<typeof proxyConfigSummarySchema>;

function record(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Routes of one route list, subroutes included (a handler of type `subroute` carries routes of its own). */
function collectRoutes(routes: unknown, into: HeldRoute[]): void {
  for (const entry of list(routes)) {
    const route = record(entry);
    if (!route) continue;
    const atId = typeof route['@id'] === 'string' ? route['@id'] : null;
    const hosts = list(route.match).flatMap((m) => list(record(m)?.host).filter((h) => typeof h === 'string'));
    if (atId !== null || hosts.length > 0) {
      const routeId = atId?.startsWith(PROXY_ROUTE_ID_PREFIX) ? atId.slice(PROXY_ROUTE_ID_PREFIX.length) : null;
      into.push({ routeId, hosts: hosts as string[] });
    }
    for (const handler of list(route.handle)) collectRoutes(record(handler)?.routes, into);
  }
}

/** Caddy's JSON config (`apps.http.servers.*.routes`) → the routes it holds; `null` (an empty proxy) → none. */
export function summarizeProxyConfig(config: unknown): ProxyConfigSummary {
  const routes: HeldRoute[] = [];
  const servers = record(record(record(record(config)?.apps)?.http)?.servers) ?? {};
  for (const server of Object.values(servers)) collectRoutes(record(server)?.routes, routes);
  return { summary: 'proxy-routes', routes };
}

/**
 * `caddy.config`'s output: summarized on first read (in the BFF), and read as the summary when parsed again (in
 * the browser), so the same schema serves both sides.
 */
export const proxyConfigSchema = z.unknown().transform((value): ProxyConfigSummary => {
  const summary = proxyConfigSummarySchema.safeParse(value);
  return summary.success ? summary.data : summarizeProxyConfig(value);
});

/**
 * `GET /bff/proxy/exposure`: what the dashboard answers to anyone who reaches it without a key or session,
 * checked by the BFF at runtime (not assumed): each public read the console knows, and whether it answered.
 */
export const PROXY_EXPOSURE_PATH = '/bff/proxy/exposure';
export const EXPOSURE_PROCEDURES = ['routes.get', 'drift.list', 'caddy.status', 'caddy.config'] as const;
export const proxyExposureSchema = z.object({
  checkedAt: z.string(),
  probes: z.array(
    z.object({
      procedure: z.enum(EXPOSURE_PROCEDURES),
      /** What it gives away, in words ("one route's full record", "the proxy's whole configuration"). */
      what: z.string(),
      /** Answered without any credential. */
      open: z.boolean(),
    }),
  ),
});
export type ProxyExposure = z.infer<typeof proxyExposureSchema>;
