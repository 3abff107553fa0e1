import { randomBytes } from 'node:crypto';
import type { GroupName, ServerLimits } from '../../shared/bff/protocol';
import type { RegisteredMessage, StateMessage } from '../../shared/events/bff-stream';
import {
  CONSOLE_EVENT_TYPES,
  CONSOLE_FETCH_EVENT_TYPES,
  defaultStreamsEventSchema,
  defaultStreamsListSchema,
  realmUserEventSchema,
  realmUserSettingsDefaultsEventSchema,
  userSettingsEventSchema,
  svcEventBaseSchema,
} from '../../shared/events/svc-events';
import type { SvcEventBase } from '../../shared/events/svc-events';
import { applyRealmEvent, realmStateFromRegister, type RealmValue } from './realm-state';
import { applyGroupNameEvent, groupNamesFromRegister } from './group-names';
import { svcOps } from '../../shared/svc/catalog';
import {
  realmPlaygroundSchema,
  realmPlaygroundsEventSchema,
  type RealmPlayground,
} from '../../shared/svc/organization-data';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import { accountStateCode, isDeadKeyRefusal } from '../upstreams/dead-key';
import { UpstreamRefusal, type SvcCredentials, type SvcUpstream } from '../upstreams/svc-upstream';
import { backoffDelay, type BackoffPolicy } from './backoff';
import { limitsFromRegister } from './limits';
import {
  formatStreamId,
  parseStreamId,
  type CloseReason,
  type HubListener,
  type HubMessage,
  type ResyncReason,
} from './messages';
import { ReplayBuffer } from './replay-buffer';

/** What the server should tell the console about, and how (see POST /register's client_capabilities). */
export const CLIENT_CAPABILITIES = {
  notification_settings_null: true,
  bulk_message_deletion: true,
  user_avatar_url_field_optional: false,
  stream_typing_notifications: true,
  user_settings_object: true,
  empty_topic_name: true,
  // From level 176 real servers send realm_linkifiers events only to clients that declare this.
  linkifier_url_template: true,
} as const;

/** The documented fallback when a server does not report event_queue_longpoll_timeout_seconds. */
export const DEFAULT_LONGPOLL_SECONDS = 90;
const BAD_EVENT_QUEUE_ID = 'BAD_EVENT_QUEUE_ID';

/** Schedules `fn` after `ms`; returns a cancel function. Injected so tests control time. */
export type Schedule = (fn: () => void, ms: number) => () => void;

export const realSchedule: Schedule = (fn, ms) => {
  const handle = setTimeout(fn, ms);
  handle.unref?.();
  return () => clearTimeout(handle);
};

export interface SessionQueueOptions {
  userId: number;
  creds: SvcCredentials;
  svc: SvcUpstream;
  bufferSize: number;
  backoff: BackoffPolicy;
  /** Added to the server's long-poll timeout for the client-side deadline of GET /events. */
  longpollMarginMs: number;
  /** Deadline of the DELETE /events sent when the queue ends. */
  deleteTimeoutMs?: number;
  now: () => number;
  random: () => number;
  schedule: Schedule;
  log: (level: 'info' | 'warn' | 'error', line: string) => void;
  /** The upstream refused the user's key: the owner ends this queue (without DELETE) and the session. */
  onDeadKey: (code: string) => void;
  /** A `realm_user` event about the session's own user changed its role or deactivated it. */
  onOwnUserChange?: (change: OwnUserChange) => void;
}

/** What the console acts on when the signed-in user's own record changes upstream. */
export type OwnUserChange = { kind: 'role'; role: number } | { kind: 'deactivated' };

/**
 * The own-user change a `realm_user` event carries: `remove` (older servers) or `is_active: false` is a
 * deactivation; an integer `role` a role change. Null for anyone else and for other fields.
 */
export function ownUserChangeOf(event: SvcEventBase, userId: number): OwnUserChange | null {
  const parsed = realmUserEventSchema.safeParse(event);
  if (!parsed.success || parsed.data.person.user_id !== userId) return null;
  const { op, person } = parsed.data;
  if (op === 'remove' || person.is_active === false) return { kind: 'deactivated' };
  if (op === 'update' && typeof person.role === 'number' && Number.isInteger(person.role)) {
    return { kind: 'role', role: person.role };
  }
  return null;
}

/**
 * The parts of the register response the BFF serves itself (see state-routes.ts), kept current by the
 * queue's events. Replaced at every (re-)registration.
 */
