import type { CertStore } from './insights';
import type { ProxyPlane } from './proxy-plane';
import type { RouteStore } from './route-store';
import { runSyncCheck } from './sync-check';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A handful of routes made in the dashboard itself, so the demo and the tests start with a realistic one: most
 * live, one whose weights the proxy refused (missing in the proxy), certificates in every state. The sync check
 * ran a minute ago; the drift detector has not run yet, so its first run (at a demo's start, or when a test asks)
 * records the missing route as a `missing_in_caddy` event.
 */
export function seedDemoRoutes(store: RouteStore, plane: ProxyPlane, certs: CertStore, now: number): void {
  // Created in this order so route ids stay what the tests expect.
  const { app, api } = createPublicRoutes(store, now);
  const { grafana, status, cdn } = createInternalAndEdgeRoutes(store, now);
  for (const route of [app, api, grafana, status, cdn]) plane.push(route);
  // The dashboard's own toggle took the legacy page out of the proxy.
  plane.toggle(status);
  certs.issued(app, now, 30, 90);
  certs.issued(api, now, 80, 90);
  certs.issued(grafana, now, 20, 365, false);
  certs.forRoute(cdn);
  runSyncCheck(store, plane, now - 60_000);
}

function createPublicRoutes(store: RouteStore, now: number) {
  const app = store.create(
    {
      name: 'Web app',
      domain: 'app.demo.test',
      upstreams: [{ address: '10.0.1.10:3000' }, { address: '10.0.1.11:3000' }],
      lbPolicy: 'least_conn',
      tlsMode: 'auto',
      websocketEnabled: true,
      healthCheckPath: '/healthz',
    },
    now - 30 * DAY_MS,
    'dashboard',
  );
  store.patchRaw(app.id, {
    hstsEnabled: true,
    rateLimit: { requests: 600, windowSeconds: 60 },
    lastTrafficAt: new Date(now - 5 * 60_000),
    aliases: ['www.demo.test'],
  });
  const api = store.create(
    {
      name: 'Public API',
      domain: 'api.demo.test',
      upstreams: [{ address: 'http://api-backend.internal:8080' }],
      tlsMode: 'dns',
      lbPolicy: 'round_robin',
    },
    now - 12 * DAY_MS,
    'dashboard',
  );
  return { app, api };
}

/** An internal-only route in maintenance, a disabled one, and a wildcard CDN route made through the API. */
function createInternalAndEdgeRoutes(store: RouteStore, now: number) {
  const grafana = store.create(
    {
      name: 'Grafana',
      domain: 'grafana.demo.test',
      upstreams: [{ address: '10.0.2.5:3000' }],
      tlsMode: 'internal',
      lbPolicy: 'first',
      ssoEnabled: true,
      healthCheckEnabled: false,
    },
    now - 6 * DAY_MS,
    'dashboard',
  );
  store.patchRaw(grafana.id, {
    exposureMode: 'internal',
    ipAllowlist: ['10.0.0.0/8'],
    wafMode: 'detect',
    maintenanceMode: true,
  });
  const status = store.create(
    {
      name: 'Legacy status page',
      domain: 'status.demo.test',
      upstreams: [{ address: '192.168.10.20:8081' }],
      tlsMode: 'off',
      lbPolicy: 'first',
      enabled: false,
    },
    now - 90 * DAY_MS,
    'dashboard',
  );
  const cdn = store.create(
    {
      name: 'Static assets',
      domain: '*.cdn.demo.test',
      upstreams: [
        { address: '10.0.3.1:80', weight: 50 },
        { address: '10.0.3.2:80', weight: 50 },
      ],
      tlsMode: 'auto',
      lbPolicy: 'ip_hash',
      http3Enabled: true,
    },
    now - 2 * HOUR_MS,
    'api',
  );
  return { grafana, status, cdn };
}
