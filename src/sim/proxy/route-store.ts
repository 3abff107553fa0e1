import type { KeyPatch, SessionCreateInput, SessionPatch, SimLbPolicy, SimTlsMode } from './inputs';

/** One difference the dashboard's drift check found between its record and what the proxy serves. */
export interface SyncDiffEntry {
  field: string;
  dashboard: unknown;
  proxy: unknown;
}

/** A route as the dashboard keeps it: the key API's fields plus the full record's extras. */
export interface SimRoute {
  id: string;
  name: string;
  domain: string;
  enabled: boolean;
  upstreams: { address: string; weight: number }[];
  lbPolicy: SimLbPolicy;
  tlsMode: SimTlsMode;
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
  /** Set by the sync check only, never by a write (nor by the drift detector). */
  syncStatus: 'synced' | 'drift' | 'missing' | null;
  /** The differences found, or the text "[]" for a route found in sync (as a real dashboard sends it). */
  syncDiff: SyncDiffEntry[] | string | null;
  syncCheckedAt: Date | null;
  syncSource: 'drift-check' | null;
  lastTrafficAt: Date | null;
  archivedAt: Date | null;
  maintenanceMode: boolean;
  exposureMode: 'public' | 'internal';
  upstreamProtocol: 'http' | 'https';
  aliases: string[];
  origin: 'dashboard' | 'api';
}

/** The fields `publicApi.routes` answers with (the key API's record). */
export const KEY_API_FIELDS = [
  'id',
  'name',
  'domain',
  'enabled',
  'upstreams',
  'lbPolicy',
  'tlsMode',
  'ssoEnabled',
  'compressionEnabled',
  'websocketEnabled',
  'http3Enabled',
  'healthCheckEnabled',
  'healthCheckPath',
  'healthCheckInterval',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof SimRoute)[];

export function keyApiView(route: SimRoute): Pick<SimRoute, (typeof KEY_API_FIELDS)[number]> {
  const view: Record<string, unknown> = {};
  for (const field of KEY_API_FIELDS) view[field] = route[field];
  return structuredClone(view) as Pick<SimRoute, (typeof KEY_API_FIELDS)[number]>;
}

export class DomainConflictError extends Error {
  constructor(readonly domain: string) {
    // The real message: no word "domain" in it.
    super(`Route for ${domain} already exists`);
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

  findByDomain(domain: string): SimRoute | null {
    const wanted = domain.toLowerCase();
    return this.list().find((r) => r.domain === wanted) ?? null;
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

  /** What the key API stores for a create: the unlisted settings at their defaults, always enabled. */
  create(input: SessionCreateInput, now: number, origin: SimRoute['origin']): SimRoute {
    this.assertDomainFree(input.domain, null);
    const at = new Date(now);
    const tlsMode = input.tlsMode ?? 'auto';
    const route: SimRoute = {
      id: `rt_${String(this.nextId++).padStart(4, '0')}`,
      name: input.name,
      domain: input.domain.toLowerCase(),
      enabled: input.enabled ?? true,
      upstreams: input.upstreams.map((u) => ({ address: u.address, weight: u.weight ?? 1 })),
      lbPolicy: input.lbPolicy ?? 'round_robin',
      tlsMode,
      ssoEnabled: input.ssoEnabled ?? false,
      compressionEnabled: input.compressionEnabled ?? true,
      websocketEnabled: input.websocketEnabled ?? false,
      http3Enabled: input.http3Enabled ?? false,
      healthCheckEnabled: input.healthCheckEnabled ?? true,
      healthCheckPath: input.healthCheckPath ?? '/',
      healthCheckInterval: input.healthCheckInterval ?? 30,
      createdAt: at,
      updatedAt: at,
      upstreamType: 'static',
      http2Enabled: true,
      forceSSL: tlsMode !== 'off',
      hstsEnabled: false,
      wafMode: 'off',
      rateLimit: null,
      ipAllowlist: [],
      headers: {},
      syncStatus: null,
      syncDiff: null,
      syncCheckedAt: null,
      syncSource: null,
      lastTrafficAt: null,
      archivedAt: null,
      maintenanceMode: input.maintenanceMode ?? false,
      exposureMode: 'public',
      upstreamProtocol: 'http',
      aliases: [],
      origin,
    };
    this.routes.set(route.id, route);
    return route;
  }

  /** Null when there is no such route. */
  update(id: string, patch: KeyPatch | SessionPatch, now: number): SimRoute | null {
    const route = this.get(id);
    if (!route) return null;
    const { upstreams, ...rest } = patch as SessionPatch;
    if (rest.domain !== undefined) {
      this.assertDomainFree(rest.domain, id);
      rest.domain = rest.domain.toLowerCase();
    }
    for (const [field, value] of Object.entries(rest)) {
      if (value !== undefined) (route as unknown as Record<string, unknown>)[field] = value;
    }
    if (upstreams !== undefined) route.upstreams = upstreams.map((u) => ({ address: u.address, weight: u.weight }));
    route.updatedAt = new Date(now);
    return route;
  }

  delete(id: string): boolean {
    return this.routes.delete(id);
  }

  /** Direct access for seeding extras a create input cannot express, and for the sync check. */
  patchRaw(id: string, fields: Partial<SimRoute>): void {
    const route = this.routes.get(id);
    if (route) Object.assign(route, fields);
  }
}
