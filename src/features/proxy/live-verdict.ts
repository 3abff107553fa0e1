import type { DriftEvent, ProxyConfigSummary, ProxyStatus, RouteRecord } from '../../shared/proxy';
import { describeSyncDiff, syncStatusKind } from './live-state';

/**
 * One verdict on whether a route is live, from every source the dashboard offers: the proxy's own state
 * (`caddy.status`, and `caddy.config` for whether the route's `@id` is really there — read now, the freshest),
 * the drift detector (`drift.list`, every 30 s) and the record's sync fields (`syncStatus`, written by a check that
 * runs far less often and goes stale for minutes). "In sync" only when the fresh sources agree; the routes list,
 * the details and the traffic page all read this one verdict.
 */
export type LiveKind = 'in-sync' | 'missing-in-proxy' | 'differs' | 'proxy-unreachable' | 'not-checked' | 'not-served';

export type LiveSourceName = 'drift detector' | 'proxy configuration' | 'proxy status' | 'sync check';

/** What one source said about the route, and when the console read it (or the source checked). */
export interface SourceReading {
  source: LiveSourceName;
  said: string;
  at: Date | null;
  /** What `at` is: since when the source has seen it, when the console read it, when the sync check ran. */
  atIs: 'since' | 'read' | 'checked';
}

