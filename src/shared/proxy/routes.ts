import { z } from 'zod';

/** TLS modes a route record may carry (the dashboard's own UI sets all of them). */
export const TLS_MODES = ['auto', 'auto-staging', 'dns', 'internal', 'custom', 'off'] as const;
export type TlsMode = (typeof TLS_MODES)[number];

/** The TLS modes `publicApi.createRoute` accepts; `dns` and `custom` are refused with 400 through the key. */
export const CREATE_TLS_MODES = ['auto', 'auto-staging', 'internal', 'off'] as const satisfies readonly TlsMode[];
export type CreateTlsMode = (typeof CREATE_TLS_MODES)[number];

/** Load-balancing policies across a route's upstreams. */
export const LB_POLICIES = ['round_robin', 'least_conn', 'ip_hash', 'random', 'first'] as const;
export type LbPolicy = (typeof LB_POLICIES)[number];

export const MIN_WEIGHT = 0;
export const MAX_WEIGHT = 100;
/**
 * The weight the dashboard stores when none is sent. Another value is accepted by the key API but may be refused
 * by the proxy behind it (Caddy has no per-upstream weight), silently, and can keep the whole proxy config from
 * loading after a restart: the form warns.
 */
export const DEFAULT_WEIGHT = 1;
export const MAX_UPSTREAMS = 32;
export const MAX_NAME_LENGTH = 100;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/**
 * Hostname syntax (RFC 1123 labels, 253 characters at most); a leading `*.` is a wildcard route.
 * Exported as a predicate so the simulator, the BFF and the form agree on one rule.
 */
export function isHostname(value: string): boolean {
  const host = value.startsWith('*.') ? value.slice(2) : value;
  if (host.length === 0 || host.length > 253) return false;
  const labels = host.split('.');
  return labels.every((label) => LABEL.test(label)) && !/^\d+$/.test(labels[labels.length - 1]!);
}

function isIPv4(value: string): boolean {
  const parts = value.split('.');
  return parts.length === 4 && parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255);
}

function isIPv6(value: string): boolean {
  // Loose on purpose: hex groups and colons (with at most one `::`), optionally an IPv4 tail.
  return /^[0-9a-f:.]+$/i.test(value) && value.includes(':') && (value.match(/::/g)?.length ?? 0) <= 1;
}

/**
 * An upstream address: `host:port`, or `http(s)://host[:port]` where the scheme implies the port.
 * Hosts are hostnames, IPv4 addresses or bracketed IPv6 addresses.
 */
export function isUpstreamAddress(value: string): boolean {
  const match = /^(?:(https?):\/\/)?(\[[^\]]+\]|[^:/[\]]+)(?::(\d{1,5}))?\/?$/i.exec(value);
  if (!match) return false;
  const [, scheme, host, port] = match;
  if (port === undefined && scheme === undefined) return false;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return false;
  if (host!.startsWith('[')) return isIPv6(host!.slice(1, -1));
  return isIPv4(host!) || (isHostname(host!) && !host!.startsWith('*.'));
}

export const domainSchema = z
  .string()
  .trim()
  .min(1, 'Enter the domain this route answers for.')
  .max(253, 'A domain has at most 253 characters.')
  .refine(isHostname, 'Enter a valid hostname, e.g. app.example.com (or *.example.com).');

export const upstreamInputSchema = z.object({
  address: z
    .string()
    .trim()
    .min(1, 'Enter an upstream address.')
    .refine(isUpstreamAddress, 'Enter host:port (e.g. 10.0.0.5:8080) or http(s)://host[:port].'),
  weight: z
    .int('Weight is a whole number.')
    .min(MIN_WEIGHT, `Weight is at least ${MIN_WEIGHT}.`)
    .max(MAX_WEIGHT, `Weight is at most ${MAX_WEIGHT}.`)
    .optional(),
});
export type UpstreamInput = z.infer<typeof upstreamInputSchema>;

const upstreamsSchema = z
  .array(upstreamInputSchema)
  .min(1, 'Add at least one upstream.')
  .max(MAX_UPSTREAMS, `At most ${MAX_UPSTREAMS} upstreams.`);

const nameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name.')
  .max(MAX_NAME_LENGTH, `A name has at most ${MAX_NAME_LENGTH} characters.`);

const healthCheckPathSchema = z
  .string()
  .trim()
  .max(200)
  .refine((p) => p.startsWith('/'), 'A health-check path starts with /.');

/**
 * `publicApi.createRoute` input: exactly what the key API honours. The dashboard silently strips any other
 * field (enabled, lbPolicy, ssoEnabled, websocketEnabled, http3Enabled, healthCheckInterval, …), so the console
 * never offers them here.
 */
export const createRouteInputSchema = z.object({
  name: nameSchema,
  domain: domainSchema,
  upstreams: upstreamsSchema,
  tlsMode: z.enum(CREATE_TLS_MODES).optional(),
  compressionEnabled: z.boolean().optional(),
  healthCheckEnabled: z.boolean().optional(),
  healthCheckPath: healthCheckPathSchema.optional(),
});
export type CreateRouteInput = z.infer<typeof createRouteInputSchema>;

