import type { RouteStore } from './route-store';

const HOUR_MS = 3_600_000;

/** A handful of routes, so the demo and the tests start with a realistic dashboard. */
export function seedDemoRoutes(store: RouteStore, now: number): void {
  const app = store.create(
    {
      name: 'Web app',
      domain: 'app.demo.test',
      upstreams: [
        { address: '10.0.1.10:3000', weight: 3 },
        { address: '10.0.1.11:3000', weight: 1 },
      ],
      lbPolicy: 'least_conn',
      tlsMode: 'auto',
      websocketEnabled: true,
      healthCheckEnabled: true,
      healthCheckPath: '/healthz',
    },
    now - 30 * 24 * HOUR_MS,
    'dashboard',
  );
  store.patchRaw(app.id, {
    hstsEnabled: true,
    rateLimit: { requests: 600, windowSeconds: 60 },
    lastTrafficAt: new Date(now - 5 * 60_000),
    aliases: ['www.demo.test'],
  });
  store.create(
    {
      name: 'Public API',
      domain: 'api.demo.test',
      upstreams: [{ address: 'http://api-backend.internal:8080', weight: 1 }],
      tlsMode: 'dns',
      lbPolicy: 'round_robin',
    },
    now - 12 * 24 * HOUR_MS,
    'dashboard',
  );
  const grafana = store.create(
    {
      name: 'Grafana',
      domain: 'grafana.demo.test',
      upstreams: [{ address: '10.0.2.5:3000' }],
      tlsMode: 'internal',
      lbPolicy: 'first',
      ssoEnabled: true,
    },
    now - 6 * 24 * HOUR_MS,
    'dashboard',
  );
  store.patchRaw(grafana.id, { exposureMode: 'internal', ipAllowlist: ['10.0.0.0/8'], wafMode: 'detect' });
  store.create(
    {
      name: 'Legacy status page',
      domain: 'status.demo.test',
      upstreams: [{ address: '192.168.10.20:8081' }],
      tlsMode: 'off',
      lbPolicy: 'first',
      enabled: false,
    },
    now - 90 * 24 * HOUR_MS,
    'api',
  );
  store.create(
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
}
