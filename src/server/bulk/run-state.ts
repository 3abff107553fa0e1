import type { BulkRun, BulkRunCounts, BulkRunKind, BulkRunRow, BulkRunSummary, RunStatus } from '../../shared/bff/bulk';
import { bffErrorCodes } from '../../shared/svc/envelope';
import { undoKindOf, type BulkStep } from './preview';
import type { StoredBulkRun } from '../store/bulk-runs';

/** Who acts: the console session's user and the upstream credentials a run keeps using after the tab closes. */
export interface BulkCaller {
  userId: number;
  apiEmail: string;
  apiKey: string;
  fullName: string;
  role: number;
}

/**
 * How often a process renews the heartbeat of the runs it executes (a one-column write, see
 * BulkRunStore.heartbeat), so that a process that died is noticed within seconds, not minutes.
 */
export const RUN_HEARTBEAT_MS = 1_000;
/**
 * A run not finished whose heartbeat is older than this has lost its process (killed, crashed, restarted): it is
 * interrupted. Five missed beats: a slow database write or a busy event loop is not taken for a death.
 */
export const RUN_STALE_MS = 5_000;

export const RESTART_CODE = bffErrorCodes.interrupted;
export const RESTART_MSG =
  'The console restarted during the run: this request may or may not have been sent. Reading the user back could not tell.';

/** A run in memory: what the store keeps, plus what only the executing process has (queue, waits, wakers). */
export interface RunState {
  id: string;
  ownerUserId: number;
  /** Null for a run this process only read from the store (it does not execute it). */
  caller: BulkCaller | null;
  kind: BulkRunKind;
  label: string;
  status: RunStatus;
  concurrency: number;
  createdAt: number;
  finishedAt: number | null;
  rows: BulkRunRow[];
  /** Per row: the request to make; null for rows skipped at preview. */
  steps: (BulkStep | null)[];
  /** Per row: its audit entry (written before the request), so a later read-back can complete it. */
  auditIds: (number | null)[];
  queue: number[];
  paused: boolean;
  cancelled: boolean;
  rateLimitedUntil: number | null;
  rateLimitWaits: number;
  retries: Map<number, number>;
  undoOf: string | null;
  undoneBy: string | null;
  startedBy: { userId: number; name: string } | null;
  wakers: (() => void)[];
  settled: Promise<void>;
  /** A save is scheduled (row changes are written in batches). */
  saveTimer: ReturnType<typeof setTimeout> | null;
}

/** The run as the store keeps it (see run-store.ts). */
interface PersistedRun {
  v: 1;
  kind: BulkRunKind;
  label: string;
  status: RunStatus;
  concurrency: number;
  createdAt: number;
  finishedAt: number | null;
  rows: BulkRunRow[];
  steps: (BulkStep | null)[];
  auditIds: (number | null)[];
  rateLimitWaits: number;
  undoOf: string | null;
  undoneBy: string | null;
  /** Absent in runs stored before it was recorded. */
  startedBy?: { userId: number; name: string };
}

/** The run as the store keeps it. */
export function toStoredRun(run: RunState, heartbeatAt: number): StoredBulkRun {
  const state: PersistedRun = {
    v: 1,
    kind: run.kind,
    label: run.label,
    status: run.status,
    concurrency: run.concurrency,
    createdAt: run.createdAt,
    finishedAt: run.finishedAt,
    rows: run.rows,
    steps: run.steps,
    auditIds: run.auditIds,
    rateLimitWaits: run.rateLimitWaits,
    undoOf: run.undoOf,
    undoneBy: run.undoneBy,
    ...(run.startedBy ? { startedBy: run.startedBy } : {}),
  };
  return {
    id: run.id,
    ownerUserId: run.ownerUserId,
    createdAt: run.createdAt,
    heartbeatAt,
    finished: run.finishedAt !== null,
    state: state as unknown as Record<string, unknown>,
  };
}

/** A stored run as state that this process does not execute (no caller, no queue). */
export function runStateOf(stored: StoredBulkRun): RunState {
  const p = stored.state as unknown as PersistedRun;
  return {
    id: stored.id,
    ownerUserId: stored.ownerUserId,
    caller: null,
    kind: p.kind,
    label: p.label,
    status: p.status,
    concurrency: p.concurrency,
    createdAt: p.createdAt,
    finishedAt: p.finishedAt,
    rows: p.rows,
    steps: p.steps,
    auditIds: p.auditIds,
    queue: [],
    paused: p.status === 'paused',
    cancelled: false,
    rateLimitedUntil: null,
    rateLimitWaits: p.rateLimitWaits,
    retries: new Map(),
    undoOf: p.undoOf,
    undoneBy: p.undoneBy,
    startedBy: p.startedBy ?? null,
    wakers: [],
    settled: Promise.resolve(),
    saveTimer: null,
  };
}

/** Whether a stored run lost its process: not finished, and its heartbeat too old. */
export function isOrphaned(stored: StoredBulkRun, now: number): boolean {
  return !stored.finished && now - stored.heartbeatAt > RUN_STALE_MS;
}

/** Marks an orphaned run interrupted: its unfinished rows become unknown until a read-back tells. */
export function markInterrupted(run: RunState, now: number): void {
  run.status = 'interrupted';
  run.finishedAt = now;
  for (const row of run.rows) {
    if (row.status !== 'pending' && row.status !== 'running') continue;
    Object.assign(row, { status: 'unknown', code: RESTART_CODE, msg: RESTART_MSG });
  }
}

export function countsOf(run: RunState): BulkRunCounts {
  const counts: BulkRunCounts = {
    total: run.rows.length,
    pending: 0,
    done: 0,
    skipped: 0,
    failed: 0,
    cancelled: 0,
    unknown: 0,
  };
  for (const row of run.rows) {
    if (row.status === 'pending' || row.status === 'running') counts.pending++;
    else counts[row.status]++;
  }
  return counts;
}

/** The run as `viewerUserId` sees it (`mine`: they started it). */
export function summaryOf(run: RunState, viewerUserId: number): BulkRunSummary {
  const counts = countsOf(run);
  return {
    id: run.id,
    kind: run.kind,
    label: run.label,
    status: run.status,
    concurrency: run.concurrency,
    createdAt: run.createdAt,
    finishedAt: run.finishedAt,
    counts,
    rateLimitedUntil: run.rateLimitedUntil,
    rateLimitWaits: run.rateLimitWaits,
    undoOf: run.undoOf,
    undoable:
      run.finishedAt !== null &&
      undoKindOf(run.kind) !== null &&
      counts.done + counts.unknown > 0 &&
      run.undoneBy === null,
    undoneBy: run.undoneBy,
    startedBy: run.startedBy,
    mine: run.ownerUserId === viewerUserId,
  };
}

export function viewOf(run: RunState, viewerUserId: number): BulkRun {
  return { ...summaryOf(run, viewerUserId), rows: run.rows.map((r) => ({ ...r })) };
}