/**
 * `publicApi.updateRoute` patch: exactly the fields the key API changes. Domain, TLS mode, load balancing and
 * the rest are stripped by the dashboard while it still answers `{ok: true}`; only the dashboard itself changes them.
 */
export const routePatchSchema = z.object({
  name: nameSchema.optional(),
  enabled: z.boolean().optional(),
  upstreams: upstreamsSchema.optional(),
  compressionEnabled: z.boolean().optional(),
  healthCheckEnabled: z.boolean().optional(),
  healthCheckPath: healthCheckPathSchema.optional(),
});
export type RoutePatch = z.infer<typeof routePatchSchema>;

/** The fields of a route the key API can set, on create and on update. */
export const CREATE_FIELDS = Object.keys(createRouteInputSchema.shape) as (keyof CreateRouteInput)[];
export const PATCH_FIELDS = Object.keys(routePatchSchema.shape) as (keyof RoutePatch)[];

export const routeIdSchema = z.string().min(1).max(200);
export const routeIdInputSchema = z.object({ id: routeIdSchema });
export type RouteIdInput = z.infer<typeof routeIdInputSchema>;

export const updateRouteInputSchema = z.object({ id: routeIdSchema, patch: routePatchSchema });
export type UpdateRouteInput = z.infer<typeof updateRouteInputSchema>;

// ---- Records, parsed tolerantly: a newer dashboard may add fields or enum values; they are kept, not refused.

/** A date as superjson delivers it (Date) or as JSON carries it on to the browser (ISO text). */
const dateSchema = z.preprocess((v) => (typeof v === 'string' || typeof v === 'number' ? new Date(v) : v), z.date());

const upstreamRecordSchema = z.looseObject({
  address: z.string(),
  weight: z.number().optional(),
});

/**
 * The fields this console understands; the key API's record (`publicApi.routes`) has them all, the full
 * record (`routes.get`) adds more. Anything else is kept as it came, for the detail panel.
 */
export const KNOWN_ROUTE_FIELDS = [
  'id',
  'name',
  'domain',
  'enabled',
  'upstreams',
  'lbPolicy',
  'tlsMode',
  'ssoEnabled',
  'compressionEnabled',
  'websocketEnabled',
  'http3Enabled',
  'healthCheckEnabled',
  'healthCheckPath',
  'healthCheckInterval',
  'createdAt',
  'updatedAt',
  // The full record's signals of what is live (`routes.get`); the key API's list has none of them.
  'syncStatus',
  'syncDiff',
  'syncCheckedAt',
  'syncSource',
  'archivedAt',
  'maintenanceMode',
] as const;

export const routeRecordSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  enabled: z.boolean().optional(),
  upstreams: z.array(upstreamRecordSchema).catch([]),
  // Plain strings: a value this console does not know is shown as it is rather than failing the list.
  lbPolicy: z.string().nullish(),
  tlsMode: z.string().nullish(),
  ssoEnabled: z.boolean().nullish(),
  compressionEnabled: z.boolean().nullish(),
  websocketEnabled: z.boolean().nullish(),
  http3Enabled: z.boolean().nullish(),
  healthCheckEnabled: z.boolean().nullish(),
  healthCheckPath: z.string().nullish(),
  healthCheckInterval: z.number().nullish(),
  createdAt: dateSchema.nullish(),
  updatedAt: dateSchema.nullish(),
  // Set by the dashboard's drift checks, not by a write; other dates may arrive as ISO text.
  syncStatus: z.string().nullish().catch(null),
  syncDiff: z.unknown().optional(),
  syncCheckedAt: dateSchema.nullish().catch(null),
  syncSource: z.string().nullish().catch(null),
  archivedAt: dateSchema.nullish().catch(null),
  maintenanceMode: z.boolean().nullish().catch(null),
});
export type RouteRecord = z.infer<typeof routeRecordSchema>;

export const routeListSchema = z.array(routeRecordSchema);

/** The fields of a record this console does not model, in the order they came. */
export function unknownRouteFields(record: Record<string, unknown>): [string, unknown][] {
  const known = new Set<string>(KNOWN_ROUTE_FIELDS);
  return Object.entries(record).filter(([key]) => !known.has(key));
}

/**
 * `publicApi.health`: `{ok, version, routeCount, certCount}`. `version` is a constant of the key API (0.2.0 on the
 * measured instance), not the dashboard's version, and nothing here says whether the proxy itself is up.
 */
export const healthSchema = z.looseObject({
  ok: z.boolean().optional(),
  version: z.string().optional(),
  routeCount: z.number().optional(),
  certCount: z.number().optional(),
});
export type ProxyHealth = z.infer<typeof healthSchema>;

export const createRouteOutputSchema = z.looseObject({ id: z.string() });
export const okOutputSchema = z.looseObject({ ok: z.literal(true) });
