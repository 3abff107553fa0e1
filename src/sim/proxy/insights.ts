import type { ProxyPlane } from './proxy-plane';
import type { RouteStore, SimRoute } from './route-store';

const DAY_MS = 86_400_000;

export interface SimCert {
  id: string;
  domain: string;
  status: 'valid' | 'pending' | 'expired' | 'error';
  source: 'acme' | 'acme-staging' | 'internal' | 'custom';
  issuedAt: Date | null;
  expiresAt: Date | null;
  autoRenew: boolean;
  routeId: string | null;
}

function sourceOf(route: SimRoute): SimCert['source'] | null {
  switch (route.tlsMode) {
    case 'off':
      return null;
    case 'internal':
      return 'internal';
    case 'custom':
      return 'custom';
    case 'auto-staging':
      return 'acme-staging';
    default:
      return 'acme';
  }
}

/** Certificates the dashboard manages: one per route with TLS, issued on its own schedule. */
export class CertStore {
  private readonly certs = new Map<string, SimCert>();
  private nextId = 1;

  list(): SimCert[] {
    return [...this.certs.values()].map((c) => ({ ...c }));
  }

  /** A new route with TLS gets a pending certificate (issuance happens later, outside any write). */
  forRoute(route: SimRoute): void {
    const source = sourceOf(route);
    if (!source) return;
    const id = `cert_${String(this.nextId++).padStart(4, '0')}`;
    this.certs.set(id, {
      id,
      domain: route.domain,
      status: 'pending',
      source,
      issuedAt: null,
      expiresAt: null,
      autoRenew: source !== 'custom',
      routeId: route.id,
    });
  }

  /** For seeding: a certificate issued `issuedDaysAgo` and valid for `validDays`. */
  issued(route: SimRoute, now: number, issuedDaysAgo: number, validDays: number, autoRenew = true): void {
    const source = sourceOf(route) ?? 'acme';
    const id = `cert_${String(this.nextId++).padStart(4, '0')}`;
    const expiresAt = now - issuedDaysAgo * DAY_MS + validDays * DAY_MS;
    this.certs.set(id, {
      id,
      domain: route.domain,
      status: expiresAt <= now ? 'expired' : 'valid',
      source,
      issuedAt: new Date(now - issuedDaysAgo * DAY_MS),
      expiresAt: new Date(expiresAt),
      autoRenew,
      routeId: route.id,
    });
  }

  dropRoute(routeId: string): void {
    for (const [id, cert] of this.certs) if (cert.routeId === routeId) this.certs.delete(id);
  }
}

/** A stable number from a string, so the same route shows the same traffic in every run. */
function seedOf(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return (h >>> 0) / 2 ** 32;
}

/**
 * Per-route traffic over a window, as the proxy counted it: a route the proxy serves gets requests whatever the
 * dashboard's `enabled` flag says; a route the proxy does not serve gets none.
 */
export function trafficOf(routes: RouteStore, plane: ProxyPlane, windowMinutes: number) {
  return routes.list().map((route) => {
    const r = seedOf(route.id);
    const requests = plane.isServing(route.id) ? Math.round((20 + r * 180) * windowMinutes) : 0;
    const errors = Math.round(requests * r * 0.04);
    const status5xx = Math.round(errors * 0.4);
    return {
      routeId: route.id,
      requests,
      errors,
      status5xx,
      avgLatencyMs: requests > 0 ? Math.round(12 + r * 240) : 0,
      errorRatePct: requests > 0 ? Math.round((errors / requests) * 10_000) / 100 : 0,
    };
  });
}
