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

/** Whether a request's Host is one the route answers for: its domain or an alias, `*.` matching one label. */
export function routeMatchesHost(route: Pick<SimRoute, 'domain' | 'aliases'>, host: string): boolean {
  const wanted = host.toLowerCase();
  return [route.domain, ...route.aliases].some((pattern) => {
    const name = pattern.toLowerCase();
    if (!name.startsWith('*.')) return name === wanted;
    const rest = name.slice(1);
    return wanted.endsWith(rest) && !wanted.slice(0, -rest.length).includes('.') && wanted.length > rest.length;
  });
}

interface Arrival {
  host: string;
  at: number;
  requests: number;
  errors: number;
}

/** Requests a test made arrive for a domain (`POST /__sim/traffic`), on top of each route's steady traffic. */
export class TrafficLedger {
  private readonly arrivals: Arrival[] = [];

  add(input: { host: string; requests: number; errors?: number }, at: number): void {
    this.arrivals.push({ host: input.host, at, requests: input.requests, errors: input.errors ?? 0 });
  }

  /** What arrived for the route within the window ending at `now`. */
  countFor(route: SimRoute, since: number, now: number): { requests: number; errors: number } {
    let requests = 0;
    let errors = 0;
    for (const arrival of this.arrivals) {
      if (arrival.at <= since || arrival.at > now || !routeMatchesHost(route, arrival.host)) continue;
      requests += arrival.requests;
      errors += arrival.errors;
    }
    return { requests, errors };
  }
}

/**
 * Per-route traffic over a window, as the dashboard counts it: every request whose Host matches a route, whether
 * the proxy serves the route or not (measured: requests for a route missing in the proxy were counted though none
 * reached its upstream). So a count is never proof that the proxy serves a route. Each route has a steady,
 * stable traffic of its own, plus whatever a test made arrive for its domain.
 */
export function trafficOf(routes: RouteStore, ledger: TrafficLedger, windowMinutes: number, now: number) {
  return routes.list().map((route) => {
    const r = seedOf(route.id);
    const steady = Math.round((20 + r * 180) * windowMinutes);
    const steadyErrors = Math.round(steady * r * 0.04);
    const added = ledger.countFor(route, now - windowMinutes * 60_000, now);
    const requests = steady + added.requests;
    const errors = steadyErrors + added.errors;
    return {
      routeId: route.id,
      requests,
      errors,
      status5xx: Math.round(steadyErrors * 0.4),
      avgLatencyMs: requests > 0 ? Math.round(12 + r * 240) : 0,
      errorRatePct: requests > 0 ? Math.round((errors / requests) * 10_000) / 100 : 0,
    };
  });
}
