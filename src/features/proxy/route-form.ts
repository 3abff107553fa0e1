import {
  CREATE_TLS_MODES,
  createRouteInputSchema,
  DEFAULT_WEIGHT,
  routePatchSchema,
  type CreateRouteInput,
  type CreateTlsMode,
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

/**
 * What the forms edit: exactly the fields the key API honours. Create sends name, domain, upstreams, TLS mode,
 * compression and health check; an edit sends only changed name, enabled, upstreams, compression and health check.
 */
export interface RouteFormValues {
  name: string;
  domain: string;
  upstreams: UpstreamRow[];
  /** Create only; one of the four modes the key API accepts. */
  tlsMode: CreateTlsMode;
  /** Edit only: a created route is always enabled. */
  enabled: boolean;
  compressionEnabled: boolean;
  healthCheckEnabled: boolean;
  healthCheckPath: string;
}

export const TLS_MODE_LABELS: Record<TlsMode, string> = {
  auto: 'Automatic (ACME)',
  'auto-staging': 'Automatic, staging CA',
  dns: 'DNS challenge',
  internal: 'Internal CA',
  custom: 'Custom certificate',
  off: 'Off (HTTP only)',
};

export const CREATE_TLS_OPTIONS = CREATE_TLS_MODES.map((value) => ({ value, label: TLS_MODE_LABELS[value] }));

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
export function upstreamRow(address = '', weight: number | string = DEFAULT_WEIGHT): UpstreamRow {
  rowCounter += 1;
  return { key: `upstream-${rowCounter}`, address, weight };
}

/** The key API's own defaults, so an untouched form creates what the dashboard would anyway. */
export const emptyRouteForm = (): RouteFormValues => ({
  name: '',
  domain: '',
  upstreams: [upstreamRow()],
  tlsMode: 'auto',
  enabled: true,
  compressionEnabled: true,
  healthCheckEnabled: true,
  healthCheckPath: '/',
});

export function formFromRecord(route: RouteRecord): RouteFormValues {
  const tls = route.tlsMode ?? 'auto';
  return {
    name: route.name,
    domain: route.domain,
    upstreams: route.upstreams.map((u) => upstreamRow(u.address, u.weight ?? DEFAULT_WEIGHT)),
    // Not editable here; kept only so the form has a value (an edit never sends it).
    tlsMode: (CREATE_TLS_MODES as readonly string[]).includes(tls) ? (tls as CreateTlsMode) : 'auto',
    enabled: route.enabled !== false,
    compressionEnabled: route.compressionEnabled ?? false,
    healthCheckEnabled: route.healthCheckEnabled ?? false,
    healthCheckPath: route.healthCheckPath ?? '/',
  };
}

const numberOrUndefined = (value: number | string): number | undefined =>
  value === '' ? undefined : typeof value === 'number' ? value : Number(value);

function upstreamsOf(values: RouteFormValues) {
  return values.upstreams.map((u) => ({ address: u.address.trim(), weight: numberOrUndefined(u.weight) }));
}

/** Whether any upstream asks for a weight the proxy may refuse (anything but the default). */
export function hasNonDefaultWeight(values: RouteFormValues): boolean {
  return values.upstreams.some((u) => u.weight !== '' && Number(u.weight) !== DEFAULT_WEIGHT);
}

function createCandidate(values: RouteFormValues) {
  return {
    name: values.name,
    domain: values.domain,
    upstreams: upstreamsOf(values),
    tlsMode: values.tlsMode,
    compressionEnabled: values.compressionEnabled,
    healthCheckEnabled: values.healthCheckEnabled,
    ...(values.healthCheckEnabled ? { healthCheckPath: values.healthCheckPath } : {}),
  };
}

function editableOf(values: RouteFormValues) {
  return {
    name: values.name,
    enabled: values.enabled,
    upstreams: upstreamsOf(values),
    compressionEnabled: values.compressionEnabled,
    healthCheckEnabled: values.healthCheckEnabled,
    healthCheckPath: values.healthCheckPath,
  };
}

/** Only what changed, so an edit never rewrites fields the user did not touch. */
function patchCandidate(values: RouteFormValues, initial: RouteFormValues): Record<string, unknown> {
  const next = editableOf(values);
  const before = editableOf(initial) as Record<string, unknown>;
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (JSON.stringify(value) !== JSON.stringify(before[key])) patch[key] = value;
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

/** Form values → create input, checked with the same schema the BFF uses. */
export function checkCreate(values: RouteFormValues): Checked<CreateRouteInput> {
  const parsed = createRouteInputSchema.safeParse(createCandidate(values));
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: errorsOf(parsed.error.issues) };
}

/** Form values → update patch (changed fields only), checked with the shared patch schema. */
export function checkPatch(values: RouteFormValues, initial: RouteFormValues): Checked<RoutePatch> {
  const parsed = routePatchSchema.safeParse(patchCandidate(values, initial));
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, errors: errorsOf(parsed.error.issues) };
}
