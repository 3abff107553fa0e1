import type { BffDeps } from './app-types';
import type { Config } from './config';
import { EventHub, type EventHubOptions } from './event-hub';
import { createProxyUpstream } from './upstreams/proxy-upstream';
import { createServerInfoCache } from './upstreams/server-info';
import { MemorySessionStore, type SessionStore } from './session-store';
import { MemoryAuditLog, type AuditLog } from './store/audit-log';
import { createSvcUpstream, type FetchLike } from './upstreams/svc-upstream';
import { CachedSessionStore } from './session-cache';
import { escapeLogLine } from './log-line';
import { MemoryBulkRunStore, type BulkRunStore } from './store/bulk-runs';
import { CurrentUserCheck } from './current-user-check';
import { endAllSessionsOfUser, endSessionForDeadKey, followSessionEnds } from './session-end';
import { MemoryWebhookRegistry, type WebhookRegistry } from './store/webhook-registry';
import { configuredSecret, createTokenVault } from './store/token-vault';

/** Event-hub knobs tests turn (fast backoff, manual reaping, deterministic jitter). */
export type HubOverrides = Partial<
  Pick<
    EventHubOptions,
    'backoff' | 'bufferSize' | 'longpollMarginMs' | 'reapEveryMs' | 'random' | 'schedule' | 'readWaitMs'
  >
>;

/** The proxy dashboard's client, when one is configured. */
function proxyUpstreamFor(config: Config, fetch: FetchLike | undefined, log: BffDeps['log']) {
  if (!config.proxy.url || !config.proxy.apiKey) return null;
  return createProxyUpstream({
    url: config.proxy.url,
    rpcPath: config.proxy.rpcPath,
    apiKey: config.proxy.apiKey,
    transformer: config.proxy.transformer,
    timeoutMs: config.upstreamTimeoutMs,
    fetch,
    log,
  });
}

/** What createDeps is given besides the configuration: the upstream's address, and stores and hooks to use. */
export interface CreateDepsOptions {
  svcUrl: string;
  fetch?: FetchLike;
  /** How the BFF reaches the proxy dashboard (tests pass the simulator's fetch). */
  proxyFetch?: FetchLike;
  demo?: BffDeps['demo'];
  demoWebhooks?: BffDeps['demoWebhooks'];
  now?: () => number;
  log?: BffDeps['log'];
  hub?: HubOverrides;
  /** Where sessions live; in memory unless the process entry passes the SQL store's. */
  sessions?: SessionStore;
  /** Where audit entries go; in memory unless the process entry passes the SQL store's. */
  audit?: AuditLog;
  /** Where webhook endpoints and deliveries live; in memory unless the process entry passes the SQL store's. */
  webhooks?: WebhookRegistry;
  /** Where bulk runs are kept; in memory unless the process entry passes the SQL store's. */
  bulkRuns?: BulkRunStore;
}

export function createDeps(config: Config, options: CreateDepsOptions): BffDeps {
  const svc = createSvcUpstream({ baseUrl: options.svcUrl, timeoutMs: config.upstreamTimeoutMs, fetch: options.fetch });
  const now = options.now ?? (() => Date.now());
  const sink: BffDeps['log'] =
    options.log ?? ((level, line) => console[level === 'info' ? 'log' : level](`[bff] ${line}`));
  // Every line is escaped on its way out, whoever wrote it (see log-line.ts).
  const log: BffDeps['log'] = (level, line) => sink(level, escapeLogLine(line));
  const sessions = new CachedSessionStore(
    options.sessions ?? new MemorySessionStore({ idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs }),
  );
  const hub = new EventHub({
    svc,
    idleMs: config.events.idleMs,
    maxConnectionsPerSession: config.events.maxPerSession,
    maxConnectionsPerUser: config.events.maxPerUser,
    deleteTimeoutMs: Math.min(config.upstreamTimeoutMs, 5_000),
    now,
    log,
    // The server refused the key while the hub polled: the console session ends with it.
    onDeadKey: async (sessionId, code) => {
      currentUser.forget(sessionId);
      const session = await sessions.peek?.(sessionId, now());
      if (session) await endSessionForDeadKey({ sessions, hub, log }, session, code);
      else await sessions.delete(sessionId);
    },
    // The user's own record changed upstream: a deactivation ends their sessions, a new role is the session's.
    onOwnUserChange: async (sessionId, change) => {
      currentUser.forget(sessionId);
      const session = await sessions.peek?.(sessionId, now());
      if (!session) return;
      if (change.kind === 'deactivated')
        await endAllSessionsOfUser({ sessions, hub, log }, session.userId, 'deactivated');
      else if (change.role !== session.role) {
        await sessions.update(sessionId, { role: change.role });
        log('info', `session: user_id=${session.userId} role now ${change.role} (event)`);
      }
    },
    ...options.hub,
  });
  const currentUser = new CurrentUserCheck({ svc, sessions, hub, now, log });
  // A session ended anywhere (another replica included) closes its streams and queue here at once.
  followSessionEnds({ sessions, hub, currentUser, now, log });
  return {
    svc,
    proxy: proxyUpstreamFor(config, options.proxyFetch, log),
    sessions,
    audit: options.audit ?? new MemoryAuditLog(),
    webhooks:
      options.webhooks ??
      new MemoryWebhookRegistry(createTokenVault(configuredSecret(config.sessionSecret, config.dataDir))),
    bulkRuns: options.bulkRuns ?? new MemoryBulkRunStore(),
    serverInfo: createServerInfoCache(svc, options.svcUrl, config.serverInfoTtlMs, now),
    hub,
    currentUser,
    demo: options.demo ?? null,
    demoWebhooks: options.demoWebhooks ?? null,
    now,
    log,
  };
}
