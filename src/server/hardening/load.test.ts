import { describe, expect, it } from 'vitest';
import { runLoad } from '../../../bench/load';

/**
 * 200 concurrent simulated users through one BFF process (the real entry point, demo mode, PGlite), for 30 s:
 * sign in, browse users, open a user, list channels and topics, read messages, edit their status, sign out.
 * The five-minute variant is `npm run bench` (bench/load.ts).
 */
describe('load', () => {
  it('200 users for 30 s: zero failed requests and bounded memory', async () => {
    const report = await runLoad({ users: 200, durationMs: 30_000, thinkMs: [1_000, 3_000] });
    console.log(`load (30 s): ${JSON.stringify(report)}`);
    expect(report.failures).toEqual([]);
    expect(report.failed).toBe(0);
    // Every user signed in and made requests: about one every two seconds each.
    expect(report.requests).toBeGreaterThan(200 * 8);
    // The whole process (BFF, embedded chat and proxy simulators, PGlite) stays well under a gigabyte.
    expect(report.rssMb.peak).toBeLessThan(1_024);
  }, 180_000);
});
