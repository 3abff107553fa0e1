import type { ServerLimits } from '../../shared/bff/protocol';
import type { Session } from '../session-store';
import type { SvcUpstream } from '../upstreams/svc-upstream';
import { DEFAULT_BACKOFF, type BackoffPolicy } from './backoff';
import type { CloseReason, HubListener } from './messages';
import { realSchedule, SessionQueue, type OwnUserChange, type RegisterState, type Schedule } from './session-queue';

/** The parts of a session the hub needs: whose queue, and the credentials it polls with. */
export type HubSession = Pick<Session, 'id' | 'userId' | 'apiEmail' | 'apiKey'>;

export interface EventHubOptions {
  svc: SvcUpstream;
  /** A session's queue with no listener for this long is deleted upstream and dropped. */
  idleMs: number;
  /** SSE connections (tabs) per session. */
  maxConnectionsPerSession: number;
  /** SSE connections per user, all their sessions together; unlimited when absent. */
  maxConnectionsPerUser?: number;
  /** Events kept per session for Last-Event-ID replay; default 500. */
  bufferSize?: number;
  backoff?: BackoffPolicy;
  /** Added to the server's long-poll timeout; default 5 s. */
  longpollMarginMs?: number;
  /** Deadline of DELETE /events; default 5 s. */
  deleteTimeoutMs?: number;
  /** How often the idle reaper runs; default min(idleMs / 2, 30 s); null: only when reap() is called. */
  reapEveryMs?: number | null;
  now?: () => number;
  random?: () => number;
  schedule?: Schedule;
  log: (level: 'info' | 'warn' | 'error', line: string) => void;
  /**
   * How long a read waits for its session's queue registration in flight (see beforeRead); default
   * DEFAULT_READ_WAIT_MS, 0 never waits.
   */
  readWaitMs?: number;
  /** The upstream refused a session's key while polling: the session itself should end. */
  onDeadKey?: (sessionId: string, code: string) => void | Promise<void>;
  /** The session's own user changed role or was deactivated (its `realm_user` events). */
  onOwnUserChange?: (sessionId: string, change: OwnUserChange) => void | Promise<void>;
}

/**
 * A read's longest wait for a registration in flight: several times the real server's (about 80 ms with 10,000
 * people, up to 360 ms with that list read alongside, on the kit's server), short enough that a stalled
 * registration delays the page's data by no more than a second before the read goes ahead (and is read again).
 */
export const DEFAULT_READ_WAIT_MS = 1_000;

export type Subscription =
  | { status: 'ok'; unsubscribe: () => void }
  /** The session (`session`), or its user across their sessions (`user`), has the maximum number of connections. */
  | { status: 'full'; scope: 'session' | 'user' }
  /** The hub is closed (shutting down). */
  | { status: 'closed' };

export interface HubStats {
  /** Sessions with a queue in this process. */
  sessions: number;
  /** Of those, how many hold a registered upstream queue right now. */
  upstreamQueues: number;
  /** Open SSE connections. */
  connections: number;
}

/**
 * Owns one SessionQueue per signed-in session that wants live events, shared by all of that session's
 * tabs; reaps queues nobody listens to; ends them at sign-out, on a dead key, and at shutdown.
 */
export class EventHub {
  private readonly queues = new Map<string, SessionQueue>();
  /** Queues being ended, by session: a second end of the same session waits for the first. */
  private readonly ending = new Map<string, Promise<void>>();
  private readonly now: () => number;
  private readonly schedule: Schedule;
  private cancelReaper: (() => void) | null = null;
  private closed = false;

  constructor(private readonly o: EventHubOptions) {
    this.now = o.now ?? (() => Date.now());
    this.schedule = o.schedule ?? realSchedule;
    const every = o.reapEveryMs === undefined ? Math.min(o.idleMs / 2, 30_000) : o.reapEveryMs;
    if (every !== null) this.scheduleReaper(Math.max(every, 1));
  }

