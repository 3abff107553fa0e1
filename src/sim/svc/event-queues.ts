import { randomUUID } from 'node:crypto';
import { badEventQueueId } from './errors';
import { deliveredEvents, messageInNarrow, shapeEventFor, type DeliveryPreferences } from './event-routing';
import type { SimNarrowTerm } from './wire-values';
import type { HeartbeatEvent, SvcEvent } from './events';
import type { SimUser, SvcStore } from './store';

/** Stock values of a real server. */
export const DEFAULT_HEARTBEAT_SECONDS = 60;
export const DEFAULT_QUEUE_IDLE_SECONDS = 600;
export const DEFAULT_LONGPOLL_TIMEOUT_SECONDS = 90;

/** One entry of a `GET /events` answer: the payload as shaped for the queue's user, plus the queue's own, increasing `id`. */
export type QueueEvent = (SvcEvent | HeartbeatEvent) & { id: number };

export interface QueueRegistration extends DeliveryPreferences {
  /** Null: every type. */
  eventTypes: readonly string[] | null;
  slimPresence: boolean;
  includeSubscribers: boolean | 'partial';
  allPublicStreams: boolean;
  /** The register `narrow`: only messages matching it reach the queue (every other event type is unaffected). */
  narrow?: readonly SimNarrowTerm[];
}

export interface PollOptions {
  /** Acknowledges (discards) every event up to and including this ID. */
  lastEventId: number | undefined;
  dontBlock: boolean;
  /** The HTTP request's signal: a client that hangs up ends its poll. */
  signal: AbortSignal | undefined;
}

type PollOutcome = 'ready' | 'gone';

interface PendingPoll {
  /** Wall-clock start (timers run on real time, not the sim clock). */
  startedAt: number;
  heartbeat: ReturnType<typeof setTimeout> | undefined;
  finish(outcome: PollOutcome): void;
}

function checkSeconds(name: string, seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) throw new RangeError(`${name} must be a positive number of seconds`);
  return seconds;
}

export class EventQueue {
  /** Events not yet acknowledged, oldest first. */
  readonly events: QueueEvent[] = [];
  private lastId = -1;
  private readonly wanted: ReadonlySet<string> | null;
  /** Sim-clock ms of the last `GET /events` start or end (or registration). */
  lastActivityMs: number;
  poll: PendingPoll | null = null;

  constructor(
    readonly id: string,
    readonly ownerId: number,
    readonly registration: Readonly<QueueRegistration>,
    nowMs: number,
  ) {
    this.wanted = registration.eventTypes === null ? null : new Set(registration.eventTypes);
    this.lastActivityMs = nowMs;
  }

  /** The ID of the newest event this queue has produced; -1 before the first. */
  get lastEventId(): number {
    return this.lastId;
  }

  /** Heartbeats are part of the protocol and reach every queue. */
  wants(type: string): boolean {
    return this.wanted === null || type === 'heartbeat' || this.wanted.has(type);
  }

  capability(name: string): boolean {
    return this.registration.capabilities[name] === true;
  }

  push(payload: SvcEvent | HeartbeatEvent): void {
    this.events.push({ ...payload, id: ++this.lastId });
    // The waiting request reads the queue once it resumes, so events emitted together leave together.
    this.poll?.finish('ready');
  }

  acknowledge(lastEventId: number): void {
    let drop = 0;
    while (drop < this.events.length && (this.events[drop]?.id ?? Infinity) <= lastEventId) drop++;
    if (drop) this.events.splice(0, drop);
  }
}

/**
 * The server's event queues: `POST /register` creates one per client, `GET /events` long-polls it, every
 * `store.emit()` is fanned out to the queues whose user may receive it. Idle queues expire, checked on
 * every access and by an unref'd sweep timer that runs only while queues exist.
 */
export class EventQueues {
  private readonly queues = new Map<string, EventQueue>();
  private heartbeatMs: number;
  private readonly idleMs: number;
  private sweepTimer: ReturnType<typeof setInterval> | null = null;
  private closed = false;

  constructor(
    private readonly store: SvcStore,
    /** The sim clock; idle expiry follows it, so `advance()` ages queues. */
    private readonly now: () => number,
    options: { heartbeatSeconds: number; queueIdleSeconds: number },
  ) {
    this.heartbeatMs = checkSeconds('heartbeatSeconds', options.heartbeatSeconds) * 1000;
    this.idleMs = checkSeconds('queueIdleSeconds', options.queueIdleSeconds) * 1000;
    store.onEvent((event) => this.fanOut(event));
  }

  register(owner: SimUser, registration: QueueRegistration): EventQueue {
    const queue = new EventQueue(randomUUID(), owner.user_id, registration, this.now());
    this.queues.set(queue.id, queue);
    this.startSweeping();
    return queue;
  }

