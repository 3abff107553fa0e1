import type { Context } from 'hono';
import type { Config } from './config';

/**
 * Sign-in throttling: failed sign-ins (the server refused the credentials) are counted per account
 * (normalized email) and per client (IP address). Past a few free failures each further failed answer is
 * held back a little longer (slow down); past the hard limit the key is locked and sign-ins for it get
 * 429 with Retry-After before anything goes upstream. A successful sign-in clears that account's counter
 * only: the client's counter forgets failures only as they age out of the window, or an attacker who knows
 * one password could sign in with it between guesses at other accounts and never be locked. Only failures
 * count, so a client that signs in often (an e2e suite, a shared office IP) is never throttled for succeeding.
 *
 * Per process, in memory: several console replicas each keep their own counters (an attacker spread over
 * N replicas gets N times the budget), and a restart forgets them. Both are acceptable for a brake on
 * password guessing; the chat server keeps its own rate limits on /fetch_api_key behind it.
 */
export interface ThrottleLimits {
  /** Failures that are answered at once. */
  free: number;
  /** At this many failures the key is locked (429). */
  lockAt: number;
}

export interface SignInThrottleOptions {
  account: ThrottleLimits;
  client: ThrottleLimits;
  /** Failures older than this are forgotten. */
  windowMs: number;
  /** First lock length; each further failure past the lock doubles it, up to maxLockMs. */
  lockMs: number;
  maxLockMs: number;
  /** Delay added to the first failed answer past `free`; doubles per failure, capped at maxDelayMs. */
  delayMs: number;
  maxDelayMs: number;
  now?: () => number;
  /** Keys kept at most (oldest dropped first), so a flood of random emails cannot grow memory unbounded. */
  maxKeys?: number;
}

export const DEFAULT_THROTTLE: SignInThrottleOptions = {
  account: { free: 3, lockAt: 8 },
  client: { free: 10, lockAt: 30 },
  windowMs: 15 * 60_000,
  lockMs: 30_000,
  maxLockMs: 15 * 60_000,
  delayMs: 250,
  maxDelayMs: 2_000,
};

interface Entry {
  failures: number;
  lastFailure: number;
  lockedUntil: number;
}

export type ThrottleVerdict = { ok: true } | { ok: false; retryAfterSeconds: number };

export class SignInThrottle {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly maxKeys: number;

  constructor(private readonly options: SignInThrottleOptions = DEFAULT_THROTTLE) {
    this.now = options.now ?? (() => Date.now());
    this.maxKeys = options.maxKeys ?? 100_000;
  }

  static accountKey(email: string): string {
    return `account:${email.trim().normalize('NFKC').toLowerCase()}`;
  }

  static clientKey(ip: string): string {
    return `client:${ip}`;
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    if (entry.lockedUntil <= now && now - entry.lastFailure > this.options.windowMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Before trying the credentials: refused (with the seconds to wait) while either key is locked. */
  check(email: string, ip: string): ThrottleVerdict {
    const now = this.now();
    let waitMs = 0;
    for (const key of [SignInThrottle.accountKey(email), SignInThrottle.clientKey(ip)]) {
      const entry = this.live(key);
      if (entry && entry.lockedUntil > now) waitMs = Math.max(waitMs, entry.lockedUntil - now);
    }
    return waitMs > 0 ? { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) } : { ok: true };
  }

  /** Records a refused sign-in; returns how long to hold back the answer (ms). */
  failure(email: string, ip: string): number {
    const now = this.now();
    let delay = 0;
    const pairs: [string, ThrottleLimits][] = [
      [SignInThrottle.accountKey(email), this.options.account],
      [SignInThrottle.clientKey(ip), this.options.client],
    ];
    for (const [key, limits] of pairs) {
      const entry = this.live(key) ?? { failures: 0, lastFailure: now, lockedUntil: 0 };
      entry.failures++;
      entry.lastFailure = now;
      if (entry.failures >= limits.lockAt) {
        const lock = Math.min(this.options.lockMs * 2 ** (entry.failures - limits.lockAt), this.options.maxLockMs);
        entry.lockedUntil = now + lock;
      } else if (entry.failures > limits.free) {
        const d = Math.min(this.options.delayMs * 2 ** (entry.failures - limits.free - 1), this.options.maxDelayMs);
        delay = Math.max(delay, d);
      }
      // Re-insert so the map's order is least recently failed first.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    while (this.entries.size > this.maxKeys) this.entries.delete(this.entries.keys().next().value!);
    return delay;
  }

  /** A successful sign-in clears the account's counter; never the client's (see the class comment). */
  success(email: string): void {
    this.entries.delete(SignInThrottle.accountKey(email));
  }

  /** Keys currently tracked (for tests and memory checks). */
  size(): number {
    return this.entries.size;
  }
}

/**
 * The client's address: the socket's peer, or with TRUST_PROXY the last X-Forwarded-For entry (the one our
 * own reverse proxy appended; earlier entries are whatever the client sent and cannot be trusted).
 */
export function clientIp(c: Context, config: Config): string {
  if (config.trustProxy) {
    const forwarded = c.req
      .header('x-forwarded-for')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const last = forwarded?.[forwarded.length - 1];
    if (last) return last;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}