  /**
   * Makes sure the session has a queue (registering it if needed; concurrent callers share one
   * registration) and returns the limits the server reported at registration — null when it could not
   * register (upstream down). Never throws.
   */
  async ensure(session: HubSession): Promise<ServerLimits | null> {
    const queue = this.queueFor(session);
    return queue ? queue.ready() : null;
  }

  /**
   * Starts registering the session's queue when it has none, without waiting for it (a page can be drawn while it
   * registers), and says what a session answer reports: the limits of the latest registration (null until one
   * succeeded) and `events`, where the tab's first stream starts: `before` (the position the caller took with
   * position() before it awaited anything), or the new queue's origin when there was none then. Null when closed.
   */
  start(session: HubSession, before: string | null): { limits: ServerLimits | null; events: string } | null {
    const queue = this.queueFor(session);
    if (!queue) return null;
    queue.lastWantedAt = this.now();
    // No queue when the answer was begun: everything the one there is now sent came after that.
    return { limits: queue.knownLimits, events: before ?? queue.origin };
  }

  /** Where the session's stream stands now; null when it has no queue in this process. */
  position(sessionId: string): string | null {
    return this.queues.get(sessionId)?.position ?? null;
  }

  /**
   * The session is about to forward a read of a chat operation. While its queue's registration is in flight (a
   * sign-in, a page load after the queue was reaped), the read waits for it, up to `readWaitMs`: read after the
   * queue started, its answer misses no change the events will not bring, the tabs need not read it again, and it
   * does not compete upstream with the registration. A read that goes before (the registration slow, or failing)
   * is named when the queue registers, and the tabs read it again. A session with no queue (idle-reaped, or a
   * restarted BFF) starts registering one, as its tabs will want it.
   */
  async beforeRead(session: HubSession, operationId: string): Promise<void> {
    const queue = this.queueFor(session);
    if (!queue) return;
    await queue.registrationSettled(this.o.readWaitMs ?? DEFAULT_READ_WAIT_MS);
    queue.noteRead(operationId);
  }

  /**
   * Adds a connection of `session`: `listener` receives the current state, then the replay after
   * `lastEventId` (or a resync), synchronously, then live messages until unsubscribed or `closed`.
   */
  subscribe(session: HubSession, lastEventId: string | null, listener: HubListener): Subscription {
    if (this.closed) return { status: 'closed' };
    const existing = this.queues.get(session.id);
    if (existing && existing.listenerCount >= this.o.maxConnectionsPerSession)
      return { status: 'full', scope: 'session' };
    if (this.userConnections(session.userId) >= (this.o.maxConnectionsPerUser ?? Infinity)) {
      return { status: 'full', scope: 'user' };
    }
    const queue = this.queueFor(session)!;
    return { status: 'ok', unsubscribe: queue.subscribe(lastEventId, listener) };
  }

  /**
   * The session's register state (kept current by its events), or null when the session has no registered
   * queue right now (never asked for, upstream down, queue lost and not yet re-registered). Call ensure() first.
   */
  registerState(sessionId: string): RegisterState | null {
    return this.queues.get(sessionId)?.currentRegisterState ?? null;
  }

  /** The sessions with a queue in this process. */
  sessionIds(): string[] {
    return [...this.queues.keys()];
  }

  /** Connections the user has open now, all their sessions together. */
  userConnections(userId: number): number {
    let count = 0;
    for (const q of this.queues.values()) if (q.userId === userId) count += q.listenerCount;
    return count;
  }

  /** Connections the session has open now. */
  connections(sessionId: string): number {
    return this.queues.get(sessionId)?.listenerCount ?? 0;
  }

