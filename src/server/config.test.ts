import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to demo mode on loopback', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 8080, host: '127.0.0.1', svcUrl: null, sim: { svcPort: 9991, users: 300 } });
  });
  it('reads a real server and trims its trailing slash; empty strings mean unset', () => {
    expect(loadConfig({ SVC_URL: 'https://chat.example.com/', PORT: '' }).svcUrl).toBe('https://chat.example.com');
  });
  it('reads the live-events settings', () => {
    expect(loadConfig({}).events).toEqual({ idleMs: 180_000, maxPerSession: 8, maxPerUser: 24, keepaliveMs: 20_000 });
    const c = loadConfig({ EVENTS_IDLE_MINUTES: '5', SSE_MAX_PER_SESSION: '2', SSE_KEEPALIVE_SECONDS: '15' });
    expect(c.events).toEqual({ idleMs: 300_000, maxPerSession: 2, maxPerUser: 24, keepaliveMs: 15_000 });
    expect(() => loadConfig({ SSE_MAX_PER_SESSION: '0' })).toThrow(/SSE_MAX_PER_SESSION/);
  });
  it('reads the sign-in throttle: per pair and client, and the account ceiling that only slows', () => {
    expect(loadConfig({}).signIn).toEqual({
      pairLockAfter: 8,
      clientLockAfter: 30,
      accountSlowAfter: 10,
      accountMaxDelayMs: 8_000,
      lockMs: 30_000,
      delayMs: 250,
    });
    expect(loadConfig({ SIGN_IN_PAIR_LOCK_AFTER: '5' }).signIn.pairLockAfter).toBe(5);
    // The variable's earlier name still sets it.
    expect(loadConfig({ SIGN_IN_ACCOUNT_LOCK_AFTER: '6' }).signIn.pairLockAfter).toBe(6);
    const c = loadConfig({ SIGN_IN_ACCOUNT_SLOW_AFTER: '3', SIGN_IN_ACCOUNT_MAX_DELAY_MS: '500' });
    expect(c.signIn).toMatchObject({ accountSlowAfter: 3, accountMaxDelayMs: 500 });
  });
  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ SVC_URL: 'ftp://x' })).toThrow(/SVC_URL/);
    expect(() => loadConfig({ TRUST_PROXY: 'maybe' })).toThrow(/TRUST_PROXY/);
  });
});
