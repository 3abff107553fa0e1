import type { Context } from 'hono';
import type { Config } from './config';

/**
 * Sign-in throttling that cannot be turned on a user. Failed sign-ins (the server refused the credentials) are
 * counted three ways, each in a sliding window:
 *
 * - per (account, client) pair: the guesses one client makes at one account. Past a few free failures each
 *   further failed answer is held back a little longer; at the limit that pair is locked (429 with
 *   Retry-After before anything goes upstream). Only that client is locked out of that account: its owner,
 *   signing in from anywhere else, is not.
 * - per client: one client spraying many accounts is slowed, then locked, whatever accounts it tries.
 * - per account, from every client together: a ceiling that never locks. Past it, each further failed answer
 *   for that account is held back progressively (up to `accountMaxDelayMs`), which slows guessing spread over
 *   many addresses; a right password is answered at once. So no number of failures from other clients can keep
 *   the owner out: from a client that has not failed, nothing they do is refused or delayed.
 *
 * A successful sign-in clears that pair only. The client's counter forgets failures only as they age out (or
 * an attacker who knows one password could sign in with it between guesses at other accounts and never be
 * locked), and the account's as they age out (or the owner's sign-in would hand guessers a fresh budget). Only
 * failures count, so a client that signs in often (an e2e suite, a shared office address) is never throttled
 * for succeeding.
 *
 * The client is the TCP peer, or with TRUST_PROXY the address the console's own reverse proxy forwarded (see
 * clientIp). Behind a proxy without TRUST_PROXY every user is that proxy's address: one client, whose pair and
 * client limits then everyone shares.
 *
 * Per process, in memory: several console replicas each keep their own counters (an attacker spread over N
 * replicas gets N times the budget), and a restart forgets them. Both are acceptable for a brake on password
 * guessing; the chat server keeps its own rate limits on /fetch_api_key behind it.
 */
export interface ThrottleLimits {
  /** Failures that are answered at once. */
  free: number;
  /** At this many failures the key is locked (429). */
  lockAt: number;
}

export interface SignInThrottleOptions {
  /** One account from one client. */
  pair: ThrottleLimits;
  /** One client, whatever accounts it tries. */
  client: ThrottleLimits;
  /** One account from every client: past `free` failures its failed answers are held back; never locked. */
  account: { free: number };
  /** Failures older than this are forgotten. */
  windowMs: number;
  /** First lock length; each further failure past the lock doubles it, up to maxLockMs. */
  lockMs: number;
  maxLockMs: number;
  /** Delay added to the first failed answer past `free`; doubles per failure, capped at maxDelayMs. */
  delayMs: number;
  maxDelayMs: number;
  /** The account ceiling's longest hold-back of one failed answer. */
  accountMaxDelayMs: number;
  now?: () => number;
  /** Keys kept at most (oldest dropped first), so a flood of random emails cannot grow memory unbounded. */
  maxKeys?: number;
}

