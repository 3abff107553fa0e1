import { describe, expect, it } from 'vitest';
import { runSummary } from './run-fixtures';
import { undoAvailability } from './undo-availability';

describe('undoAvailability', () => {
  it('offers the undo of a finished run of mine that changed someone, in words of what it does', () => {
    expect(undoAvailability(runSummary())).toEqual({ offered: true, label: 'Reactivate this batch' });
    expect(undoAvailability(runSummary({ kind: 'change_role' }))).toMatchObject({ label: 'Restore previous roles' });
  });

  it('says why not: still going (no sentence), an undo itself, already undone, nothing changed, not mine', () => {
    expect(undoAvailability(runSummary({ status: 'running', finishedAt: null }))).toEqual({
      offered: false,
      reason: null,
      undoneBy: null,
    });
    expect(undoAvailability(runSummary({ kind: 'reactivate', undoOf: 'run-0', undoable: false }))).toMatchObject({
      reason: expect.stringContaining('itself an undo'),
    });
    expect(undoAvailability(runSummary({ undoneBy: 'run-2', undoable: false }))).toEqual({
      offered: false,
      reason: 'Already undone by a later run.',
      undoneBy: 'run-2',
    });
    const nothing = runSummary({ undoable: false });
    nothing.counts = { ...nothing.counts, done: 0, failed: 2 };
    expect(undoAvailability(nothing)).toMatchObject({ reason: 'Nothing to undo: this run changed nobody.' });
    expect(undoAvailability(runSummary({ mine: false, startedBy: { userId: 1, name: 'Olivia Owner' } }))).toMatchObject(
      { reason: 'Only Olivia Owner, who started this run, can undo it.' },
    );
  });

  it('counts rows whose outcome is unknown as possibly changed', () => {
    const unknown = runSummary();
    unknown.counts = { ...unknown.counts, done: 0, unknown: 1 };
    expect(undoAvailability(unknown).offered).toBe(true);
  });
});
