import { randomBytes } from 'node:crypto';
import { CADDY_ROUTE_ID_PREFIX, type HeldRoute, type ProxyPlane } from './proxy-plane';
import type { RouteStore } from './route-store';
import { heldDifferences } from './sync-check';

export const DRIFT_TYPES = ['missing_in_caddy', 'missing_in_db', 'config_mismatch'] as const;
export type DriftType = (typeof DRIFT_TYPES)[number];

/** One drift event as `drift.list` / `drift.listAll` answer it. */
export interface DriftEvent {
  id: string;
  detectedAt: Date;
  type: DriftType;
  routeId: string | null;
  /** JSON text, e.g. `{"domain":"a.example"}`. */
  diffJson: string;
  resolvedAt: Date | null;
  resolution: string | null;
}

/**
 * What a resolved event's `resolution` says. The measured instance was not seen resolving an event, so the real
 * word is unknown; "auto" is what one public version of the product's detector writes when it finds a condition
 * gone on its own.
 */
export const DRIFT_RESOLUTION = 'auto';
/** `drift.list` answers at most this many unresolved events. */
export const DRIFT_LIST_MAX = 50;

/** A condition one detection found; `key` says which open event it is, so it is never recorded twice. */
interface Condition {
  key: string;
  type: DriftType;
  routeId: string | null;
  diff: Record<string, unknown>;
}

interface StoredEvent extends DriftEvent {
  key: string;
  /** Insertion order, to keep "newest first" stable among events of one detection. */
  seq: number;
}

function heldSubject(entry: HeldRoute): string {
  return entry.routeId ?? `domain:${entry.domain}`;
}

/**
 * The detector's comparison, by the `@id` each route carries: an enabled dashboard route the proxy does not hold,
 * an entry the dashboard has no (live) route for, and a held route that differs. The inner shape of a mismatch's
 * `diffJson` (`{field: {db, caddy}}`) was not observed; the words follow the event types' own vocabulary.
 */
function conditionsOf(routes: RouteStore, plane: ProxyPlane): Condition[] {
  const found: Condition[] = [];
  for (const route of routes.list()) {
    const entry = plane.entryFor(route.id);
    if (!entry) {
      // A disabled route the dashboard's toggle took out of the proxy is where it should be.
      if (route.enabled) {
        const diff = { domain: route.domain };
        found.push({ key: `missing_in_caddy:${route.id}`, type: 'missing_in_caddy', routeId: route.id, diff });
      }
      continue;
    }
    const differences = heldDifferences(route, entry);
    if (differences.length === 0) continue;
    const diff = Object.fromEntries(differences.map((d) => [d.field, { db: d.dashboard, caddy: d.proxy }]));
    found.push({ key: `config_mismatch:${route.id}`, type: 'config_mismatch', routeId: route.id, diff });
  }
  for (const entry of plane.entries()) {
    if (entry.routeId && routes.get(entry.routeId)) continue;
    const diff = {
      ...(entry.routeId ? { caddyId: `${CADDY_ROUTE_ID_PREFIX}${entry.routeId}` } : {}),
      domain: entry.domain,
    };
    found.push({ key: `missing_in_db:${heldSubject(entry)}`, type: 'missing_in_db', routeId: entry.routeId, diff });
  }
  return found;
}

function view(event: StoredEvent): DriftEvent {
  const { key: _key, seq: _seq, ...rest } = event;
  return { ...rest, detectedAt: new Date(rest.detectedAt), resolvedAt: rest.resolvedAt && new Date(rest.resolvedAt) };
}

/** The dashboard's drift events: what its detector found, open until a later detection finds it gone. */
export class DriftStore {
  private readonly events: StoredEvent[] = [];
  private readonly open = new Map<string, StoredEvent>();
  private seq = 0;

  /** Unresolved events, newest first, at most 50 (`drift.list`). */
  list(): DriftEvent[] {
    return this.newestFirst(this.events.filter((e) => !e.resolvedAt)).slice(0, DRIFT_LIST_MAX);
  }

  /** Every event, resolved ones too, newest first (`drift.listAll`). */
  listAll(limit: number): DriftEvent[] {
    return this.newestFirst(this.events).slice(0, limit);
  }

  /**
   * One run of the detector at `now`: records each condition not already open, resolves each open one that is
   * gone. Skipped while the proxy's admin API does not answer (nothing to compare with), as the product's detector
   * skips a cycle; an unreachable proxy is not itself recorded as drift.
   */
  detect(routes: RouteStore, plane: ProxyPlane, now: number): { recorded: number; resolved: number } {
    if (plane.down) return { recorded: 0, resolved: 0 };
    const conditions = conditionsOf(routes, plane);
    const present = new Set(conditions.map((c) => c.key));
    let resolved = 0;
    for (const [key, event] of this.open) {
      if (present.has(key)) continue;
      event.resolvedAt = new Date(now);
      event.resolution = DRIFT_RESOLUTION;
      this.open.delete(key);
      resolved++;
    }
    let recorded = 0;
    for (const condition of conditions) {
      if (this.open.has(condition.key)) continue;
      this.record(condition, now);
      recorded++;
    }
    return { recorded, resolved };
  }

  private record(condition: Condition, now: number): void {
    const event: StoredEvent = {
      // The product keys events with short random ids.
      id: randomBytes(15).toString('base64url'),
      detectedAt: new Date(now),
      type: condition.type,
      routeId: condition.routeId,
      diffJson: JSON.stringify(condition.diff),
      resolvedAt: null,
      resolution: null,
      key: condition.key,
      seq: this.seq++,
    };
    this.events.push(event);
    this.open.set(condition.key, event);
  }

  private newestFirst(events: StoredEvent[]): DriftEvent[] {
    return [...events].sort((a, b) => b.detectedAt.getTime() - a.detectedAt.getTime() || b.seq - a.seq).map(view);
  }
}