export const DEFAULT_THROTTLE: SignInThrottleOptions = {
  pair: { free: 3, lockAt: 8 },
  client: { free: 10, lockAt: 30 },
  account: { free: 10 },
  windowMs: 15 * 60_000,
  lockMs: 30_000,
  maxLockMs: 15 * 60_000,
  delayMs: 250,
  maxDelayMs: 2_000,
  accountMaxDelayMs: 8_000,
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

  static account(email: string): string {
    return email.trim().normalize('NFKC').toLowerCase();
  }

  static accountKey(email: string): string {
    return `account:${SignInThrottle.account(email)}`;
  }

  static clientKey(ip: string): string {
    return `client:${ip}`;
  }

  static pairKey(email: string, ip: string): string {
    return `pair:${ip}\u0000${SignInThrottle.account(email)}`;
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

  /**
   * Before trying the credentials: refused (with the seconds to wait) while this client is locked, for this
   * account or altogether. The account's own count never refuses anyone.
   */
  check(email: string, ip: string): ThrottleVerdict {
    const now = this.now();
    let waitMs = 0;
    for (const key of [SignInThrottle.pairKey(email, ip), SignInThrottle.clientKey(ip)]) {
      const entry = this.live(key);
      if (entry && entry.lockedUntil > now) waitMs = Math.max(waitMs, entry.lockedUntil - now);
    }
    return waitMs > 0 ? { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) } : { ok: true };
  }

  /** Records a refused sign-in; returns how long to hold back the answer (ms). */
  failure(email: string, ip: string): number {
    const pair = this.count(SignInThrottle.pairKey(email, ip), this.options.pair);
    const client = this.count(SignInThrottle.clientKey(ip), this.options.client);
    const account = this.count(SignInThrottle.accountKey(email), null);
    while (this.entries.size > this.maxKeys) this.entries.delete(this.entries.keys().next().value!);
    const past = account - this.options.account.free;
    const accountDelay =
      past > 0 ? Math.min(this.options.delayMs * 2 ** (past - 1), this.options.accountMaxDelayMs) : 0;
    return Math.max(pair, client, accountDelay);
  }

  /** A successful sign-in clears this client's failures at this account; nothing else (see the class comment). */
  success(email: string, ip: string): void {
    this.entries.delete(SignInThrottle.pairKey(email, ip));
  }

  /** Keys currently tracked (for tests and memory checks). */
  size(): number {
    return this.entries.size;
  }

  /**
   * Counts one failure under `key`. With `limits`, returns the hold-back it earns (locking the key at the limit);
   * without (the account ceiling), returns the key's failure count.
   */
  private count(key: string, limits: ThrottleLimits | null): number {
    const now = this.now();
    const entry = this.live(key) ?? { failures: 0, lastFailure: now, lockedUntil: 0 };
    entry.failures++;
    entry.lastFailure = now;
    // Re-inserted so the map's order is least recently failed first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (!limits) return entry.failures;
    if (entry.failures >= limits.lockAt) {
      const lock = Math.min(this.options.lockMs * 2 ** (entry.failures - limits.lockAt), this.options.maxLockMs);
      entry.lockedUntil = now + lock;
      return 0;
    }
    if (entry.failures <= limits.free) return 0;
    return Math.min(this.options.delayMs * 2 ** (entry.failures - limits.free - 1), this.options.maxDelayMs);
  }
}

/** The throttle the console's settings describe (SIGN_IN_* variables, see config.ts). */
export function signInThrottleFor(config: Config, now: () => number): SignInThrottle {
  const { signIn } = config;
  return new SignInThrottle({
    pair: { free: Math.floor(signIn.pairLockAfter / 2), lockAt: signIn.pairLockAfter },
    client: { free: Math.floor(signIn.clientLockAfter / 2), lockAt: signIn.clientLockAfter },
    account: { free: signIn.accountSlowAfter },
    windowMs: 15 * 60_000,
    lockMs: signIn.lockMs,
    maxLockMs: Math.max(signIn.lockMs, 15 * 60_000),
    delayMs: signIn.delayMs,
    maxDelayMs: signIn.delayMs * 8,
    accountMaxDelayMs: signIn.accountMaxDelayMs,
    now,
  });
}

/**
 * Says once per process that sign-ins arrive through a proxy the console does not trust (X-Forwarded-For without
 * TRUST_PROXY): every user is then the proxy's one address, and shares its throttling.
 */
export function untrustedProxyWarning(
  config: Config,
  log: (level: 'warn', line: string) => void,
): (c: Context) => void {
  let warned = config.trustProxy;
  return (c) => {
    if (warned || !c.req.header('x-forwarded-for')) return;
    warned = true;
    log(
      'warn',
      'sign-in: requests carry X-Forwarded-For but TRUST_PROXY is false, so every user counts as the proxy’s ' +
        'address for sign-in throttling; set TRUST_PROXY=true when the console is only reachable through that proxy',
    );
  };
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
