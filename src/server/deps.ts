import type { BffDeps } from './app-types';
import type { Config } from './config';
import { createServerInfoCache } from './server-info';
import { MemorySessionStore } from './session-store';
import { createSvcUpstream, type FetchLike } from './svc-upstream';

export function createDeps(
  config: Config,
  options: { svcUrl: string; fetch?: FetchLike; demo?: BffDeps['demo']; now?: () => number; log?: BffDeps['log'] },
): BffDeps {
  const svc = createSvcUpstream({ baseUrl: options.svcUrl, timeoutMs: config.upstreamTimeoutMs, fetch: options.fetch });
  const now = options.now ?? (() => Date.now());
  return {
    svc,
    sessions: new MemorySessionStore({ idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs }),
    serverInfo: createServerInfoCache(svc, options.svcUrl, 30_000, now),
    demo: options.demo ?? null,
    now,
    log: options.log ?? ((level, line) => console[level === 'info' ? 'log' : level](`[bff] ${line}`)),
  };
}
