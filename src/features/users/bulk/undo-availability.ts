import type { BulkRunKind, BulkRunSummary } from '../../../shared/bff/bulk';

/** The undo button of each undoable kind, in the words of what it does. */
export const UNDO_LABELS: Partial<Record<BulkRunKind, string>> = {
  deactivate: 'Reactivate this batch',
  change_role: 'Restore previous roles',
  add_channels: 'Undo: remove from those channels',
  remove_channels: 'Undo: add back to those channels',
};

export type UndoAvailability =
  | { offered: true; label: string }
  | { offered: false; reason: string; undoneBy: string | null }
  | { offered: false; reason: null; undoneBy: null };

/**
 * Whether a run's undo is offered, and when not, the sentence saying why (null: nothing worth saying, e.g. the
 * run is still going and shows its own controls). Whether the people are still as the run left them is told
 * by the undo's own preview, which plans from their current state.
 */
export function undoAvailability(run: BulkRunSummary): UndoAvailability {
  const label = UNDO_LABELS[run.kind];
  const no = (reason: string, undoneBy: string | null = null): UndoAvailability => ({
    offered: false,
    reason,
    undoneBy,
  });
  if (run.status === 'running' || run.status === 'paused') return { offered: false, reason: null, undoneBy: null };
  if (!label) return no('This run is itself an undo; to change these people again, start a bulk action from Users.');
  if (run.undoneBy) return no('Already undone by a later run.', run.undoneBy);
  if (run.counts.done + run.counts.unknown === 0) return no('Nothing to undo: this run changed nobody.');
  if (!run.mine) {
    const who = run.startedBy?.name ?? 'the administrator who started it';
    return no(`Only ${who}, who started this run, can undo it.`);
  }
  if (!run.undoable) return no('This run cannot be undone.');
  return { offered: true, label };
}
