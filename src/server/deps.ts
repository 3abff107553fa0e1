import type { BffDeps } from './app-types';
import type { Config } from './config';
import { EventHub, type EventHubOptions } from './event-hub';
import { createServerInfoCache } from './server-info';
import { MemorySessionStore, type SessionStore } from './session-store';
import { createSvcUpstream, type FetchLike } from './svc-upstream';

/** Event-hub knobs tests turn (fast backoff, manual reaping, deterministic jitter). */
export type HubOverrides = Partial<
  Pick<EventHubOptions, 'backoff' | 'bufferSize' | 'longpollMarginMs' | 'reapEveryMs' | 'random' | 'schedule'>
>;

export function createDeps(
  config: Config,
  options: {
    svcUrl: string;
    fetch?: FetchLike;
    demo?: BffDeps['demo'];
    now?: () => number;
    log?: BffDeps['log'];
    hub?: HubOverrides;
    /** Where sessions live; in memory unless the process entry passes the durable store. */
    sessions?: SessionStore;
  },
): BffDeps {
  const svc = createSvcUpstream({ baseUrl: options.svcUrl, timeoutMs: config.upstreamTimeoutMs, fetch: options.fetch });
  const now = options.now ?? (() => Date.now());
  const log: BffDeps['log'] =
    options.log ?? ((level, line) => console[level === 'info' ? 'log' : level](`[bff] ${line}`));
  const sessions =
    options.sessions ?? new MemorySessionStore({ idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs });
  const hub = new EventHub({
    svc,
    idleMs: config.events.idleMs,
    maxConnectionsPerSession: config.events.maxPerSession,
    deleteTimeoutMs: Math.min(config.upstreamTimeoutMs, 5_000),
    now,
    log,
    // The server refused the key while the hub polled: the console session ends with it.
    onDeadKey: (sessionId) => sessions.delete(sessionId),
    ...options.hub,
  });
  return {
    svc,
    sessions,
    serverInfo: createServerInfoCache(svc, options.svcUrl, config.serverInfoTtlMs, now),
    hub,
    demo: options.demo ?? null,
    now,
    log,
  };
}
