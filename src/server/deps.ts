import type { BffDeps } from './app-types';
import type { Config } from './config';
import { EventHub, type EventHubOptions } from './event-hub';
import { createProxyUpstream } from './proxy-upstream';
import { createServerInfoCache } from './server-info';
import { MemorySessionStore, type SessionStore } from './session-store';
import { MemoryAuditLog, type AuditLog } from './store/audit-log';
import { createSvcUpstream, type FetchLike } from './svc-upstream';
import { CachedSessionStore } from './session-cache';
import { MemoryWebhookRegistry, type WebhookRegistry } from './webhooks/registry';
import { configuredSecret, createTokenVault } from './webhooks/token-vault';

/** Event-hub knobs tests turn (fast backoff, manual reaping, deterministic jitter). */
export type HubOverrides = Partial<
  Pick<EventHubOptions, 'backoff' | 'bufferSize' | 'longpollMarginMs' | 'reapEveryMs' | 'random' | 'schedule'>
>;

export function createDeps(
  config: Config,
  options: {
    svcUrl: string;
    fetch?: FetchLike;
    /** How the BFF reaches the proxy dashboard (tests pass the simulator's fetch). */
    proxyFetch?: FetchLike;
    demo?: BffDeps['demo'];
    now?: () => number;
    log?: BffDeps['log'];
    hub?: HubOverrides;
    /** Where sessions live; in memory unless the process entry passes the SQL store's. */
    sessions?: SessionStore;
    /** Where audit entries go; in memory unless the process entry passes the SQL store's. */
    audit?: AuditLog;
    /** Where webhook endpoints and deliveries live; in memory unless the process entry passes the SQL store's. */
    webhooks?: WebhookRegistry;
  },
): BffDeps {
  const svc = createSvcUpstream({ baseUrl: options.svcUrl, timeoutMs: config.upstreamTimeoutMs, fetch: options.fetch });
  const now = options.now ?? (() => Date.now());
  const log: BffDeps['log'] =
    options.log ?? ((level, line) => console[level === 'info' ? 'log' : level](`[bff] ${line}`));
  const sessions = new CachedSessionStore(
    options.sessions ?? new MemorySessionStore({ idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs }),
  );
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
  const proxy =
    config.proxy.url && config.proxy.apiKey
      ? createProxyUpstream({
          url: config.proxy.url,
          rpcPath: config.proxy.rpcPath,
          apiKey: config.proxy.apiKey,
          transformer: config.proxy.transformer,
          timeoutMs: config.upstreamTimeoutMs,
          fetch: options.proxyFetch,
          log,
        })
      : null;
  return {
    svc,
    proxy,
    sessions,
    audit: options.audit ?? new MemoryAuditLog(),
    webhooks:
      options.webhooks ??
      new MemoryWebhookRegistry(createTokenVault(configuredSecret(config.sessionSecret, config.dataDir))),
    serverInfo: createServerInfoCache(svc, options.svcUrl, config.serverInfoTtlMs, now),
    hub,
    demo: options.demo ?? null,
    now,
    log,
  };
}
