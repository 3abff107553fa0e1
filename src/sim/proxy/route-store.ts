import {
  KNOWN_ROUTE_FIELDS,
  type CreateRouteInput,
  type LbPolicy,
  type RoutePatch,
  type TlsMode,
} from '../../shared/proxy/routes';

/** A route as the dashboard keeps it: the key API's fields plus the full record's extras. */
export interface SimRoute {
  id: string;
  name: string;
  domain: string;
  enabled: boolean;
  upstreams: { address: string; weight: number }[];
  lbPolicy: LbPolicy;
  tlsMode: TlsMode;
  ssoEnabled: boolean;
  compressionEnabled: boolean;
  websocketEnabled: boolean;
  http3Enabled: boolean;
  healthCheckEnabled: boolean;
  healthCheckPath: string;
  healthCheckInterval: number;
  createdAt: Date;
  updatedAt: Date;
  // Full-record extras (a subset of what the real dashboard adds).
  upstreamType: 'static' | 'docker';
  http2Enabled: boolean;
  forceSSL: boolean;
  hstsEnabled: boolean;
  wafMode: 'off' | 'detect' | 'block';
  rateLimit: { requests: number; windowSeconds: number } | null;
  ipAllowlist: string[];
  headers: Record<string, string>;
  syncStatus: 'synced' | 'pending' | 'failed';
  syncCheckedAt: Date | null;
  lastTrafficAt: Date | null;
  archivedAt: Date | null;
  exposureMode: 'public' | 'internal';
  upstreamProtocol: 'http' | 'https';
  aliases: string[];
  origin: 'dashboard' | 'api';
}

/** The fields `publicApi.routes` answers with: the contract's known fields, all of which a route has. */
export const KEY_API_FIELDS = KNOWN_ROUTE_FIELDS satisfies readonly (keyof SimRoute)[];

export function keyApiView(route: SimRoute): Pick<SimRoute, (typeof KEY_API_FIELDS)[number]> {
  const view: Record<string, unknown> = {};
  for (const field of KEY_API_FIELDS) view[field] = route[field];
  return structuredClone(view) as Pick<SimRoute, (typeof KEY_API_FIELDS)[number]>;
}

export class DomainConflictError extends Error {
  constructor(readonly domain: string) {
    super(`A route for domain ${domain} already exists`);
  }
}

export class RouteStore {
  private readonly routes = new Map<string, SimRoute>();
  private nextId = 1;

  list(): SimRoute[] {
    return [...this.routes.values()].filter((r) => !r.archivedAt);
  }

  get(id: string): SimRoute | null {
    const route = this.routes.get(id);
    return route && !route.archivedAt ? route : null;
  }

  private assertDomainFree(domain: string, exceptId: string | null): void {
    const wanted = domain.toLowerCase();
    for (const route of this.list()) {
      if (route.id === exceptId) continue;
      if (route.domain.toLowerCase() === wanted || route.aliases.some((a) => a.toLowerCase() === wanted)) {
        throw new DomainConflictError(domain);
      }
    }
  }

  create(input: CreateRouteInput, now: number, origin: SimRoute['origin'] = 'api'): SimRoute {
    this.assertDomainFree(input.domain, null);
    const at = new Date(now);
    const route: SimRoute = {
      id: `rt_${String(this.nextId++).padStart(4, '0')}`,
      name: input.name,
      domain: input.domain.toLowerCase(),
      enabled: input.enabled ?? true,
      upstreams: input.upstreams.map((u) => ({ address: u.address, weight: u.weight ?? 1 })),
      lbPolicy: input.lbPolicy ?? 'round_robin',
      tlsMode: input.tlsMode ?? 'auto',
      ssoEnabled: input.ssoEnabled ?? false,
      compressionEnabled: input.compressionEnabled ?? true,
      websocketEnabled: input.websocketEnabled ?? false,
      http3Enabled: input.http3Enabled ?? false,
      healthCheckEnabled: input.healthCheckEnabled ?? false,
      healthCheckPath: input.healthCheckPath ?? '/health',
      healthCheckInterval: input.healthCheckInterval ?? 30,
      createdAt: at,
      updatedAt: at,
      upstreamType: 'static',
      http2Enabled: true,
      forceSSL: input.tlsMode !== 'off',
      hstsEnabled: false,
      wafMode: 'off',
      rateLimit: null,
      ipAllowlist: [],
      headers: {},
      syncStatus: 'synced',
      syncCheckedAt: at,
      lastTrafficAt: null,
      archivedAt: null,
      exposureMode: 'public',
      upstreamProtocol: 'http',
      aliases: [],
      origin,
    };
    this.routes.set(route.id, route);
    return route;
  }

  /** Null when there is no such route. */
  update(id: string, patch: RoutePatch, now: number): SimRoute | null {
    const route = this.get(id);
    if (!route) return null;
    if (patch.domain !== undefined) this.assertDomainFree(patch.domain, id);
    const { upstreams, domain, ...rest } = patch;
    for (const [field, value] of Object.entries(rest)) {
      if (value !== undefined) (route as unknown as Record<string, unknown>)[field] = value;
    }
    if (domain !== undefined) route.domain = domain.toLowerCase();
    if (upstreams !== undefined)
      route.upstreams = upstreams.map((u) => ({ address: u.address, weight: u.weight ?? 1 }));
    route.updatedAt = new Date(now);
    return route;
  }

  delete(id: string): boolean {
    return this.routes.delete(id);
  }

  /** Direct access for seeding extras a create input cannot express. */
  patchRaw(id: string, fields: Partial<SimRoute>): void {
    const route = this.routes.get(id);
    if (route) Object.assign(route, fields);
  }
}
