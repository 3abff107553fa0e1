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
    account: { free: 2, lockAt: 5 },
    client: { free: 4, lockAt: 10 },
    windowMs: 60_000,
    lockMs: 10_000,
    maxLockMs: 40_000,
    delayMs: 100,
    maxDelayMs: 400,
  };

  it('answers the free failures at once, then slows down (doubling, capped), then locks', () => {
    let now = 0;
    const t = new SignInThrottle({ ...options, now: () => now });
    const delays = [1, 2, 3, 4].map(() => t.failure('a@x.test', '1.1.1.1'));
    expect(delays).toEqual([0, 0, 100, 200]);
    expect(t.check('a@x.test', '1.1.1.1')).toEqual({ ok: true });
    t.failure('a@x.test', '1.1.1.1');
    expect(t.check('a@x.test', '1.1.1.1')).toEqual({ ok: false, retryAfterSeconds: 10 });
    // The same account from elsewhere is locked too; another account from the same client is not (yet).
    expect(t.check('a@x.test', '2.2.2.2').ok).toBe(false);
    expect(t.check('b@x.test', '1.1.1.1').ok).toBe(true);
    now += 10_001;
    expect(t.check('a@x.test', '1.1.1.1').ok).toBe(true);
    // A further failure after the lock doubles it.
    t.failure('a@x.test', '1.1.1.1');
    expect(t.check('a@x.test', '1.1.1.1')).toEqual({ ok: false, retryAfterSeconds: 20 });
  });

  it('normalizes the account key (case, spaces, Unicode compatibility forms)', () => {
    const t = new SignInThrottle({ ...options, now: () => 0 });
    for (const email of ['A@X.test', ' a@x.test ', 'ａ@x.test', 'a@X.TEST', 'a@x.test'])
      t.failure(email, `ip-${email}`);
    expect(t.check('a@x.test', 'fresh-ip').ok).toBe(false);
  });

  it('locks a client that sprays many accounts', () => {
    const t = new SignInThrottle({ ...options, now: () => 0 });
    for (let i = 0; i < 10; i++) t.failure(`user${i}@x.test`, '6.6.6.6');
    expect(t.check('someone-new@x.test', '6.6.6.6').ok).toBe(false);
    expect(t.check('someone-new@x.test', '7.7.7.7').ok).toBe(true);
  });

  it('forgets failures after the window, resets on success, and bounds its memory', () => {
    let now = 0;
    const t = new SignInThrottle({ ...options, now: () => now, maxKeys: 100 });
    for (let i = 0; i < 2; i++) t.failure('a@x.test', '1.1.1.1');
    t.success('a@x.test');
    expect(t.failure('a@x.test', '2.2.2.2')).toBe(0);
    now += 60_001;
    expect(t.failure('a@x.test', '1.1.1.1')).toBe(0);
    for (let i = 0; i < 1000; i++) t.failure(`${i}@x.test`, `10.0.${i >> 8}.${i & 255}`);
    expect(t.size()).toBeLessThanOrEqual(100);
  });
});

describe('sign-in throttling through the BFF', () => {
  const env = { SIGN_IN_ACCOUNT_LOCK_AFTER: '6', SIGN_IN_CLIENT_LOCK_AFTER: '12', SIGN_IN_DELAY_MS: '150' };

  async function attempt(h: ReturnType<typeof setupHarness>, email: string, password: string, ip?: string) {
    const started = performance.now();
    const res = await signInResponse(h, email, password, ip ? { 'x-forwarded-for': `203.0.113.9, ${ip}` } : {});
    return { status: res.status, ms: performance.now() - started, res };
  }

  it('slows repeated failures for one account, then answers 429 with Retry-After without asking the server', async () => {
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

  it('a success resets the account’s counter (from any client), not the client’s', async () => {
    const h = setupHarness({ env: { ...env, SIGN_IN_DELAY_MS: '1', TRUST_PROXY: 'true' } });
    for (let i = 0; i < 5; i++) {
      expect((await attempt(h, 'member@demo.test', 'wrong', `192.0.2.${i}`)).status).toBe(401);
    }
    expect((await attempt(h, 'member@demo.test', DEMO_PASSWORD, '192.0.2.50')).status).toBe(200);
    // Five more failures for the account (from fresh clients) do not lock it: its counter started again.
    for (let i = 10; i < 15; i++) {
      expect((await attempt(h, 'member@demo.test', 'wrong', `192.0.2.${i}`)).status).toBe(401);
    }
    expect((await attempt(h, 'member@demo.test', DEMO_PASSWORD, '192.0.2.51')).status).toBe(200);
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
