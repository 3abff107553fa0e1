import type { DriftEvent, ProxyConfigSummary, ProxyStatus, RouteRecord } from '../../shared/proxy';
import { describeSyncDiff, syncStatusKind } from './live-state';

/**
 * One verdict on whether a route is live, from every source the dashboard offers: its drift detector
 * (`drift.list`, every 30 s), the proxy's own state (`caddy.status`, and `caddy.config` for whether the route's
 * `@id` is really there) and the record's sync fields (`syncStatus`, which goes stale for minutes). "In sync" only
 * when they all agree; the routes list, the details and the traffic page all read this one verdict.
 */
export type LiveKind = 'in-sync' | 'missing-in-proxy' | 'differs' | 'proxy-unreachable' | 'not-checked' | 'not-served';

export type LiveSourceName = 'drift detector' | 'proxy configuration' | 'proxy status' | 'sync check';

/** What one source said about the route, and when the console read it (or the source checked). */
export interface SourceReading {
  source: LiveSourceName;
  said: string;
  at: Date | null;
}

export interface LiveVerdict {
  kind: LiveKind;
  label: string;
  color: 'teal' | 'orange' | 'red' | 'gray';
  explanation: string;
  differences: string[];
  /** Since when the verdict's condition is known (the drift event's detection, the read, the creation). */
  since: Date | null;
  /** Whether the proxy holds the route: null when the proxy's configuration could not be read. */
  held: boolean | null;
  readings: SourceReading[];
  /** The route changed after the sync check, so what that check said is about an older version. */
  staleCheck: boolean;
}

/** One source's answer as the console got it: the data and when it was read, or why it could not be. */
export type SourceAnswer<T> = { ok: true; data: T; readAt: Date } | { ok: false; reason: string };

export interface LiveSources {
  drift?: SourceAnswer<readonly DriftEvent[]>;
  status?: SourceAnswer<ProxyStatus>;
  config?: SourceAnswer<ProxyConfigSummary>;
}

const DRIFT_WORDS: Record<string, string> = {
  missing_in_caddy: 'the route is missing in the proxy',
  missing_in_db: 'the proxy serves a route the dashboard does not have',
  config_mismatch: 'the proxy serves the route differently',
};

function parseDiff(diffJson: unknown): unknown {
  if (typeof diffJson !== 'string') return diffJson;
  try {
    return JSON.parse(diffJson) as unknown;
  } catch {
    return diffJson;
  }
}

/** The open drift events about this route, newest first as the dashboard lists them. */
function eventsFor(route: RouteRecord, sources: LiveSources): DriftEvent[] {
  if (!sources.drift?.ok) return [];
  return sources.drift.data.filter((e) => e.routeId === route.id && !e.resolvedAt);
}

function heldEntry(route: RouteRecord, sources: LiveSources) {
  if (!sources.config?.ok) return null;
  // A proxy route without a dashboard `@id` (a hand edit) still serves the domain it matches.
  return sources.config.data.routes.filter(
    (r) => r.routeId === route.id || (r.routeId === null && r.hosts.includes(route.domain)),
  );
}

function readings(route: RouteRecord, sources: LiveSources, events: DriftEvent[], held: boolean | null) {
  const out: SourceReading[] = [];
  const { drift, status, config } = sources;
  if (drift?.ok) {
    const newest = events[0];
    out.push(
      newest
        ? { source: 'drift detector', said: DRIFT_WORDS[newest.type] ?? newest.type, at: newest.detectedAt ?? null }
        : { source: 'drift detector', said: 'no open drift event', at: drift.readAt },
    );
  } else if (drift) out.push({ source: 'drift detector', said: `could not be read (${drift.reason})`, at: null });
  if (status?.ok && status.data.reachable === false) {
    out.push({ source: 'proxy status', said: 'the proxy does not answer', at: status.readAt });
  }
  if (config?.ok) {
    out.push({
      source: 'proxy configuration',
      said: held ? 'the proxy holds the route' : 'the proxy does not hold the route',
      at: config.readAt,
    });
  } else if (config)
    out.push({ source: 'proxy configuration', said: `could not be read (${config.reason})`, at: null });
  const sync = syncStatusKind(route.syncStatus);
  out.push({
    source: 'sync check',
    said: sync === 'none' ? 'not checked yet' : (route.syncStatus ?? ''),
    at: route.syncCheckedAt ?? null,
  });
  return out;
}

function verdict(
  kind: LiveKind,
  explanation: string,
  rest: Omit<LiveVerdict, 'kind' | 'label' | 'color' | 'explanation'>,
): LiveVerdict {
  const looks: Record<LiveKind, [string, LiveVerdict['color']]> = {
    'in-sync': ['In sync', 'teal'],
    'missing-in-proxy': ['Missing in proxy', 'red'],
    differs: ['Differs', 'orange'],
    'proxy-unreachable': ['Proxy unreachable', 'red'],
    'not-checked': ['Not checked yet', 'gray'],
    'not-served': ['Not served', 'gray'],
  };
  const [label, color] = looks[kind];
  return { kind, label, color, explanation, ...rest };
}

