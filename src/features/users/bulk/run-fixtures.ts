import type { BulkPreview, BulkRun, BulkRunRow, BulkRunSummary } from '../../../shared/bff/bulk';

/** Runs as the BFF answers them, for component tests of the run panel and the Bulk runs page. */
export function runSummary(over: Partial<BulkRunSummary> = {}): BulkRunSummary {
  return {
    id: 'run-1',
    kind: 'deactivate',
    label: 'Deactivate 2 users',
    status: 'done',
    concurrency: 4,
    createdAt: Date.parse('2030-01-02T10:00:00Z'),
    finishedAt: Date.parse('2030-01-02T10:00:05Z'),
    counts: { total: 3, pending: 0, done: 2, skipped: 1, failed: 0, cancelled: 0, unknown: 0 },
    rateLimitedUntil: null,
    rateLimitWaits: 0,
    undoOf: null,
    undoable: true,
    undoneBy: null,
    startedBy: { userId: 9, name: 'Adam Admin' },
    mine: true,
    ...over,
  };
}

export function runRow(userId: number, over: Partial<BulkRunRow> = {}): BulkRunRow {
  return {
    userId,
    name: `Person ${userId}`,
    email: `person${userId}@example.org`,
    role: 400,
    status: 'done',
    reason: null,
    msg: null,
    code: null,
    previousRole: null,
    changedChannels: null,
    ...over,
  };
}

export function runOf(summary: BulkRunSummary, rows: BulkRunRow[]): BulkRun {
  return { ...summary, rows };
}

export function undoPreviewOf(run: BulkRunSummary, over: Partial<BulkPreview> = {}): BulkPreview {
  return {
    previewId: 'undo-1',
    kind: 'reactivate',
    label: 'Reactivate 0 users',
    affected: [],
    skipped: [],
    confirmation: null,
    channels: [],
    expiresAt: Date.now() + 60_000,
    undoOf: run.id,
    ...over,
  };
}
