import type { HeldRoute, ProxyPlane } from './proxy-plane';
import type { RouteStore, SimRoute, SyncDiffEntry } from './route-store';

/**
 * `syncDiff` of a route the check found in sync. A real dashboard has been seen to send the text "[]" here (a
 * JSON list stored as text) rather than a list or null, so the simulator stores that text and the console must
 * cope with it.
 */
export const IN_SYNC_DIFF = '[]';

/** The fields in which the proxy's entry differs from the dashboard's record; empty when they agree. */
export function heldDifferences(route: SimRoute, entry: HeldRoute): SyncDiffEntry[] {
  const diff: SyncDiffEntry[] = [];
  // A held route is served: a key-API disable leaves it in the proxy.
  if (!route.enabled) diff.push({ field: 'enabled', dashboard: false, proxy: true });
  if (entry.domain !== route.domain) diff.push({ field: 'domain', dashboard: route.domain, proxy: entry.domain });
  const upstreams = route.upstreams.map((u) => u.address);
  if (JSON.stringify(upstreams) !== JSON.stringify(entry.upstreams)) {
    diff.push({ field: 'upstreams', dashboard: upstreams, proxy: entry.upstreams });
  }
  return diff;
}

/** What the sync check finds for one route. */
export function syncVerdict(
  route: SimRoute,
  plane: ProxyPlane,
): { status: 'synced' | 'drift' | 'missing'; diff: SyncDiffEntry[] | string } {
  const entry = plane.entryFor(route.id);
  if (!entry) {
    return route.enabled
      ? { status: 'missing', diff: [{ field: 'route', dashboard: 'present', proxy: 'absent' }] }
      : { status: 'synced', diff: IN_SYNC_DIFF };
  }
  const diff = heldDifferences(route, entry);
  return diff.length > 0 ? { status: 'drift', diff } : { status: 'synced', diff: IN_SYNC_DIFF };
}

/**
 * The dashboard's sync check over every route: the only writer of `syncStatus`, `syncDiff`, `syncCheckedAt` and
 * `syncSource`. It runs far less often than the drift detector (every few minutes on the measured instance), so
 * between two runs these fields can say "synced" for a route the proxy has lost.
 */
export function runSyncCheck(routes: RouteStore, plane: ProxyPlane, now: number): void {
  for (const route of routes.list()) {
    const { status, diff } = syncVerdict(route, plane);
    routes.patchRaw(route.id, {
      syncStatus: status,
      syncDiff: diff,
      syncCheckedAt: new Date(now),
      syncSource: 'drift-check',
    });
  }
}
