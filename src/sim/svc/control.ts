import type { PushStateChange } from './push-devices';
import { RegisterHold } from './register-hold';

/**
 * How an injected failure looks: `envelope` answers the status with an error envelope; `malformed` answers
 * 200 with a truncated JSON body; `reset` drops the connection before doing anything; `lost` performs the
 * call (a mutation is applied) and then drops the connection, so the answer never arrives.
 */
export const FAILURE_MODES = ['envelope', 'malformed', 'reset', 'lost'] as const;
export type FailureMode = (typeof FAILURE_MODES)[number];

/**
 * Which API calls an injected failure applies to (all of them when empty): a busy client's background
 * calls (event long-polls, refetches) would otherwise take a failure meant for the call under test.
 */
export interface FailureMatch {
  method?: string;
  /** The API path after `/api/v1`, e.g. `/realm/filters`. */
  pathPrefix?: string;
}

/**
 * The knobs tests turn: the sim clock, added latency and injected failures. Kept apart from the store so
 * that faults never touch data.
 */
export class SimControl {
  private offsetMs = 0;
  private failuresLeft = 0;
  private failureStatus = 500;
  private failureMode: FailureMode = 'envelope';
  private failureMatch: FailureMatch = {};
  latencyMs = 0;
  readonly registerHold = new RegisterHold();

  constructor(private readonly baseClock: () => number = Date.now) {}

  now(): number {
    return this.baseClock() + this.offsetMs;
  }

  advance(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance() takes a non-negative number of ms');
    this.offsetMs += ms;
  }

  setLatency(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError('setLatency() takes a non-negative number of ms');
    this.latencyMs = ms;
  }

  failNext(count: number, status = 500, mode: FailureMode = 'envelope', match: FailureMatch = {}): void {
    if (!Number.isInteger(count) || count < 0) throw new RangeError('failNext() takes a non-negative integer');
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new RangeError('failNext() status must be an HTTP error status (400-599)');
    }
    if (!FAILURE_MODES.includes(mode))
      throw new RangeError(`failNext() mode must be one of ${FAILURE_MODES.join(', ')}`);
    this.failuresLeft = count;
    this.failureStatus = status;
    this.failureMode = mode;
    this.failureMatch = { ...match };
  }

  /**
   * Consumes one injected failure, if any is pending and this call matches its filter; returns its status
   * and mode.
   */
  takeFailure(method = '', path = ''): { status: number; mode: FailureMode } | null {
    if (this.failuresLeft <= 0) return null;
    const { method: wantedMethod, pathPrefix } = this.failureMatch;
    if (wantedMethod && wantedMethod.toUpperCase() !== method.toUpperCase()) return null;
    if (pathPrefix && !path.startsWith(pathPrefix)) return null;
    this.failuresLeft--;
    return { status: this.failureStatus, mode: this.failureMode };
  }
}

/** The simulator's control surface for tests, demo tooling and (optionally) the `/__sim` HTTP API. */
export interface SvcSimControl {
  setFeatureLevel(level: number): void;
  /**
   * The next `count` API calls answer `status` (default 500) with an error envelope, or fail as `mode` says
   * (malformed JSON, connection reset, or applied with the answer lost; see FailureMode).
   */
  failNext(count: number, status?: number, mode?: FailureMode, match?: FailureMatch): void;
  /** Added delay on every API call. */
  setLatency(ms: number): void;
  /**
   * `POST /register` calls wait before they are handled (no queue exists yet) while held; releasing lets the
   * waiting ones go on (see RegisterHold). Returns how many are waiting. Optional like `seedTopic`.
   */
  holdRegister?(hold: boolean): number;
  /** The public base URL used in realm_url, realm_icon and avatar URLs. */
  setBaseUrl(url: string): void;
  /** The simulator's clock in ms. */
  now(): number;
  /** Moves the sim clock forward; idle event queues age with it. */
  advance(ms: number): void;
  /** Every event queue becomes invalid now (pending polls answer BAD_EVENT_QUEUE_ID); returns how many. */
  expireQueues(): number;
  /** Interval after which a long-poll with nothing to deliver answers with a heartbeat event. */
  setHeartbeatSeconds(seconds: number): void;
  /** Live event queues (expired ones are not counted). */
  queueCount(): number;
  /** `GET /events` requests waiting on their queue right now (so a test knows a long-poll is in flight). */
  pendingPollCount(): number;
  /** Replaces the `ignoredParameters` option: these parameters are ignored and reported from now on. */
  setIgnoredParameters(names: readonly string[]): void;
  /**
   * Mobile push: replaces the registered devices (absent `user_id`: anyone's) and/or how the push relay
   * answers (`ok`, `admin-action-required`, `unreachable`, `bouncer-5xx`).
   */
  setPushState(change: PushStateChange): void;
  /** No push devices, a working relay, no APNs tokens. */
  resetPushState(): void;
  /**
   * Organization flags a server administrator sets outside the API (management commands): no event is sent,
   * as on a real server. `owner_full_content_access` allows full exports without consent (level 449).
   * Optional like `seedTopic`.
   */
  setRealmFlags?(flags: SimRealmFlags): void;
  /**
   * A file uploaded by the user with this delivery email, as the upload endpoint would store it; answers its ID,
   * path and the Markdown link a client puts in a message. Throws RangeError for an unknown user. Optional.
   */
  addUpload?(input: { email: string; name: string; size: number }): { id: number; path_id: string; link: string };
  /**
   * The simulated export worker: `hold` keeps new data export requests pending, `auto` makes them after the
   * usual delay, `finish` makes (or with `failed`, fails) every pending one now. Optional like `seedTopic`.
   */
  setExportWorker?(mode: 'hold' | 'auto' | 'finish' | 'fail'): void;
  /**
   * Adds `count` messages to a channel topic at once (sent now, read by the subscribers); for tests that
   * need a big topic. Throws RangeError on a bad channel, count or sender. Optional: a surface without it
   * answers the control route with an error.
   */
  seedTopic?(input: SeedTopicRequest): { first_id: number; last_id: number };
  /**
   * An outgoing-webhook bot's token, and with `url` given its URL (null or '' clears it). Throws RangeError for
   * an unknown address or a bot of another type. Optional like `seedTopic`.
   */
  setOutgoingWebhook?(input: { botEmail: string; url?: string | null }): {
    bot_id: number;
    token: string;
    url: string | null;
  };
}

export interface SimRealmFlags {
  owner_full_content_access?: boolean;
}

export interface SeedTopicRequest {
  streamId: number;
  topic: string;
  count: number;
  /** Defaults to the channel's creator. */
  senderEmail?: string;
  /** The messages' rendered HTML as given, unescaped (for tests of how clients treat hostile server HTML). */
  renderedContent?: string;
}
