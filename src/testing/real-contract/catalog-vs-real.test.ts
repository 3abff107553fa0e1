import { describe, expect, it } from 'vitest';
import { svcOps, type SvcOpId } from '../../shared/svc/catalog';
import { errorEnvelopeSchema } from '../../shared/svc/envelope';
import { OFFICIAL_CLIENT_OPS } from './official-client-recipes';
import { readRecordedAnswers } from './real-answers';

const recorded = readRecordedAnswers();

/**
 * The console's catalog reads every answer a real Zulip server gave (scripts/record-real.ts) as it is: success
 * answers pass the operation's response schema whole (no record left out), refusals are the error envelope.
 */
describe(`the catalog against answers recorded from Zulip ${recorded.server.version} (level ${recorded.server.featureLevel})`, () => {
  // Calls only the official clients make are held against the simulator (sim-vs-real), not the catalog.
  const consoleAnswers = recorded.answers.filter((a) => !OFFICIAL_CLIENT_OPS.has(a.op));
  it.each(consoleAnswers.map((a) => [a.name, a] as const))('%s', (_name, answer) => {
    const op = svcOps[answer.op as SvcOpId];
    expect(op, `operation ${answer.op} is in the catalog`).toBeDefined();
    if (answer.status === 200) {
      const checked = op.response.safeParse(answer.body);
      expect(checked.success ? [] : checked.error.issues.slice(0, 3)).toEqual([]);
    } else {
      expect(errorEnvelopeSchema.safeParse(answer.body).success).toBe(true);
    }
  });

  it('names official-client operations only where the catalog has none', () => {
    expect([...OFFICIAL_CLIENT_OPS].filter((id) => id in svcOps)).toEqual([]);
  });

  it('covers every operation the browser may call that reads', () => {
    const covered = new Set(recorded.answers.map((a) => a.op));
    const reads = Object.values(svcOps).filter(
      (op) => op.method === 'GET' && op.exposure === 'browser' && (op.minLevel ?? 0) <= recorded.server.featureLevel,
    );
    const missing = reads.map((op) => op.id).filter((id) => !covered.has(id));
    // Reads that need data a fresh organization lacks, recorded as the catalog grows.
    expect(
      missing.filter(
        (id) =>
          !['getUserGroupSubgroups', 'isUserGroupMember', 'getUserPresence', 'getMessagesMatchesNarrow'].includes(id),
      ),
    ).toEqual([]);
  });
});
