import type { RouteRecord } from '../../shared/proxy';

export const STATUS_FILTERS = ['all', 'enabled', 'disabled'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export function isStatusFilter(value: string | null): value is StatusFilter {
  return (STATUS_FILTERS as readonly (string | null)[]).includes(value);
}

export interface RouteFilters {
  q: string;
  status: StatusFilter;
  /** A TLS mode, or null for any. */
  tls: string | null;
}

/** Search matches domain, name and upstream addresses, case-insensitively; sorted by domain. */
export function filterRoutes(routes: readonly RouteRecord[], filters: RouteFilters): RouteRecord[] {
  const q = filters.q.trim().toLowerCase();
  return routes
    .filter((r) => {
      const enabled = r.enabled !== false;
      if (filters.status === 'enabled' && !enabled) return false;
      if (filters.status === 'disabled' && enabled) return false;
      if (filters.tls !== null && r.tlsMode !== filters.tls) return false;
      if (!q) return true;
      return (
        r.domain.toLowerCase().includes(q) ||
        r.name.toLowerCase().includes(q) ||
        r.upstreams.some((u) => u.address.toLowerCase().includes(q))
      );
    })
    .sort((a, b) => a.domain.localeCompare(b.domain));
}

export function describeUpstreams(route: RouteRecord): string {
  return route.upstreams.map((u) => (u.weight && u.weight !== 1 ? `${u.address} ×${u.weight}` : u.address)).join(', ');
}
