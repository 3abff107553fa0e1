import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEarlyReads } from './early-reads';
import { UpstreamRefusal } from './svc-upstream';
import { errorEnvelope } from '../shared/svc/envelope';

const answer = (text: string) => ({ status: 200, text, bytes: new TextEncoder().encode(text) });
const URL_A = '/bff/svc/users?x=1';

afterEach(() => {
  vi.useRealTimers();
});

describe('createEarlyReads', () => {
  it('gives a started read to the first request of the same session and URL, once', async () => {
    const early = createEarlyReads();
    const read = vi.fn(async () => answer('{"a":1}'));
    early.start('s1', URL_A, read);
    expect(read).toHaveBeenCalledTimes(1);
    expect(early.take('s2', URL_A)).toBeNull();
    expect(early.take('s1', '/bff/svc/users?x=2')).toBeNull();
    expect((await early.take('s1', URL_A))?.text).toBe('{"a":1}');
    expect(early.take('s1', URL_A)).toBeNull();
    expect(early.size).toBe(0);
  });

  it('does not start a second read while one waits, nor more than its limit', () => {
    const early = createEarlyReads({ maxWaiting: 2 });
    const read = vi.fn(async () => answer('{}'));
    early.start('s1', URL_A, read);
    early.start('s1', URL_A, read);
    early.start('s2', URL_A, read);
    early.start('s3', URL_A, read);
    expect(read).toHaveBeenCalledTimes(2);
    expect(early.size).toBe(2);
  });

  it('drops a read nobody takes in time', async () => {
    vi.useFakeTimers();
    const early = createEarlyReads({ ttlMs: 1_000 });
    early.start('s1', URL_A, async () => answer('{}'));
    await vi.advanceTimersByTimeAsync(999);
    expect(early.size).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(early.size).toBe(0);
    expect(early.take('s1', URL_A)).toBeNull();
  });

  it('hands a failure to the taker, and an untaken failure is not an unhandled rejection', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const early = createEarlyReads();
      const refusal = new UpstreamRefusal(502, errorEnvelope('UPSTREAM_UNAVAILABLE', 'down'));
      early.start('s1', URL_A, async () => Promise.reject(refusal));
      early.start('s2', URL_A, async () => Promise.reject(refusal));
      await expect(early.take('s1', URL_A)).rejects.toBe(refusal);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