  /**
   * Ends the session's queue: its streams get `offline` and close; the upstream queue is deleted unless
   * `deleteUpstream` is false (a dead key cannot delete anything). Resolves when done; never throws.
   */
  async end(sessionId: string, options: { reason?: CloseReason; deleteUpstream?: boolean } = {}): Promise<void> {
    const queue = this.queues.get(sessionId);
    // Already ending (the same end heard twice: done here, and announced by the store): wait for that one.
    if (!queue) return this.ending.get(sessionId);
    this.queues.delete(sessionId);
    const done: Promise<void> = queue
      .end(options.reason ?? 'signed-out', options.deleteUpstream ?? true)
      .finally(() => {
        if (this.ending.get(sessionId) === done) this.ending.delete(sessionId);
      });
    this.ending.set(sessionId, done);
    await done;
  }

  /** Ends the queues of the sessions whose id matches (a session ended by its handle). */
  async endMatching(match: (sessionId: string) => boolean): Promise<void> {
    await Promise.all([...this.queues.keys()].filter(match).map((id) => this.end(id, { reason: 'session-ended' })));
  }

  /** Ends the queues of every session of `userId` in this process (the account was deactivated). */
  async endUser(userId: number, options: { reason?: CloseReason; deleteUpstream?: boolean } = {}): Promise<void> {
    const ids = [...this.queues].filter(([, q]) => q.userId === userId).map(([id]) => id);
    await Promise.all(ids.map((id) => this.end(id, options)));
  }

  /** Ends queues without a listener for `idleMs`; returns how many. Runs on a timer, or call it in tests. */
  async reap(): Promise<number> {
    const cutoff = this.now() - this.o.idleMs;
    const idle = [...this.queues].filter(([, q]) => q.listenerCount === 0 && q.lastWantedAt <= cutoff);
    await Promise.all(idle.map(([id]) => this.end(id, { reason: 'idle' })));
    return idle.length;
  }

  /** Stops everything: closes every stream and deletes every upstream queue. For shutdown and tests. */
  async close(): Promise<void> {
    this.closed = true;
    this.cancelReaper?.();
    this.cancelReaper = null;
    await Promise.all([...this.queues.keys()].map((id) => this.end(id, { reason: 'hub-closed' })));
  }

  stats(): HubStats {
    let upstreamQueues = 0;
    let connections = 0;
    for (const q of this.queues.values()) {
      if (q.registered) upstreamQueues++;
      connections += q.listenerCount;
    }
    return { sessions: this.queues.size, upstreamQueues, connections };
  }

  private queueFor(session: HubSession): SessionQueue | null {
    if (this.closed) return null;
    const existing = this.queues.get(session.id);
    if (existing) return existing;
    const created: SessionQueue = new SessionQueue({
      userId: session.userId,
      creds: { email: session.apiEmail, apiKey: session.apiKey },
      svc: this.o.svc,
      bufferSize: this.o.bufferSize ?? 500,
      backoff: this.o.backoff ?? DEFAULT_BACKOFF,
      longpollMarginMs: this.o.longpollMarginMs ?? 5_000,
      deleteTimeoutMs: this.o.deleteTimeoutMs ?? 5_000,
      now: this.now,
      random: this.o.random ?? Math.random,
      schedule: this.schedule,
      log: this.o.log,
      onDeadKey: (code) => {
        // Only this queue's own session: a newer queue under the same id (after an end) is not touched.
        if (this.queues.get(session.id) !== created) return;
        void this.end(session.id, { reason: 'session-ended', deleteUpstream: false });
        void Promise.resolve(this.o.onDeadKey?.(session.id, code)).catch(() => undefined);
      },
      onOwnUserChange: (change) => {
        if (this.queues.get(session.id) !== created) return;
        void Promise.resolve(this.o.onOwnUserChange?.(session.id, change)).catch(() => undefined);
      },
    });
    this.queues.set(session.id, created);
    created.start();
    return created;
  }

  private scheduleReaper(everyMs: number): void {
    this.cancelReaper = this.schedule(() => {
      void this.reap().finally(() => {
        if (!this.closed) this.scheduleReaper(everyMs);
      });
    }, everyMs);
  }
}
