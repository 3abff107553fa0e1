import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../../sim/svc';
import { SignInThrottle } from '../sign-in-throttle';
import { closeHarnesses, consoleRequest, setupHarness, signInResponse } from './harness';

afterEach(async () => {
  vi.restoreAllMocks();
  await closeHarnesses();
});

describe('SignInThrottle (unit)', () => {
  const options = {
    pair: { free: 2, lockAt: 5 },
    client: { free: 4, lockAt: 10 },
    account: { free: 6 },
    windowMs: 60_000,
    lockMs: 10_000,
    maxLockMs: 40_000,
    delayMs: 100,
    maxDelayMs: 400,
    accountMaxDelayMs: 1_000,
  };

  it('answers a pair’s free failures at once, then slows down (doubling, capped), then locks that pair only', () => {
    let now = 0;
    const t = new SignInThrottle({ ...options, now: () => now });
    const delays = [1, 2, 3, 4].map(() => t.failure('a@x.test', '1.1.1.1'));
    expect(delays).toEqual([0, 0, 100, 200]);
    expect(t.check('a@x.test', '1.1.1.1')).toEqual({ ok: true });
    t.failure('a@x.test', '1.1.1.1');
    expect(t.check('a@x.test', '1.1.1.1')).toEqual({ ok: false, retryAfterSeconds: 10 });
    // The same account from elsewhere is not locked (its owner gets in); nor another account from this client.
    expect(t.check('a@x.test', '2.2.2.2').ok).toBe(true);
    expect(t.check('b@x.test', '1.1.1.1').ok).toBe(true);
    now += 10_001;
    expect(t.check('a@x.test', '1.1.1.1').ok).toBe(true);
    // A further failure after the lock doubles it.
    t.failure('a@x.test', '1.1.1.1');
    expect(t.check('a@x.test', '1.1.1.1')).toEqual({ ok: false, retryAfterSeconds: 20 });
  });

  it('normalizes the account in the pair (case, spaces, Unicode compatibility forms)', () => {
    const t = new SignInThrottle({ ...options, now: () => 0 });
    for (const email of ['A@X.test', ' a@x.test ', 'ａ@x.test', 'a@X.TEST', 'a@x.test']) t.failure(email, '9.9.9.9');
    expect(t.check('a@x.test', '9.9.9.9').ok).toBe(false);
  });

  it('locks a client that sprays many accounts', () => {
    const t = new SignInThrottle({ ...options, now: () => 0 });
    for (let i = 0; i < 10; i++) t.failure(`user${i}@x.test`, '6.6.6.6');
    expect(t.check('someone-new@x.test', '6.6.6.6').ok).toBe(false);
    expect(t.check('someone-new@x.test', '7.7.7.7').ok).toBe(true);
  });

  it('an account failed from any number of clients is slowed (progressively, capped), never locked', () => {
    const t = new SignInThrottle({ ...options, now: () => 0 });
    // Each guess from a fresh address: no pair or client limit is ever reached.
    const delays = Array.from({ length: 12 }, (_, i) => t.failure('victim@x.test', `10.0.0.${i}`));
    expect(delays).toEqual([0, 0, 0, 0, 0, 0, 100, 200, 400, 800, 1_000, 1_000]);
    // Nobody is refused: not a fresh client, not even the ones that failed once.
    expect(t.check('victim@x.test', '192.0.2.1')).toEqual({ ok: true });
    expect(t.check('victim@x.test', '10.0.0.3')).toEqual({ ok: true });
  });

  it('forgets failures after the window, clears a pair on success (not its client), and bounds its memory', () => {
    let now = 0;
    const t = new SignInThrottle({ ...options, now: () => now, maxKeys: 100 });
    for (let i = 0; i < 4; i++) t.failure('a@x.test', '1.1.1.1');
    t.success('a@x.test', '1.1.1.1');
    expect(t.failure('a@x.test', '1.1.1.1')).toBe(100); // the client's own count goes on (5th failure)
    now += 60_001;
    expect(t.failure('a@x.test', '1.1.1.1')).toBe(0);
    for (let i = 0; i < 1000; i++) t.failure(`${i}@x.test`, `10.0.${i >> 8}.${i & 255}`);
    expect(t.size()).toBeLessThanOrEqual(100);
  });
});

