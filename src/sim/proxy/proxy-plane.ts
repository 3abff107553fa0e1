import type { SimRoute } from './route-store';

/** One route the reverse proxy holds, as its running configuration has it. */
export interface HeldRoute {
  /** The dashboard's route id the entry carries as `@id: proxyos-route-<id>`; null for a hand edit without one. */
  routeId: string | null;
  domain: string;
  aliases: string[];
  upstreams: string[];
}

/** What the proxy holds, for tests (`GET /__sim/proxy/state`). */
export interface ProxyPlaneState {
  down: boolean;
  routes: HeldRoute[];
}

/** The `@id` the dashboard gives each route it pushes, so it can find and replace it later. */
export const CADDY_ROUTE_ID_PREFIX = 'proxyos-route-';

/**
 * The proxy behind the dashboard, as the measured instance behaves: the dashboard pushes each change in the
 * background and ignores failures. A push fails while the proxy is down, and for any upstream weight other than
 * the default (the proxy has no per-upstream weight and refuses the config, silently). A held route is served,
 * whatever the dashboard's `enabled` flag says: only the dashboard's own toggle removes it. The dashboard learns
 * what is live only from its drift detector and its (slower) sync check.
 */
export class ProxyPlane {
  /** Keyed by the dashboard's route id, or `hand:<n>` for a hand edit that carries none. */
  private readonly held = new Map<string, HeldRoute>();
  private nextHand = 1;
  down = false;

  /** The dashboard's background push of a stored route; never reports failure to the caller. */
  push(route: SimRoute): void {
    if (this.down || route.upstreams.some((u) => u.weight !== 1)) return;
    this.held.set(route.id, {
      routeId: route.id,
      domain: route.domain,
      aliases: [...route.aliases],
      upstreams: route.upstreams.map((u) => u.address),
    });
  }

  /** The dashboard's own toggle (session only): adds the route to the proxy or removes it. */
  toggle(route: SimRoute): void {
    if (this.down) return;
    if (route.enabled) this.push(route);
    else this.held.delete(route.id);
  }

  /** The dashboard's removal after a delete; like a push it fails silently while the proxy is down. */
  remove(id: string): void {
    if (!this.down) this.held.delete(id);
  }

  /** For the control surface: the proxy lost a route (a failed push, a hand edit). */
  forget(id: string): boolean {
    return this.held.delete(id);
  }

  /**
   * The proxy restarts and comes back up. With `dropAll` (the default) it starts from an empty configuration, so
   * it holds nothing until the dashboard pushes again; without, it reloads what it held.
   */
  restart(dropAll = true): void {
    this.down = false;
    if (dropAll) this.held.clear();
  }

  /**
   * A route added to the proxy by hand, behind the dashboard's back: no `@id` unless `routeId` is given (an entry
   * left over from a dashboard route). False while the proxy is down.
   */
  handAdd(input: { domain: string; upstream: string; routeId?: string | null }): boolean {
    if (this.down) return false;
    const key = input.routeId ?? `hand:${this.nextHand++}`;
    this.held.set(key, {
      routeId: input.routeId ?? null,
      domain: input.domain.toLowerCase(),
      aliases: [],
      upstreams: [input.upstream],
    });
    return true;
  }

  /** What the proxy holds for a dashboard route, or null. */
  entryFor(routeId: string): HeldRoute | null {
    return this.held.get(routeId) ?? null;
  }

  /** Every route the proxy holds, copies. */
  entries(): HeldRoute[] {
    return [...this.held.values()].map((entry) => structuredClone(entry));
  }

  /** Whether requests for the route reach its upstreams. */
  isServing(id: string): boolean {
    return !this.down && this.held.has(id);
  }

  state(): ProxyPlaneState {
    return { down: this.down, routes: this.entries() };
  }

  /** What `caddy.status` answers: nothing is reachable, and nothing counted, while the proxy is down. */
  status(): { reachable: boolean; hasMain: boolean; upstreamCount: number } {
    if (this.down) return { reachable: false, hasMain: false, upstreamCount: 0 };
    return { reachable: true, hasMain: true, upstreamCount: this.held.size };
  }

  /** The proxy's whole running configuration, as its admin API answers `GET /config/`; null while down. */
  caddyConfig(): Record<string, unknown> | null {
    if (this.down) return null;
    const routes = [...this.held.values()].map((entry) => ({
      ...(entry.routeId ? { '@id': `${CADDY_ROUTE_ID_PREFIX}${entry.routeId}` } : {}),
      match: [{ host: [entry.domain, ...entry.aliases] }],
      handle: [{ handler: 'reverse_proxy', upstreams: entry.upstreams.map((dial) => ({ dial })) }],
      terminal: true,
    }));
    return {
      admin: { listen: 'localhost:2019' },
      apps: { http: { servers: { main: { listen: [':443'], routes } } } },
    };
  }
}