export interface RegisterState {
  /** `realm_user_settings_defaults`; null when the server sent none. */
  readonly userSettingsDefaults: Readonly<Record<string, unknown>> | null;
  /** The signed-in user's own `user_settings`; null when the server sent none. */
  readonly userSettings: Readonly<Record<string, unknown>> | null;
  /** The organization's settings (`realm_*`, `server_*`), see realm-state.ts. */
  readonly realm: Readonly<Record<string, RealmValue>>;
  /** `realm_default_streams` as channel IDs; null when the server sent none (or nothing readable). */
  readonly defaultChannelIds: readonly number[] | null;
  /** `realm_playgrounds` (code playgrounds); null when the server sent none, unreadable ones left out. */
  readonly playgrounds: readonly RealmPlayground[] | null;
  /** The user groups' names (`realm_user_groups`, without members); null when the server sent none. */
  readonly groupNames: readonly GroupName[] | null;
}

function playgroundsOf(raw: unknown): RealmPlayground[] | null {
  if (!Array.isArray(raw)) return null;
  return raw.flatMap((p: unknown) => {
    const parsed = realmPlaygroundSchema.safeParse(p);
    return parsed.success ? [parsed.data] : [];
  });
}

function defaultChannelIdsOf(raw: unknown): number[] | null {
  const parsed = defaultStreamsListSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

type Appended =
  | { kind: 'svc'; event: SvcEventBase }
  | { kind: 'resync'; reason: ResyncReason }
  | { kind: 'registered'; registered: RegisteredMessage };
type Entry = Appended & { seq: number };

function describe(error: unknown): { code: string; msg: string } {
  if (error instanceof UpstreamRefusal) return { code: error.envelope.code, msg: error.envelope.msg };
  return { code: error instanceof Error ? error.name : 'Error', msg: 'Unexpected error while reading events.' };
}

function retryAfterMs(error: unknown): number {
  if (!(error instanceof UpstreamRefusal)) return 0;
  const value = Number(error.envelope['retry-after']);
  return Number.isFinite(value) && value > 0 ? value * 1000 : 0;
}

/**
 * One signed-in session's upstream event queue: registers it, long-polls it (acknowledging with
 * last_event_id), drops heartbeats, numbers every forwarded event in the session's own sequence and keeps
 * the last few for replay, re-registers a lost queue (then tells the tabs to resync), and backs off with
 * jitter while the upstream fails. Tabs of the session listen; the EventHub owns the instance.
 */
export class SessionQueue {
  readonly generation = randomBytes(6).toString('base64url');
  private seq = 0;
  private readonly buffer: ReplayBuffer<Entry>;
  private readonly listeners = new Set<HubListener>();
  private queueId: string | null = null;
  private lastEventId = -1;
  private longpollMs = DEFAULT_LONGPOLL_SECONDS * 1000;
  private limits: ServerLimits | null = null;
  private registerState: RegisterState | null = null;
  private state: StateMessage = { state: 'reconnecting', detail: 'Connecting to the chat server…', retryAt: null };
  /** A resync every listener gets once the (re-)registration succeeds. */
  private pendingResync: ResyncReason | null = null;
  /**
   * Chat operations the session read while no queue was registered (see noteRead): the `registered` message
   * names them, and the tabs read them again.
   */
  private readonly earlyReads = new Set<string>();
  private everRegistered = false;
  /** Pending while a registration is in flight (until its first poll is sent); ready() waits on it. */
  private registering: Promise<void> | null = null;
  private settle: (() => void) | null = null;
  private failures = 0;
  private lossStreak = 0;
  private stopped = false;
  private loop: Promise<void> | null = null;
  private pollAbort: AbortController | null = null;
  private wake: (() => void) | null = null;
  /** When the queue last had a listener (or someone asked for it); the idle reaper reads it. */
  lastWantedAt: number;

  /** Whose queue this is. */
  get userId(): number {
    return this.o.userId;
  }

  constructor(private readonly o: SessionQueueOptions) {
    this.buffer = new ReplayBuffer<Entry>(o.bufferSize);
    this.lastWantedAt = o.now();
  }

  start(): void {
    if (!this.loop) this.loop = this.run();
  }

  /** Waits for a registration in flight (shared by all callers); the limits of the latest success, or null. */
  async ready(): Promise<ServerLimits | null> {
    this.lastWantedAt = this.o.now();
    if (this.registering) await this.registering;
    return this.limits;
  }

  /**
   * Resolves once the registration in flight has settled (registered, or failed), or after `maxMs`, whichever
   * comes first; at once when none is in flight (registered already, or backing off after a failure).
   */
  registrationSettled(maxMs: number): Promise<void> {
    const registering = this.registering;
    if (!registering || maxMs <= 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const cancel = this.o.schedule(resolve, maxMs);
      void registering.then(() => {
        cancel();
        resolve();
      });
    });
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  get registered(): boolean {
    return this.queueId !== null;
  }

  /** The stream's position now: a tab starting from it is sent everything appended after this moment. */
  get position(): string {
    return formatStreamId(this.generation, this.seq);
  }

  /** The position before anything was appended: a tab starting from it is sent everything this queue has sent. */
  get origin(): string {
    return formatStreamId(this.generation, 0);
  }

  /** The limits of the latest successful registration, without waiting for one in flight. */
  get knownLimits(): ServerLimits | null {
    return this.limits;
  }

  /**
   * The session forwards a read of `operationId` upstream now. While no queue is registered, the read's answer may
   * miss a change made before the queue starts: it is noted, and named in the `registered` message.
   */
  noteRead(operationId: string): void {
    if (this.queueId === null && !this.stopped) this.earlyReads.add(operationId);
  }

  /** The register state as of the last event received; null while no queue is registered (it may be stale). */
  get currentRegisterState(): RegisterState | null {
    return this.queueId === null ? null : this.registerState;
  }

  /**
   * Delivers the current state and whatever the tab missed since `lastEventId` (or a resync when that
   * cannot be replayed) to `listener`, synchronously, then adds it for live messages.
   */
  subscribe(lastEventId: string | null, listener: HubListener): () => void {
    this.lastWantedAt = this.o.now();
    const replayed = this.replay(lastEventId);
    listener({ type: 'state', state: this.state, id: formatStreamId(this.generation, this.seq) });
    for (const message of replayed) listener(message);
    this.listeners.add(listener);
    return () => {
      if (this.listeners.delete(listener) && this.listeners.size === 0) this.lastWantedAt = this.o.now();
    };
  }

  /**
   * Ends the queue: tells the listeners (offline, then closed), stops the loop and, unless the key is
   * dead, deletes the upstream queue. Never throws.
   */
  async end(reason: CloseReason, deleteUpstream: boolean): Promise<void> {
    if (this.stopped) return this.loop ?? undefined;
    this.stopped = true;
    const detail = reason === 'hub-closed' ? 'The console server is shutting down.' : 'Live updates ended.';
    this.broadcast({ type: 'state', state: { state: 'offline', detail, retryAt: null } });
    this.broadcast({ type: 'closed', reason });
    this.listeners.clear();
    this.settleRegistration();
    this.pollAbort?.abort();
    this.wake?.();
    await this.loop;
    const queueId = this.queueId;
    this.queueId = null;
    if (!queueId || !deleteUpstream) return;
    try {
      await this.o.svc.call(svcOps.deleteQueue, { queue_id: queueId }, this.o.creds, {
        timeoutMs: this.o.deleteTimeoutMs,
      });
      this.o.log('info', `events: queue deleted user_id=${this.o.userId} (${reason})`);
    } catch (error) {
      // Gone already, or unreachable: the server collects idle queues itself.
      this.o.log('warn', `events: queue delete failed user_id=${this.o.userId} (${describe(error).code})`);
    }
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      if (this.queueId === null) await this.register();
      else await this.poll();
    }
  }

  private async register(): Promise<void> {
    this.registering = new Promise<void>((resolve) => (this.settle = resolve));
    const result = await this.o.svc
      .call(
        svcOps.registerQueue,
        {
          event_types: [...CONSOLE_EVENT_TYPES],
          fetch_event_types: [...CONSOLE_FETCH_EVENT_TYPES],
          client_capabilities: { ...CLIENT_CAPABILITIES },
        },
        this.o.creds,
      )
      .then(
        (r) => ({ ok: true as const, r }),
        (error: unknown) => ({ ok: false as const, error }),
      );
    if (!result.ok) {
      this.settleRegistration();
      return this.failed(result.error);
    }
    const r = result.r;
    if (!r.queue_id) {
      this.settleRegistration();
      return this.failed(
        new UpstreamRefusal(502, errorEnvelope(bffErrorCodes.upstreamInvalid, 'The chat server registered no queue.')),
      );
    }
    this.queueId = r.queue_id;
    this.lastEventId = r.last_event_id;
    this.longpollMs = (r.event_queue_longpoll_timeout_seconds ?? DEFAULT_LONGPOLL_SECONDS) * 1000;
    this.limits = limitsFromRegister(r);
    const defaults = r.realm_user_settings_defaults;
    this.registerState = {
      userSettingsDefaults: defaults ? { ...defaults } : null,
      userSettings: r.user_settings ? { ...r.user_settings } : null,
      realm: realmStateFromRegister(r),
      defaultChannelIds: defaultChannelIdsOf(r.realm_default_streams),
      playgrounds: playgroundsOf(r.realm_playgrounds),
      groupNames: groupNamesFromRegister(r.realm_user_groups),
    };
    this.o.log('info', `events: queue registered user_id=${this.o.userId}`);
    if (this.stopped) return this.settleRegistration(); // end() deletes it.
    // Tabs may have loaded data while no queue existed (outage, lost queue): they refetch now that events flow.
    if (this.failures > 0) this.pendingResync ??= 'registered';
    if (this.pendingResync) {
      this.append({ kind: 'resync', reason: this.pendingResync });
      this.pendingResync = null;
    }
    this.announceRegistration();
    this.setState({ state: 'live', detail: null, retryAt: null });
    // ensure() callers are released by poll(), once the first long-poll is on its way.
  }

  /**
   * The first registration (session answers given before it had no limits) and any with reads made before it
   * (they may have missed a change) are announced: the tabs take the limits and read those operations again.
   */
  private announceRegistration(): void {
    if (this.everRegistered && this.earlyReads.size === 0) return;
    this.everRegistered = true;
    const reread = [...this.earlyReads];
    this.earlyReads.clear();
    this.append({ kind: 'registered', registered: { reread, limits: this.limits } });
  }

  /** Keeps the register state current: a default setting's update replaces that one property. */
  private applyToState(event: SvcEventBase): void {
    if (event.type === 'user_group') {
      const names = this.registerState?.groupNames;
      const next = names ? applyGroupNameEvent(names, event) : null;
      if (next && this.registerState) this.registerState = { ...this.registerState, groupNames: next };
      return;
    }
    if (event.type === 'realm_playgrounds') {
      const parsed = realmPlaygroundsEventSchema.safeParse(event);
      if (parsed.success && this.registerState) {
        this.registerState = { ...this.registerState, playgrounds: parsed.data.realm_playgrounds };
      }
      return;
    }
    if (event.type === 'default_streams') {
      const parsed = defaultStreamsEventSchema.safeParse(event);
      if (parsed.success && this.registerState) {
        this.registerState = { ...this.registerState, defaultChannelIds: parsed.data.default_streams };
      }
      return;
    }
    if (event.type === 'realm') {
      const realm = this.registerState ? applyRealmEvent(this.registerState.realm, event) : null;
      if (realm && this.registerState) this.registerState = { ...this.registerState, realm };
      return;
    }
    if (event.type === 'user_settings') {
      const own = userSettingsEventSchema.safeParse(event);
      const settings = this.registerState?.userSettings;
      if (own.success && settings && this.registerState) {
        this.registerState = {
          ...this.registerState,
          userSettings: { ...settings, [own.data.property]: own.data.value },
        };
      }
      return;
    }
    if (event.type !== 'realm_user_settings_defaults') return;
    const parsed = realmUserSettingsDefaultsEventSchema.safeParse(event);
    const defaults = this.registerState?.userSettingsDefaults;
    if (!parsed.success || !defaults || !this.registerState) return;
    this.registerState = {
      ...this.registerState,
      userSettingsDefaults: { ...defaults, [parsed.data.property]: parsed.data.value },
    };
  }

  /** Releases ready() waiters. */
  private settleRegistration(): void {
    this.registering = null;
    const settle = this.settle;
    this.settle = null;
    settle?.();
  }

  private async poll(): Promise<void> {
    const controller = new AbortController();
    this.pollAbort = controller;
    const request = this.o.svc.call(
      svcOps.getEvents,
      { queue_id: this.queueId!, last_event_id: this.lastEventId },
      this.o.creds,
      { timeoutMs: this.longpollMs + this.o.longpollMarginMs, signal: controller.signal, retry: false },
    );
    // Registered and polling: whoever waits in ready() may go on (its next upstream call comes after ours).
    this.settleRegistration();
    let events: unknown[];
    try {
      events = (await request).events;
    } catch (error) {
      if (!this.stopped) await this.failed(error);
      return;
    } finally {
      this.pollAbort = null;
    }
    if (this.stopped) return;
    this.failures = 0;
    this.lossStreak = 0;
    this.setState({ state: 'live', detail: null, retryAt: null });
    for (const raw of events) {
      // The trust boundary for event payloads: anything without an integer id and a type is dropped.
      const parsed = svcEventBaseSchema.safeParse(raw);
      if (!parsed.success || parsed.data.id <= this.lastEventId) continue;
      this.lastEventId = parsed.data.id;
      // Heartbeats only prove the queue is alive; the tabs have their own keep-alive.
      if (parsed.data.type === 'heartbeat') continue;
      this.applyToState(parsed.data);
      this.append({ kind: 'svc', event: parsed.data });
      const own = ownUserChangeOf(parsed.data, this.o.userId);
      if (own) this.o.onOwnUserChange?.(own);
    }
  }

  private async failed(error: unknown): Promise<void> {
    if (this.stopped) return;
    if (isDeadKeyRefusal(error)) {
      this.o.log('warn', `events: key refused user_id=${this.o.userId} (${error.envelope.code}); ending`);
      this.o.onDeadKey(accountStateCode(error.envelope));
      return;
    }
    if (error instanceof UpstreamRefusal && error.envelope.code === BAD_EVENT_QUEUE_ID) {
      this.o.log('info', `events: queue lost user_id=${this.o.userId}; re-registering`);
      this.queueId = null;
      this.pendingResync = 'queue-lost';
      // Re-register at once; a queue that keeps vanishing right after registration gets the backoff.
      if (++this.lossStreak <= 1) return;
    }
    this.failures++;
    const delay = Math.max(backoffDelay(this.failures, this.o.backoff, this.o.random), retryAfterMs(error));
    const { code, msg } = describe(error);
    this.setState({ state: 'reconnecting', detail: msg, retryAt: this.o.now() + delay });
    this.o.log(
      'warn',
      `events: upstream failed user_id=${this.o.userId} (${code}); retry ${this.failures} in ${delay}ms`,
    );
    await new Promise<void>((resolve) => {
      const cancel = this.o.schedule(() => resolve(), delay);
      this.wake = () => {
        cancel();
        resolve();
      };
    });
    this.wake = null;
  }

  private replay(lastEventId: string | null): HubMessage[] {
    if (lastEventId === null) return [];
    const at = parseStreamId(lastEventId);
    const sameGeneration = at !== null && at.generation === this.generation;
    const entries = sameGeneration ? this.buffer.since(at.seq) : null;
    if (entries) {
      // A resync supersedes everything before it: the tab refetches anyway.
      let from = 0;
      entries.forEach((e, i) => {
        if (e.kind === 'resync') from = i;
      });
      return entries.slice(from).map((e) => this.toMessage(e));
    }
    const reason: ResyncReason = at && !sameGeneration ? 'registered' : 'gap';
    if (this.queueId === null) {
      // Refetching before events flow again could miss a change: resync once the queue is registered.
      this.pendingResync ??= reason;
      return [];
    }
    return [{ type: 'resync', id: formatStreamId(this.generation, this.seq), reason }];
  }

  private append(entry: Appended): void {
    const full: Entry = { ...entry, seq: ++this.seq };
    this.buffer.push(full);
    this.broadcast(this.toMessage(full));
  }

  private toMessage(e: Entry): HubMessage {
    const id = formatStreamId(this.generation, e.seq);
    switch (e.kind) {
      case 'svc':
        return { type: 'svc', id, event: e.event };
      case 'resync':
        return { type: 'resync', id, reason: e.reason };
      case 'registered':
        return { type: 'registered', id, registered: e.registered };
    }
  }

  private setState(next: StateMessage): void {
    const s = this.state;
    if (s.state === next.state && s.detail === next.detail && s.retryAt === next.retryAt) return;
    this.state = next;
    this.broadcast({ type: 'state', state: next });
  }

  private broadcast(message: HubMessage): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(message);
      } catch (error) {
        this.o.log('error', `events: listener failed: ${error instanceof Error ? error.name : 'Error'}`);
      }
    }
  }
}
