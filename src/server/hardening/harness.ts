import type { SvcSimOptions, SvcSimulator } from '../../sim/svc';
import type { Config } from '../config';
import type { BulkRunStore } from '../store/bulk-runs';
import type { AuditLog } from '../store/audit-log';
import { closeTestBffs, createTestBff } from '../test-support/test-bff';

/** The BFF wired to an in-process chat simulator, for the hardening tests (attacks and faults). */
export { consoleRequest, ORIGIN, signIn, signInResponse, type UpstreamRecord } from '../test-support/test-bff';

/** Closes every harness made since the last call (their hubs' long-polls, the simulators' timers). */
export const closeHarnesses = closeTestBffs;

/** The test BFF tuned for attacks and faults: a quick hub, fast failed sign-ins, an optional proxy dashboard. */
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
  return createTestBff({
    env: { SIGN_IN_DELAY_MS: '1', SESSION_SECRET: 'hardening-'.repeat(4), ...options.env },
    ...(options.config ? { config: options.config } : {}),
    sim: { generatedUsers: 10, heartbeatSeconds: 0.5, longpollTimeoutSeconds: 2, ...options.sim },
    ...(options.upstream ? { upstream: options.upstream } : {}),
    ...(options.proxy ? { proxy: { scopes: ['routes:read', 'routes:write', 'health:read'] } } : {}),
    deps: {
      hub: { backoff: { initialMs: 20, maxMs: 80 }, reapEveryMs: null, longpollMarginMs: 500 },
      ...(options.audit ? { audit: options.audit } : {}),
      ...(options.bulkRuns ? { bulkRuns: options.bulkRuns } : {}),
      ...(options.now ? { now: options.now } : {}),
    },
  });
}
export type Harness = ReturnType<typeof setupHarness>;
