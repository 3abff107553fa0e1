import {
  createRouteInputSchema,
  routePatchSchema,
  type CreateRouteInput,
  type LbPolicy,
  type RoutePatch,
  type RouteRecord,
  type TlsMode,
} from '../../shared/proxy';

export interface UpstreamRow {
  /** A stable React key for the row (not sent). */
  key: string;
  address: string;
  /** NumberInput gives '' while empty. */
  weight: number | string;
}

export interface RouteFormValues {
  name: string;
  domain: string;
  upstreams: UpstreamRow[];
  /** Plain strings: a record may carry a mode this console does not know; it is kept unless changed. */
  tlsMode: TlsMode | string;
  lbPolicy: LbPolicy | string;
  enabled: boolean;
  websocketEnabled: boolean;
  compressionEnabled: boolean;
  http3Enabled: boolean;
  healthCheckEnabled: boolean;
  healthCheckPath: string;
  healthCheckInterval: number | string;
}

export const TLS_MODE_LABELS: Record<TlsMode, string> = {
  auto: 'Automatic (ACME)',
  'auto-staging': 'Automatic, staging CA',
  dns: 'DNS challenge',
  internal: 'Internal CA',
  custom: 'Custom certificate',
  off: 'Off (HTTP only)',
};

export const LB_POLICY_LABELS: Record<LbPolicy, string> = {
  round_robin: 'Round robin',
  least_conn: 'Least connections',
  ip_hash: 'Client IP hash',
  random: 'Random',
  first: 'First available',
};

export function tlsLabel(mode: string | null | undefined): string {
  if (!mode) return '—';
  return (TLS_MODE_LABELS as Record<string, string>)[mode] ?? mode;
}

export function lbLabel(policy: string | null | undefined): string {
  if (!policy) return '—';
  return (LB_POLICY_LABELS as Record<string, string>)[policy] ?? policy;
}

let rowCounter = 0;
export function upstreamRow(address = '', weight: number | string = 1): UpstreamRow {
  rowCounter += 1;
  return { key: `upstream-${rowCounter}`, address, weight };
}

export const emptyRouteForm = (): RouteFormValues => ({
  name: '',
  domain: '',
  upstreams: [upstreamRow()],
  tlsMode: 'auto',
  lbPolicy: 'round_robin',
  enabled: true,
  websocketEnabled: false,
  compressionEnabled: true,
  http3Enabled: false,
  healthCheckEnabled: false,
  healthCheckPath: '/health',
  healthCheckInterval: 30,
});

export function formFromRecord(route: RouteRecord): RouteFormValues {
  return {
    name: route.name,
    domain: route.domain,
    upstreams: route.upstreams.map((u) => upstreamRow(u.address, u.weight ?? 1)),
    tlsMode: route.tlsMode ?? 'auto',
    lbPolicy: route.lbPolicy ?? 'round_robin',
    enabled: route.enabled !== false,
    websocketEnabled: route.websocketEnabled ?? false,
    compressionEnabled: route.compressionEnabled ?? false,
    http3Enabled: route.http3Enabled ?? false,
    healthCheckEnabled: route.healthCheckEnabled ?? false,
    healthCheckPath: route.healthCheckPath ?? '/health',
    healthCheckInterval: route.healthCheckInterval ?? 30,
  };
}

const numberOrUndefined = (value: number | string): number | undefined =>
  value === '' ? undefined : typeof value === 'number' ? value : Number(value);

function upstreamsOf(values: RouteFormValues) {
  return values.upstreams.map((u) => ({ address: u.address.trim(), weight: numberOrUndefined(u.weight) }));
}

/** Everything the form holds, as `publicApi.createRoute` takes it (before validation). */
function createCandidate(values: RouteFormValues) {
  return {
    name: values.name,
    domain: values.domain,
    upstreams: upstreamsOf(values),
    tlsMode: values.tlsMode,
    lbPolicy: values.lbPolicy,
    enabled: values.enabled,
    websocketEnabled: values.websocketEnabled,
    compressionEnabled: values.compressionEnabled,
    http3Enabled: values.http3Enabled,
    healthCheckEnabled: values.healthCheckEnabled,
    ...(values.healthCheckEnabled
      ? { healthCheckPath: values.healthCheckPath, healthCheckInterval: numberOrUndefined(values.healthCheckInterval) }
      : {}),
  };
}

/** Only what changed, so an edit never rewrites fields (or unknown enum values) the user did not touch. */
function patchCandidate(values: RouteFormValues, initial: RouteFormValues): Record<string, unknown> {
  const next = createCandidate(values);
  const before = createCandidate(initial);
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (JSON.stringify(value) !== JSON.stringify((before as Record<string, unknown>)[key])) patch[key] = value;
  }
  return patch;
}

type Checked<T> = { ok: true; value: T } | { ok: false; errors: Record<string, string> };

function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= issue.message;
  }
  return errors;
}

/** Form values → create input, checked with the same schema the BFF and the dashboard use. */
export function checkCreate(values: RouteFormValues): Checked<CreateRouteInput> {
  const parsed = createRouteInputSchema.safeParse(createCandidate(values));
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: errorsOf(parsed.error.issues) };
}

/** Form values → update patch (changed fields only), checked with the shared patch schema. */
export function checkPatch(values: RouteFormValues, initial: RouteFormValues): Checked<RoutePatch> {
  const parsed = routePatchSchema.safeParse(patchCandidate(values, initial));
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: errorsOf(parsed.error.issues) };
}