/** The verdict for one route of the dashboard (see LiveKind); `sources` as read, any of them missing. */
export function liveVerdict(route: RouteRecord, sources: LiveSources): LiveVerdict {
  const events = eventsFor(route, sources);
  const entries = heldEntry(route, sources);
  const held = entries === null ? null : entries.length > 0;
  const sync = syncStatusKind(route.syncStatus);
  const checkedAt = route.syncCheckedAt ?? null;
  const staleCheck = Boolean(checkedAt && route.updatedAt && route.updatedAt.getTime() > checkedAt.getTime());
  const base = { held, readings: readings(route, sources, events, held), staleCheck, differences: [] as string[] };
  const at = (answer: SourceAnswer<unknown> | undefined) => (answer?.ok ? answer.readAt : null);

  if (sources.status?.ok && sources.status.data.reachable === false) {
    return verdict(
      'proxy-unreachable',
      "The proxy's admin API does not answer, so no route can be confirmed live; requests may not be served at all.",
      { ...base, since: at(sources.status) },
    );
  }
  const missingEvent = events.find((e) => e.type === 'missing_in_caddy');
  if (route.enabled !== false && (missingEvent || held === false || sync === 'missing')) {
    return verdict(
      'missing-in-proxy',
      'The dashboard has this route but the proxy does not serve it: requests for the domain do not reach its upstreams.',
      { ...base, since: missingEvent?.detectedAt ?? at(sources.config) ?? checkedAt },
    );
  }
  if (route.enabled === false) {
    return held === true
      ? verdict('differs', 'Disabled in the dashboard, but the proxy still holds the route and serves its domain.', {
          ...base,
          differences: ['Enabled: the dashboard has off, the proxy still serves it'],
          since: at(sources.config),
        })
      : verdict('not-served', 'Disabled in the dashboard, and the proxy does not serve it.', {
          ...base,
          since: at(sources.config),
        });
  }
  const mismatch = events.filter((e) => e.type === 'config_mismatch');
  if (mismatch.length > 0 || sync === 'drift') {
    const differences = [
      ...mismatch.flatMap((e) => describeSyncDiff(parseDiff(e.diffJson))),
      ...(mismatch.length === 0 ? describeSyncDiff(route.syncDiff) : []),
    ];
    return verdict(
      'differs',
      'The proxy serves this route differently from what the dashboard has stored, so what you see here is not what requests get.',
      { ...base, differences, since: mismatch[0]?.detectedAt ?? checkedAt },
    );
  }
  if (held === true && sources.drift?.ok) {
    return verdict(
      'in-sync',
      'The proxy holds this route, and neither the drift detector nor the sync check finds a difference.',
      {
        ...base,
        since: at(sources.config),
      },
    );
  }
  return verdict(
    'not-checked',
    held === true
      ? 'The proxy holds this route, but the drift detector could not be read, so whether it matches is unknown.'
      : 'Whether the proxy serves this route could not be confirmed yet.',
    { ...base, since: route.createdAt ?? null },
  );
}

/** Routes the proxy holds that the dashboard does not have: from `missing_in_db` events and the proxy's config. */
export interface ProxyOnlyRoute {
  hosts: string[];
  routeId: string | null;
  since: Date | null;
  source: LiveSourceName;
}

function hostsOf(diffJson: unknown): string[] {
  const diff = parseDiff(diffJson);
  if (typeof diff !== 'object' || diff === null) return [];
  const domain = (diff as Record<string, unknown>).domain;
  const hosts = (diff as Record<string, unknown>).hosts;
  if (typeof domain === 'string') return [domain];
  return Array.isArray(hosts) ? hosts.filter((h): h is string => typeof h === 'string') : [];
}

export function proxyOnlyRoutes(routes: readonly RouteRecord[], sources: LiveSources): ProxyOnlyRoute[] {
  const known = new Set(routes.map((r) => r.id));
  const domains = new Set(routes.map((r) => r.domain));
  const out: ProxyOnlyRoute[] = [];
  const seen = new Set<string>();
  for (const event of sources.drift?.ok ? sources.drift.data : []) {
    if (event.type !== 'missing_in_db' || event.resolvedAt) continue;
    const hosts = hostsOf(event.diffJson);
    const key = event.routeId ?? hosts.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ hosts, routeId: event.routeId ?? null, since: event.detectedAt ?? null, source: 'drift detector' });
  }
  for (const held of sources.config?.ok ? sources.config.data.routes : []) {
    const inDashboard = held.routeId !== null ? known.has(held.routeId) : held.hosts.some((h) => domains.has(h));
    const key = held.routeId ?? held.hosts.join(',');
    if (inDashboard || seen.has(key)) continue;
    seen.add(key);
    out.push({
      hosts: held.hosts,
      routeId: held.routeId,
      since: sources.config?.ok ? sources.config.readAt : null,
      source: 'proxy configuration',
    });
  }
  return out;
}
