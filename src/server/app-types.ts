import type { BulkRunStore } from './store/bulk-runs';
import type { CurrentUserCheck } from './current-user-check';
import type { EventHub } from './event-hub';
import type { ProxyUpstream } from './upstreams/proxy-upstream';
import type { Session, SessionStore } from './session-store';
import type { ServerInfoCache } from './upstreams/server-info';
import type { AuditLog } from './store/audit-log';
import type { SvcUpstream } from './upstreams/svc-upstream';
import type { WebhookRegistry } from './store/webhook-registry';

export interface BffDeps {
  svc: SvcUpstream;
  sessions: SessionStore;
  /** The audit timeline every mutating operation is recorded in (see audit.ts). */
  audit: AuditLog;
  /** Outgoing-webhook endpoints and their deliveries (see webhooks/). */
  webhooks: WebhookRegistry;
  /** Bulk runs, kept so that they outlive the process running them (see bulk/). */
  bulkRuns: BulkRunStore;
  serverInfo: ServerInfoCache;
  /** One upstream event queue per session, fanned out to its tabs over SSE. */
  hub: EventHub;
  /** The signed-in user's role and liveness as the chat server says now (console-owned admin routes). */
  currentUser: CurrentUserCheck;
  /** The proxy dashboard client (holds its API key); absent when no dashboard is configured. */
  proxy?: ProxyUpstream | null;
  /** Demo mode only: the seeded sign-ins shown on the sign-in page. */
  demo: { accounts: { email: string; role: number; fullName: string }[]; password: string } | null;
  /**
   * Demo mode only: the embedded simulator's outgoing-webhook bots, so that one click can point one at the
   * console (`POST /bff/webhooks/demo-connect`). Absent in front of a real server.
   */
  demoWebhooks?: DemoWebhooks | null;
  now: () => number;
  log: (level: 'info' | 'warn' | 'error', line: string) => void;
}

export interface DemoWebhooks {
  /** The bot's token, as its configuration file would show it. Throws for an unknown bot. */
  token(botEmail: string): string;
  /** Where the simulator sends the bot's notifications from now on. */
  pointAt(botEmail: string, url: string): void;
}

export interface AppEnv {
  Variables: {
    session: Session;
    /** Whether the request's X-Request-Id came from our own proxy (TRUST_PROXY), see audit.ts. */
    trustRequestId: boolean;
  };
}
