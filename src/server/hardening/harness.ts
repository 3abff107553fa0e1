import { createSvcSimulator, type SvcSimOptions, type SvcSimulator } from '../../sim/svc';
import { createProxySimulator } from '../../sim/proxy';
// Through src/server: the import rules read a bare `../app` from a subfolder as the SPA's app shell.
import { createApp } from '../../server/app';
import { loadConfig, type Config } from '../config';
import { createDeps } from '../deps';
import type { AuditLog } from '../store/audit-log';
import type { BulkRunStore } from '../bulk/run-store';

/** The BFF wired to an in-process chat simulator, for the hardening tests (attacks and faults). */
export { ORIGIN } from '../test-support/console-requests';

export interface UpstreamRecord {
  method: string;
  url: URL;
  body: string;
}

const open: (() => Promise<void>)[] = [];

/** Closes every harness made since the last call (their hubs' long-polls, the simulators' timers). */
export async function closeHarnesses(): Promise<void> {
  await Promise.all(open.splice(0).map((close) => close()));
}

export function setupHarness(
  options: {
    env?: Record<string, string>;
    config?: Partial<Config>;
    sim?: SvcSimOptions;
    now?: () => number;
    /** Also wire a proxy-dashboard simulator (with a key holding the console's scopes) at /bff/proxy. */
    proxy?: boolean;
    /** Where the audit goes (e.g. the SQL store); in memory by default. */
    audit?: AuditLog;
    /** Where bulk runs are kept (share one between two harnesses to act as a restart); in memory by default. */
    bulkRuns?: BulkRunStore;
    /** Another harness's chat simulator (a restarted BFF talks to the same server). */
    upstream?: SvcSimulator;
  } = {},
) {
  const proxySim = options.proxy ? createProxySimulator({ basePath: '/api/rpc', transformer: 'superjson' }) : null;
  const proxyKey = proxySim?.control.createKey({
    name: 'console',
    scopes: ['routes:read', 'routes:write', 'health:read'],
  }).key;
  const sim =
    options.upstream ??
    createSvcSimulator({
      generatedUsers: 10,
      heartbeatSeconds: 0.5,
      longpollTimeoutSeconds: 2,
      ...options.sim,
    });
  const config: Config = {
    ...loadConfig({
      LOG_REQUESTS: 'false',
      SIGN_IN_DELAY_MS: '1',
      SESSION_SECRET: 'hardening-'.repeat(4),
      ...(proxyKey ? { PROXY_URL: 'http://proxy.test', PROXY_API_KEY: proxyKey } : {}),
      ...options.env,
    }),
    upstreamTimeoutMs: 2_000,
    ...options.config,
  };
  const upstream: UpstreamRecord[] = [];
  const logs: string[] = [];
  const deps = createDeps(config, {
    svcUrl: 'http://sim.test',
    fetch: async (request) => {
      upstream.push({ method: request.method, url: new URL(request.url), body: await request.clone().text() });
      return sim.fetch(request);
    },
    ...(proxySim ? { proxyFetch: (request: Request) => proxySim.fetch(request) } : {}),
    log: (level, line) => logs.push(`${level} ${line}`),
    ...(options.audit ? { audit: options.audit } : {}),
    ...(options.bulkRuns ? { bulkRuns: options.bulkRuns } : {}),
    hub: { backoff: { initialMs: 20, maxMs: 80 }, reapEveryMs: null, longpollMarginMs: 500 },
    ...(options.now ? { now: options.now } : {}),
  });
  const app = createApp(config, deps);
  open.push(async () => {
    await deps.hub.close();
    sim.close();
  });
  /** Upstream calls made on behalf of the browser (not the hub's event-queue traffic). */
  const apiCalls = () => upstream.filter((r) => !/\/api\/v1\/(events|register)$/.test(r.url.pathname));
  return { sim, app, deps, config, upstream, apiCalls, logs };
}
export type Harness = ReturnType<typeof setupHarness>;

export { consoleRequest, signIn, signInResponse } from '../test-support/console-requests';