export interface LiveVerdict {
  kind: LiveKind;
  label: string;
  color: 'teal' | 'orange' | 'red' | 'gray';
  explanation: string;
  differences: string[];
  /** Since when the verdict's condition is known (the drift event's detection, the read, the creation). */
  since: Date | null;
  /** The source the verdict stands on first, for "seen by … since …". */
  seenBy: LiveSourceName | null;
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

const SYNC_WORDS: Record<ReturnType<typeof syncStatusKind>, string> = {
  none: 'not checked yet',
  synced: 'in sync',
  drift: 'the proxy serves the route differently',
  missing: 'the route is missing in the proxy',
  other: 'a state this console does not know',
};

const LOOKS: Record<LiveKind, [string, LiveVerdict['color']]> = {
  'in-sync': ['In sync', 'teal'],
  'missing-in-proxy': ['Missing in proxy', 'red'],
  differs: ['Differs', 'orange'],
  'proxy-unreachable': ['Proxy unreachable', 'red'],
  'not-checked': ['Not checked yet', 'gray'],
  'not-served': ['Not served', 'gray'],
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

/**
 * Whether the proxy's configuration holds the route: by its `@id`, or — for a route put there by hand, without
 * one — by a host matching the route's domain (it serves that domain all the same). Null when not read.
 */
export function heldByProxy(
  route: Pick<RouteRecord, 'id' | 'domain'>,
  config: ProxyConfigSummary | null,
): boolean | null {
  if (config === null) return null;
  const domain = route.domain.toLowerCase();
  return config.routes.some(
    (r) => r.routeId === route.id || (r.routeId === null && r.hosts.some((h) => h.toLowerCase() === domain)),
  );
}

/** When the route changed after the sync check: what that check said is about an older version. */
function isStaleCheck(route: RouteRecord): boolean {
  const checkedAt = route.syncCheckedAt ?? null;
  return Boolean(checkedAt && route.updatedAt && route.updatedAt.getTime() > checkedAt.getTime());
}

function driftReading(sources: LiveSources, events: DriftEvent[]): SourceReading | null {
  const { drift } = sources;
  if (!drift) return null;
  if (!drift.ok)
    return { source: 'drift detector', said: `could not be read (${drift.reason})`, at: null, atIs: 'read' };
  const newest = events[0];
  return newest
    ? {
        source: 'drift detector',
        said: DRIFT_WORDS[newest.type] ?? 'found a difference',
        at: newest.detectedAt ?? null,
        atIs: 'since',
      }
    : { source: 'drift detector', said: 'has no open finding about the route', at: drift.readAt, atIs: 'read' };
}

function syncReading(route: RouteRecord, superseded: boolean): SourceReading {
  const kind = syncStatusKind(route.syncStatus);
  const notes = [
    ...(isStaleCheck(route) ? ['the route changed after this check'] : []),
    // Bad news the verdict does not count is said to be uncounted, so the reading does not contradict the badge.
    ...(superseded && kind !== 'synced' ? ['not counted: the drift detector checks more often'] : []),
  ];
  return {
    source: 'sync check',
    said: SYNC_WORDS[kind] + (kind !== 'none' && notes.length > 0 ? ` (${notes.join('; ')})` : ''),
    at: route.syncCheckedAt ?? null,
    atIs: 'checked',
  };
}

function readingsOf(route: RouteRecord, sources: LiveSources, events: DriftEvent[], held: boolean | null) {
  const out: SourceReading[] = [];
  const { status, config } = sources;
  if (status?.ok && status.data.reachable === false) {
    out.push({ source: 'proxy status', said: 'the proxy does not answer', at: status.readAt, atIs: 'read' });
  } else if (status?.ok && status.data.hasMain === false) {
    const said = 'the proxy has no main server, so it serves nothing';
    out.push({ source: 'proxy status', said, at: status.readAt, atIs: 'read' });
  } else if (status && !status.ok) {
    out.push({ source: 'proxy status', said: `could not be read (${status.reason})`, at: null, atIs: 'read' });
  }
  if (config?.ok) {
    const said = held ? 'the proxy holds the route' : 'the proxy does not hold the route';
    out.push({ source: 'proxy configuration', said, at: config.readAt, atIs: 'read' });
  } else if (config) {
    out.push({ source: 'proxy configuration', said: `could not be read (${config.reason})`, at: null, atIs: 'read' });
  }
  const drift = driftReading(sources, events);
  if (drift) out.push(drift);
  // The detector runs every 30 s, the sync check every few minutes: once the detector can be read, it has looked
  // since the sync check did (as far as the console can tell), so the record's sync fields are shown, not counted.
  out.push(syncReading(route, Boolean(sources.drift?.ok)));
  return out;
}

type Rest = Omit<LiveVerdict, 'kind' | 'label' | 'color' | 'explanation'>;

function verdict(kind: LiveKind, explanation: string, rest: Rest): LiveVerdict {
  const [label, color] = LOOKS[kind];
  return { kind, label, color, explanation, ...rest };
}

interface Facts {
  route: RouteRecord;
  sources: LiveSources;
  events: DriftEvent[];
  held: boolean | null;
  /** The record's sync fields count only while the drift detector cannot be read (see readingsOf). */
  sync: ReturnType<typeof syncStatusKind>;
  base: Omit<Rest, 'since' | 'seenBy'>;
}

const readAt = (answer: SourceAnswer<unknown> | undefined) => (answer?.ok ? answer.readAt : null);

/** The differences the detector's mismatch events name, or the sync check's when it is the source. */
function differencesOf(facts: Facts, mismatch: DriftEvent[]): string[] {
  if (mismatch.length > 0) return mismatch.flatMap((e) => describeSyncDiff(parseDiff(e.diffJson)));
  return facts.sync === 'drift' ? describeSyncDiff(facts.route.syncDiff) : [];
}

/** A route the dashboard has switched off: served (the key API's disable leaves it in the proxy) or not. */
function disabledVerdict(facts: Facts): LiveVerdict {
  const { sources, held, base } = facts;
  const mismatch = facts.events.filter((e) => e.type === 'config_mismatch');
  if (held === true || mismatch.length > 0) {
    const named = differencesOf(facts, mismatch);
    return verdict('differs', 'Disabled in the dashboard, but the proxy still holds the route and serves its domain.', {
      ...base,
      differences: named.length > 0 ? named : ['Enabled: the dashboard has off, the proxy still serves it'],
      since: mismatch[0]?.detectedAt ?? readAt(sources.config),
      seenBy: mismatch.length > 0 ? 'drift detector' : 'proxy configuration',
    });
  }
  if (held === false) {
    return verdict('not-served', 'Disabled in the dashboard, and the proxy does not serve it.', {
      ...base,
      since: readAt(sources.config),
      seenBy: 'proxy configuration',
    });
  }
  return verdict(
    'not-checked',
    "Disabled in the dashboard; whether the proxy still serves it is unknown, as the proxy's configuration could not be read.",
    { ...base, since: null, seenBy: null },
  );
}

function missingVerdict(facts: Facts, event: DriftEvent | undefined): LiveVerdict {
  const { sources, held, base } = facts;
  return verdict(
    'missing-in-proxy',
    'The dashboard has this route but the proxy does not serve it: requests for the domain do not reach its upstreams.',
    {
      ...base,
      since: event?.detectedAt ?? (held === false ? readAt(sources.config) : (facts.route.syncCheckedAt ?? null)),
      seenBy: event ? 'drift detector' : held === false ? 'proxy configuration' : 'sync check',
    },
  );
}

/** An enabled route: missing, back but not rechecked, differing, in sync, or not known yet. */
function enabledVerdict(facts: Facts): LiveVerdict {
  const { sources, held, base, events, route } = facts;
  const missingEvent = events.find((e) => e.type === 'missing_in_caddy');
  if (held === false || (held === null && (missingEvent || facts.sync === 'missing'))) {
    return missingVerdict(facts, missingEvent);
  }
  if (missingEvent) {
    // The proxy's configuration, read now, holds it: the event is older than that, and resolves at the next run.
    return verdict(
      'not-checked',
      'The proxy holds this route again, but the drift detector has not rechecked it since it found it missing.',
      { ...base, since: readAt(sources.config), seenBy: 'proxy configuration' },
    );
  }
  const mismatch = events.filter((e) => e.type === 'config_mismatch');
  if (mismatch.length > 0 || facts.sync === 'drift') {
    return verdict(
      'differs',
      'The proxy serves this route differently from what the dashboard has stored, so what you see here is not what requests get.',
      {
        ...base,
        differences: differencesOf(facts, mismatch),
        since: mismatch[0]?.detectedAt ?? route.syncCheckedAt ?? null,
        seenBy: mismatch.length > 0 ? 'drift detector' : 'sync check',
      },
    );
  }
  if (held === true && sources.drift?.ok) {
    return verdict('in-sync', 'The proxy holds this route, and the drift detector has no open finding about it.', {
      ...base,
      since: readAt(sources.config),
      seenBy: 'proxy configuration',
    });
  }
  return verdict(
    'not-checked',
    held === true
      ? 'The proxy holds this route, but the drift detector could not be read, so whether it matches is unknown.'
      : "Whether the proxy serves this route could not be confirmed: the proxy's configuration could not be read.",
    { ...base, since: route.createdAt ?? null, seenBy: null },
  );
}

/** The verdict for one route of the dashboard (see LiveKind); `sources` as read, any of them missing. */
export function liveVerdict(route: RouteRecord, sources: LiveSources): LiveVerdict {
  const events = eventsFor(route, sources);
  const held = heldByProxy(route, sources.config?.ok ? sources.config.data : null);
  const base = { held, readings: readingsOf(route, sources, events, held), staleCheck: isStaleCheck(route) };
  const facts: Facts = {
    route,
    sources,
    events,
    held,
    sync: sources.drift?.ok || isStaleCheck(route) ? 'none' : syncStatusKind(route.syncStatus),
    base: { ...base, differences: [] },
  };
  if (sources.status?.ok && sources.status.data.reachable === false) {
    return verdict(
      'proxy-unreachable',
      "The proxy's admin API does not answer, so no route can be confirmed live; requests may not be served at all.",
      { ...facts.base, since: sources.status.readAt, seenBy: 'proxy status' },
    );
  }
  return route.enabled === false ? disabledVerdict(facts) : enabledVerdict(facts);
}

/** A route the proxy holds that the dashboard does not have: from `missing_in_db` events and the proxy's config. */
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
  const domains = new Set(routes.map((r) => r.domain.toLowerCase()));
  const out: ProxyOnlyRoute[] = [];
  // The detector and the configuration name the same stray route: by its id when it carries one, else its hosts.
  const seenIds = new Set<string>();
  const seenHosts = new Set<string>();
  const add = (entry: ProxyOnlyRoute) => {
    const hosts = entry.hosts.map((h) => h.toLowerCase());
    if ((entry.routeId && seenIds.has(entry.routeId)) || hosts.some((h) => seenHosts.has(h))) return;
    if (entry.routeId) seenIds.add(entry.routeId);
    for (const h of hosts) seenHosts.add(h);
    out.push(entry);
  };
  for (const event of sources.drift?.ok ? sources.drift.data : []) {
    if (event.type !== 'missing_in_db' || event.resolvedAt) continue;
    // An event about a route the dashboard lists now is older than the list: the route came back.
    if (event.routeId && known.has(event.routeId)) continue;
    add({
      hosts: hostsOf(event.diffJson),
      routeId: event.routeId ?? null,
      since: event.detectedAt ?? null,
      source: 'drift detector',
    });
  }
  const config = sources.config?.ok ? sources.config : null;
  for (const held of config?.data.routes ?? []) {
    const inDashboard =
      held.routeId !== null ? known.has(held.routeId) : held.hosts.some((h) => domains.has(h.toLowerCase()));
    // An entry the dashboard pushed (it carries a dashboard id) for a route the list does not have yet — one just
    // created, read before the list was — is left to the detector, which reports a real stray within 30 s.
    if (inDashboard || (held.routeId !== null && sources.drift?.ok)) continue;
    add({ hosts: held.hosts, routeId: held.routeId, since: config?.readAt ?? null, source: 'proxy configuration' });
  }
  return out;
}
