import type { RouteStore, SimRoute, SyncDiffEntry } from './route-store';

/** What the reverse proxy behind the dashboard actually serves for one route. */
interface Served {
  domain: string;
  upstreams: string[];
  /** False once the dashboard's own toggle removed the route; a key-API disable never clears it. */
  serving: boolean;
}

/**
 * The proxy behind the dashboard, as the measured instance behaves: the dashboard pushes each change in the
 * background and ignores failures. A push fails while the proxy is down, and for any upstream weight other than
 * the default (the proxy has no per-upstream weight and refuses the config, silently). The dashboard learns what
 * is live only from its drift checks.
 */
export class ProxyPlane {
  private readonly served = new Map<string, Served>();
  down = false;

  /** The dashboard's background push of a stored route; never reports failure to the caller. */
  push(route: SimRoute): void {
    if (this.down || route.upstreams.some((u) => u.weight !== 1)) return;
    const before = this.served.get(route.id);
    this.served.set(route.id, {
      domain: route.domain,
      upstreams: route.upstreams.map((u) => u.address),
      // A key-API write keeps whatever the proxy was doing about traffic: only the dashboard's toggle changes it.
      serving: before?.serving ?? true,
    });
  }

  /** The dashboard's own toggle (session only): adds the route to the proxy or removes it. */
  toggle(route: SimRoute): void {
    if (this.down) return;
    if (route.enabled) {
      this.served.delete(route.id);
      this.push(route);
    } else {
      const entry = this.served.get(route.id);
      if (entry) entry.serving = false;
    }
  }

  remove(id: string): void {
    this.served.delete(id);
  }

  /** For the control surface: the proxy lost a route (a failed push, a restart with a bad config). */
  forget(id: string): boolean {
    return this.served.delete(id);
  }

  /** Whether requests for the route reach its upstreams. */
  isServing(id: string): boolean {
    return this.served.get(id)?.serving ?? false;
  }

  /** What a drift check finds for one route: null when the proxy matches the dashboard. */
  diff(route: SimRoute): { status: 'synced' | 'drift' | 'missing'; diff: SyncDiffEntry[] | null } {
    const entry = this.served.get(route.id);
    if (!entry) {
      return route.enabled
        ? { status: 'missing', diff: [{ field: 'route', dashboard: 'present', proxy: 'absent' }] }
        : { status: 'synced', diff: null };
    }
    const diff: SyncDiffEntry[] = [];
    if (entry.serving !== route.enabled)
      diff.push({ field: 'enabled', dashboard: route.enabled, proxy: entry.serving });
    if (entry.domain !== route.domain) diff.push({ field: 'domain', dashboard: route.domain, proxy: entry.domain });
    const upstreams = route.upstreams.map((u) => u.address);
    if (JSON.stringify(upstreams) !== JSON.stringify(entry.upstreams)) {
      diff.push({ field: 'upstreams', dashboard: upstreams, proxy: entry.upstreams });
    }
    return diff.length > 0 ? { status: 'drift', diff } : { status: 'synced', diff: null };
  }

  /** The dashboard's drift check over every route: the only writer of the sync fields. */
  checkAll(routes: RouteStore, now: number): void {
    for (const route of routes.list()) {
      const { status, diff } = this.diff(route);
      routes.patchRaw(route.id, {
        syncStatus: status,
        syncDiff: diff,
        syncCheckedAt: new Date(now),
        syncSource: 'drift-check',
      });
    }
  }
}
