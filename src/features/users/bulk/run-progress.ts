import type { BulkRunCounts } from '../../../shared/bff/bulk';

/** How far a run has got: rows no longer pending, and that as a percentage (100 for an empty run). */
export function progressOf(run: { counts: BulkRunCounts }): { finished: number; percent: number } {
  const { total, pending } = run.counts;
  const finished = total - pending;
  return { finished, percent: total === 0 ? 100 : Math.round((finished / total) * 1000) / 10 };
}