describe('sign-in throttling through the BFF', () => {
  const env = { SIGN_IN_PAIR_LOCK_AFTER: '6', SIGN_IN_CLIENT_LOCK_AFTER: '12', SIGN_IN_DELAY_MS: '150' };

  async function attempt(h: ReturnType<typeof setupHarness>, email: string, password: string, ip?: string) {
    const started = performance.now();
    const res = await signInResponse(h, email, password, ip ? { 'x-forwarded-for': `203.0.113.9, ${ip}` } : {});
    return { status: res.status, ms: performance.now() - started, res };
  }

  it('slows one client’s repeated failures at one account, then answers it 429 with Retry-After without asking the server', async () => {
    const h = setupHarness({ env });
    // The hold-back each failure is given, read from the throttle rather than from a clock (which a busy
    // machine slows down).
    const holdBack = vi.spyOn(SignInThrottle.prototype, 'failure');
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await attempt(h, 'member@demo.test', 'wrong'));
    expect(results.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401]);
    // Free failures are fast; the ones past half the limit are held back (150, 300 ms).
    expect(holdBack.mock.results[1]).toEqual({ type: 'return', value: 0 });
    expect(results[3]!.ms).toBeGreaterThanOrEqual(145);
    expect(results[4]!.ms).toBeGreaterThanOrEqual(295);
    const calls = h.apiCalls().length;
    const locked = await attempt(h, 'member@demo.test', DEMO_PASSWORD);
    expect(locked.status).toBe(429);
    expect(Number(locked.res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await locked.res.json()).toMatchObject({ result: 'error', code: 'RATE_LIMIT_HIT' });
    // Refused before anything reached the chat server (no password check, no oracle).
    expect(h.apiCalls().length).toBe(calls);
    // Another account from the same client still signs in.
    expect((await attempt(h, 'guest@demo.test', DEMO_PASSWORD)).status).toBe(200);
  });

  it('cannot be aimed at a user: failures from one address lock that address out of the account, not its owner', async () => {
    const h = setupHarness({ env: { ...env, SIGN_IN_DELAY_MS: '1', TRUST_PROXY: 'true' } });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await attempt(h, 'member@demo.test', 'wrong', '203.0.113.66')).status);
    expect(statuses.slice(0, 6)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(statuses.slice(6)).toEqual([429, 429, 429, 429, 429, 429]);
    // The owner, from their own address: in at once, first time.
    expect((await attempt(h, 'member@demo.test', DEMO_PASSWORD, '198.51.100.1')).status).toBe(200);
  });

  it('failures spread over many addresses slow that account’s failed answers; the owner still gets in at once', async () => {
    const h = setupHarness({
      env: {
        ...env,
        SIGN_IN_DELAY_MS: '1',
        SIGN_IN_ACCOUNT_SLOW_AFTER: '5',
        SIGN_IN_ACCOUNT_MAX_DELAY_MS: '64',
        TRUST_PROXY: 'true',
      },
    });
    const holdBack = vi.spyOn(SignInThrottle.prototype, 'failure');
    // 40 wrong passwords, each from a fresh address (a botnet): no address reaches its own limits.
    for (let i = 0; i < 40; i++) {
      expect((await attempt(h, 'member@demo.test', 'wrong', `10.1.${i >> 8}.${i & 255}`)).status).toBe(401);
    }
    const delays = holdBack.mock.results.map((r) => r.value as number);
    expect(delays.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    // Past the ceiling every failed answer is held back, more and more (SIGN_IN_DELAY_MS doubling, capped).
    expect(delays.slice(5, 9)).toEqual([1, 2, 4, 8]);
    expect(delays.at(-1)).toBe(64);
    // The owner, from an address that has not failed: not refused and not held back (a right password).
    holdBack.mockClear();
    const owner = await attempt(h, 'member@demo.test', DEMO_PASSWORD, '198.51.100.2');
    expect(owner.status).toBe(200);
    expect(holdBack).not.toHaveBeenCalled();
  });

  it('says once in the log when sign-ins come through a proxy it does not trust', async () => {
    const h = setupHarness({ env });
    await attempt(h, 'member@demo.test', 'wrong', '192.0.2.7');
    await attempt(h, 'member@demo.test', 'wrong', '192.0.2.8');
    expect(h.logs.filter((l) => l.includes('TRUST_PROXY is false'))).toHaveLength(1);
    const trusted = setupHarness({ env: { ...env, TRUST_PROXY: 'true' } });
    await attempt(trusted, 'member@demo.test', 'wrong', '192.0.2.7');
    expect(trusted.logs.some((l) => l.includes('TRUST_PROXY'))).toBe(false);
  });

  it('a success clears that client’s failures at that account, not the client’s own count', async () => {
    const h = setupHarness({ env: { ...env, SIGN_IN_DELAY_MS: '1', TRUST_PROXY: 'true' } });
    const ip = '192.0.2.30';
    for (let i = 0; i < 5; i++) expect((await attempt(h, 'member@demo.test', 'wrong', ip)).status).toBe(401);
    expect((await attempt(h, 'member@demo.test', DEMO_PASSWORD, ip)).status).toBe(200);
    // Five more failures at the account from that client do not lock it: the pair's counter started again.
    for (let i = 0; i < 5; i++) expect((await attempt(h, 'member@demo.test', 'wrong', ip)).status).toBe(401);
    expect((await attempt(h, 'member@demo.test', DEMO_PASSWORD, ip)).status).toBe(200);
    // The client's own count went on: its 12th failure (anywhere) locks it.
    expect((await attempt(h, 'guest@demo.test', 'wrong', ip)).status).toBe(401);
    expect((await attempt(h, 'guest@demo.test', 'wrong', ip)).status).toBe(401);
    expect((await attempt(h, 'admin@demo.test', DEMO_PASSWORD, ip)).status).toBe(429);
  });

  it('a client cannot reset its own counter by signing in to an account it knows between guesses', async () => {
    const h = setupHarness({ env: { ...env, SIGN_IN_DELAY_MS: '1', TRUST_PROXY: 'true' } });
    const ip = '198.51.100.20';
    // The attack: a few wrong passwords spread over many accounts, then a sign-in with a known password.
    const statuses: number[] = [];
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 3; i++)
        statuses.push((await attempt(h, `victim${round}-${i}@demo.test`, 'wrong', ip)).status);
      statuses.push((await attempt(h, 'guest@demo.test', DEMO_PASSWORD, ip)).status);
    }
    // The client limit (12 failures) holds across the successes: the 13th try on is locked.
    expect(statuses.filter((s) => s === 401)).toHaveLength(12);
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
  });

  it('throttles one client spraying accounts; with TRUST_PROXY the last X-Forwarded-For hop is the client', async () => {
    const h = setupHarness({ env: { ...env, TRUST_PROXY: 'true' } });
    for (let i = 0; i < 12; i++) {
      expect((await attempt(h, `nobody${i}@demo.test`, 'wrong', '198.51.100.7')).status).toBe(401);
    }
    expect((await attempt(h, 'member@demo.test', DEMO_PASSWORD, '198.51.100.7')).status).toBe(429);
    // A spoofed first hop does not escape it; a different client (last hop) is not affected.
    const spoofed = await signInResponse(h, 'member@demo.test', DEMO_PASSWORD, {
      'x-forwarded-for': '1.2.3.4, 198.51.100.7',
    });
    expect(spoofed.status).toBe(429);
    expect((await attempt(h, 'member@demo.test', DEMO_PASSWORD, '198.51.100.8')).status).toBe(200);
  });

  it('ignores X-Forwarded-For when the proxy is not trusted (a client cannot pick a fresh address)', async () => {
    const h = setupHarness({ env });
    for (let i = 0; i < 12; i++) {
      expect((await attempt(h, `nobody${i}@demo.test`, 'wrong', `192.0.2.${i}`)).status).toBe(401);
    }
    expect((await attempt(h, 'member@demo.test', DEMO_PASSWORD, '192.0.2.200')).status).toBe(429);
  });

  it('never throttles successful sign-ins, however many (an e2e suite signs in hundreds of times)', async () => {
    const h = setupHarness({ env });
    for (let i = 0; i < 40; i++) {
      const res = await signInResponse(h, i % 2 ? 'member@demo.test' : 'admin@demo.test');
      expect(res.status).toBe(200);
      // Sign out again so the hub does not hold 40 queues.
      const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
      await h.app.request(consoleRequest('/bff/session', cookie, { method: 'DELETE' }));
    }
  });

  it('counts neither malformed forms nor an unreachable server as failed guesses', async () => {
    const h = setupHarness({ env });
    for (let i = 0; i < 8; i++) {
      const res = await h.app.request(
        consoleRequest('/bff/session', '', {
          method: 'POST',
          body: JSON.stringify({ email: 'member@demo.test' }),
          headers: { 'content-type': 'application/json' },
        }),
      );
      expect(res.status).toBe(400);
    }
    h.sim.control.failNext(8, 503);
    for (let i = 0; i < 4; i++) expect((await attempt(h, 'member@demo.test', DEMO_PASSWORD)).status).toBe(502);
    h.sim.control.failNext(0);
    expect((await attempt(h, 'member@demo.test', DEMO_PASSWORD)).status).toBe(200);
  });
});