  /** The caller's own live queue; anything else (unknown, expired, deleted, someone else's) is a bad ID. */
  lookup(queueId: string, caller: SimUser): EventQueue {
    const queue = this.queues.get(queueId);
    if (!queue || this.expireIfIdle(queue) || queue.ownerId !== caller.user_id) throw badEventQueueId(queueId);
    return queue;
  }

  /**
   * `GET /events`: acknowledges, then answers at once when something is waiting (or `dont_block`), else
   * when the next event arrives or, failing that, with a heartbeat after the heartbeat interval.
   */
  async getEvents(queue: EventQueue, options: PollOptions): Promise<QueueEvent[]> {
    if (options.lastEventId !== undefined) queue.acknowledge(options.lastEventId);
    queue.lastActivityMs = this.now();
    if (queue.events.length === 0 && !options.dontBlock && !this.closed && !options.signal?.aborted) {
      const outcome = await this.wait(queue, options.signal);
      if (outcome === 'gone') throw badEventQueueId(queue.id);
    }
    return [...queue.events];
  }

  delete(queue: EventQueue): void {
    this.remove(queue);
  }

  /** Every queue becomes invalid now; pending polls answer BAD_EVENT_QUEUE_ID. Returns how many there were. */
  expireAll(): number {
    const count = this.queues.size;
    for (const queue of [...this.queues.values()]) this.remove(queue);
    return count;
  }

  count(): number {
    for (const queue of [...this.queues.values()]) this.expireIfIdle(queue);
    return this.queues.size;
  }

  /** Polls waiting on their queue now. */
  pendingPolls(): number {
    let waiting = 0;
    for (const queue of this.queues.values()) if (queue.poll) waiting++;
    return waiting;
  }

  /** Applies to pending polls too, counted from when each started. */
  setHeartbeatSeconds(seconds: number): void {
    this.heartbeatMs = checkSeconds('heartbeatSeconds', seconds) * 1000;
    for (const queue of this.queues.values()) {
      const poll = queue.poll;
      if (!poll) continue;
      clearTimeout(poll.heartbeat);
      poll.heartbeat = this.scheduleHeartbeat(queue, Math.max(0, poll.startedAt + this.heartbeatMs - Date.now()));
    }
  }

  /** Ends every pending poll (with what its queue holds, usually nothing) and stops all timers. */
  close(): void {
    this.closed = true;
    this.stopSweeping();
    for (const queue of this.queues.values()) queue.poll?.finish('ready');
  }

  private fanOut(event: SvcEvent): void {
    for (const queue of [...this.queues.values()]) {
      if (this.expireIfIdle(queue) || !queue.wants(event.type)) continue;
      const owner = this.store.user(queue.ownerId);
      // Deactivated users hear nothing more (their requests are refused anyway).
      if (!owner?.isActive) continue;
      const payload = shapeEventFor(this.store, event, owner, queue.registration);
      if (payload?.type === 'message' && !messageInNarrow(this.store, payload.message, queue.registration.narrow ?? []))
        continue;
      if (payload) for (const delivered of deliveredEvents(payload, queue.registration)) queue.push(delivered);
    }
  }

  private wait(queue: EventQueue, signal: AbortSignal | undefined): Promise<PollOutcome> {
    // One poll per queue, as on the server: a newer request supersedes (answers) the older one.
    queue.poll?.finish('ready');
    return new Promise<PollOutcome>((resolve) => {
      const onAbort = () => poll.finish('ready');
      const poll: PendingPoll = {
        startedAt: Date.now(),
        heartbeat: undefined,
        finish: (outcome) => {
          if (queue.poll !== poll) return;
          queue.poll = null;
          clearTimeout(poll.heartbeat);
          signal?.removeEventListener('abort', onAbort);
          queue.lastActivityMs = this.now();
          resolve(outcome);
        },
      };
      queue.poll = poll;
      poll.heartbeat = this.scheduleHeartbeat(queue, this.heartbeatMs);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private scheduleHeartbeat(queue: EventQueue, delayMs: number): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => queue.push({ type: 'heartbeat' }), delayMs);
    timer.unref?.();
    return timer;
  }

  private expireIfIdle(queue: EventQueue): boolean {
    if (queue.poll || this.now() - queue.lastActivityMs < this.idleMs) return false;
    this.remove(queue);
    return true;
  }

  private remove(queue: EventQueue): void {
    this.queues.delete(queue.id);
    queue.poll?.finish('gone');
    if (this.queues.size === 0) this.stopSweeping();
  }

  private startSweeping(): void {
    if (this.sweepTimer || this.closed) return;
    this.sweepTimer = setInterval(() => this.count(), Math.min(this.idleMs, 60_000));
    this.sweepTimer.unref?.();
  }

  private stopSweeping(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
  }
}
