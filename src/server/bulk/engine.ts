import { randomUUID } from 'node:crypto';
import {
  BULK_PREVIEW_TTL_MS,
  confirmationMatches,
  confirmationPhrase,
  type BulkAction,
  type BulkPreview,
  type BulkRun,
  type BulkRunCounts,
  type BulkRunKind,
  type BulkRunRow,
  type BulkRunSummary,
  type RunStatus,
} from '../../shared/bff/bulk';
import { svcOps } from '../../shared/svc/catalog';
import { isAdminRole, roleLabel } from '../../shared/svc/roles';
import type { AuditActor } from '../../shared/bff/audit';
import type { AuditLog, AuditResult } from '../store/audit-log';
import type { SvcCredentials, SvcUpstream } from '../upstreams/svc-upstream';
import { UpstreamRefusal } from '../upstreams/svc-upstream';
import { INTERNAL_ERROR_RESULT, redactParams } from '../audit';
import { describeErrorForLog } from '../log-line';
import { isDeadKeyRefusal } from '../upstreams/dead-key';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import {
  auditResultOfReadBack,
  mayHaveReachedServer,
  NOT_APPLIED,
  readBackUser,
  type ExpectedUserState,
} from '../upstreams/read-back';
import { planAction, planUndo, undoKindOf, type BulkStep, type PlannedPreview, type SnapshotUser } from './preview';
import { MemoryBulkRunStore, type BulkRunStore, type StoredBulkRun } from './run-store';

/** Who acts: the console session's user and the upstream credentials a run keeps using after the tab closes. */
export interface BulkCaller {
  userId: number;
  apiEmail: string;
  apiKey: string;
  fullName: string;
  role: number;
}

export class BulkError extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 410,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'BulkError';
  }
}

export interface BulkEngineOptions {
  svc: SvcUpstream;
  /** Every row's request is an audit entry (written before it goes upstream), linked by the run id. */
  audit: AuditLog | null;
  /** Requests in flight per run. */
  concurrency: number;
  now?: () => number;
  /** Waits `ms` (tests pass a recording one); resolves early when `wake` fires. */
  sleep?: (ms: number, wake: Promise<void>) => Promise<void>;
  log?: (level: 'info' | 'warn' | 'error', line: string) => void;
  /** Finished runs kept per console user (the oldest finished ones are forgotten). */
  keepRunsPerUser?: number;
  /** A row answered 429 more often than this fails (with the server's msg). */
  maxRateLimitRetries?: number;
  /** Where runs are kept so that they outlive this process; in memory unless the app passes the SQL store. */
  store?: BulkRunStore;
}

/** How often a process renews the heartbeat of the runs it executes. */
export const RUN_HEARTBEAT_MS = 10_000;
/** A run not finished whose heartbeat is older than this has lost its process (a restart): it is interrupted. */
export const RUN_STALE_MS = 45_000;
/** Row changes are written at most this often (and at once when the run starts, pauses, ends). */
const SAVE_EVERY_MS = 250;

const RESTART_CODE = bffErrorCodes.interrupted;
const RESTART_MSG =
  'The console restarted during the run: this request may or may not have been sent. Reading the user back could not tell.';

interface StoredPreview {
  preview: BulkPreview;
  ownerUserId: number;
  plan: PlannedPreview;
}

interface RunState {
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
}

type StepOutcome =
  | { kind: 'done'; previousRole?: number; changedChannels?: string[]; role?: number }
  | { kind: 'failed'; code: string; msg: string }
  | { kind: 'unknown'; code: string; msg: string }
  | { kind: 'retry'; afterMs: number; code: string; msg: string }
  | { kind: 'fatal'; code: string; msg: string };

const defaultSleep = (ms: number, wake: Promise<void>) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void wake.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/** The seconds a 429 asks to wait: the envelope's `retry-after` (the header's twin), else 1. */
function retryAfterMs(error: UpstreamRefusal): number {
  const raw = (error.envelope as Record<string, unknown>)['retry-after'];
  const seconds = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 300) * 1000 : 1000;
}

function plural(count: number): string {
  return `${count} ${count === 1 ? 'user' : 'users'}`;
}

function labelOf(kind: BulkRunKind, count: number, action: BulkAction | null, channels: readonly string[]): string {
  const list = channels.map((c) => `#${c}`).join(', ');
  switch (kind) {
    case 'deactivate':
      return `Deactivate ${plural(count)}`;
    case 'change_role':
      return `Change the role of ${plural(count)} to ${action?.kind === 'change_role' ? roleLabel(action.role) : '?'}`;
    case 'add_channels':
      return `Add ${plural(count)} to ${list}`;
    case 'remove_channels':
      return `Remove ${plural(count)} from ${list}`;
    case 'reactivate':
      return `Reactivate ${plural(count)}`;
    case 'restore_roles':
      return `Restore the previous roles of ${plural(count)}`;
    case 'undo_add_channels':
      return `Remove ${plural(count)} from the channels they were added to`;
    case 'undo_remove_channels':
      return `Add ${plural(count)} back to the channels they were removed from`;
  }
}

/**
 * Bulk runs: a run goes on when the tab closes (the page reattaches by run id), with at most `concurrency`
 * requests in flight, pauses and cancels between requests, waits out 429 answers (Retry-After) instead of
 * failing rows, and records each row's outcome with the server's msg. A row whose answer was lost is read
 * back before it is called anything ("unknown" when even that cannot tell). Runs are kept in the store
 * (SQL in the running console), so they are listed after a restart; one whose process stopped is shown as
 * interrupted, its unfinished rows unknown until the owner's next look reads those users back.
 */
export class BulkEngine {
  private readonly previews = new Map<string, StoredPreview>();
  /** The runs this process executes (and finished ones it has seen), by id. */
  private readonly runs = new Map<string, RunState>();
  private readonly now: () => number;
  private readonly sleep: NonNullable<BulkEngineOptions['sleep']>;
  private readonly log: NonNullable<BulkEngineOptions['log']>;
  private readonly store: BulkRunStore;
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: BulkEngineOptions) {
    this.now = options.now ?? (() => Date.now());
    this.sleep = options.sleep ?? defaultSleep;
    this.log = options.log ?? (() => undefined);
    this.store = options.store ?? new MemoryBulkRunStore();
  }

  private creds(caller: BulkCaller): SvcCredentials {
    return { email: caller.apiEmail, apiKey: caller.apiKey };
  }

  /** The caller's role as the chat server says now (not as at sign-in), and every user. */
  private async snapshot(caller: BulkCaller) {
    const creds = this.creds(caller);
    const [me, users] = await Promise.all([
      this.options.svc.call(svcOps.getOwnUser, {}, creds),
      this.options.svc.call(svcOps.getUsers, { client_gravatar: true }, creds),
    ]);
    if (!isAdminRole(me.role)) {
      throw new BulkError(403, bffErrorCodes.bulkForbidden, 'Only organization administrators can run bulk actions.');
    }
    const byId = new Map<number, SnapshotUser>(users.members.map((u) => [u.user_id, u] as const));
    return { actor: { userId: me.user_id, role: me.role }, users: byId };
  }

  private async channelSubscribers(caller: BulkCaller, channelIds: readonly number[]) {
    const creds = this.creds(caller);
    const { streams } = await this.options.svc.call(svcOps.getStreams, { include_all: true }, creds);
    const subscribers = new Map<string, Set<number>>();
    for (const id of channelIds) {
      const channel = streams.find((s) => s.stream_id === id);
      if (!channel)
        throw new BulkError(400, bffErrorCodes.bulkInvalid, `Channel ${id} does not exist or you cannot see it.`);
      const { subscribers: ids } = await this.options.svc.call(svcOps.getChannelSubscribers, { stream_id: id }, creds);
      subscribers.set(channel.name, new Set(ids));
    }
    return subscribers;
  }

  private storePreview(
    caller: BulkCaller,
    plan: PlannedPreview,
    action: BulkAction | null,
    channels: string[],
    undoOf: string | null,
  ): BulkPreview {
    this.sweepPreviews();
    const count = plan.affected.length;
    const preview: BulkPreview = {
      previewId: randomUUID(),
      kind: plan.kind,
      label: labelOf(plan.kind, count, action, channels),
      affected: plan.affected.map((r) => r.user),
      skipped: plan.skipped,
      confirmation: count > 0 ? confirmationPhrase(plan.kind, count) : null,
      channels,
      expiresAt: this.now() + BULK_PREVIEW_TTL_MS,
      undoOf,
    };
    this.previews.set(preview.previewId, { preview, ownerUserId: caller.userId, plan });
    return preview;
  }

  private sweepPreviews(): void {
    const now = this.now();
    for (const [id, p] of this.previews) if (p.preview.expiresAt < now) this.previews.delete(id);
  }

  async preview(caller: BulkCaller, action: BulkAction, userIds: readonly number[]): Promise<BulkPreview> {
    const ctx = await this.snapshot(caller);
    const channelAction = action.kind === 'add_channels' || action.kind === 'remove_channels';
    const subscribers = channelAction ? await this.channelSubscribers(caller, action.channelIds) : undefined;
    const plan = planAction({ ...ctx, ...(subscribers ? { subscribers } : {}) }, action, userIds);
    return this.storePreview(caller, plan, action, subscribers ? [...subscribers.keys()] : [], null);
  }

  async undoPreview(caller: BulkCaller, runId: string): Promise<BulkPreview> {
    const run = await this.ownRun(caller.userId, runId);
    if (run.finishedAt === null) {
      throw new BulkError(
        409,
        bffErrorCodes.bulkRunActive,
        'Wait until the run has finished (or cancel it) before undoing it.',
      );
    }
    if (!undoKindOf(run.kind)) throw new BulkError(400, bffErrorCodes.bulkNotUndoable, 'This run cannot be undone.');
    if (run.undoneBy) throw new BulkError(409, bffErrorCodes.bulkAlreadyUndone, 'This run has already been undone.');
    await this.reconcile(run, caller);
    const ctx = await this.snapshot(caller);
    // Planned from the users as they are now: rows whose outcome is unknown are included, and each is undone
    // only where the change is actually there (planUndo checks every user's current state).
    const rows = run.rows.map((row, i) => {
      const step = run.steps[i];
      if (row.status !== 'unknown') return row;
      return step?.op === 'set_role'
        ? { ...row, status: 'done' as const, previousRole: step.previousRole, role: step.role }
        : { ...row, status: 'done' as const };
    });
    const plan = planUndo(ctx, run.kind, rows)!;
    return this.storePreview(caller, plan, null, [], run.id);
  }

  /** Starts the previewed run; destructive kinds need the typed confirmation the preview named. */
  async start(caller: BulkCaller, previewId: string, confirmation: string | undefined): Promise<BulkRun> {
    this.sweepPreviews();
    const stored = this.previews.get(previewId);
    if (!stored || stored.ownerUserId !== caller.userId) {
      throw new BulkError(
        410,
        bffErrorCodes.bulkPreviewExpired,
        'This preview has expired or was already used. Preview again.',
      );
    }
    const { preview, plan } = stored;
    if (preview.confirmation !== null && !confirmationMatches(preview.confirmation, confirmation)) {
      throw new BulkError(400, bffErrorCodes.bulkConfirmationMismatch, `Type “${preview.confirmation}” to confirm.`);
    }
    let undone: RunState | null = null;
    if (preview.undoOf) {
      undone = await this.ownRun(caller.userId, preview.undoOf);
      if (undone.undoneBy)
        throw new BulkError(409, bffErrorCodes.bulkAlreadyUndone, 'This run has already been undone.');
    }
    if (!this.previews.delete(previewId)) {
      throw new BulkError(
        410,
        bffErrorCodes.bulkPreviewExpired,
        'This preview has expired or was already used. Preview again.',
      );
    }

    const rows: BulkRunRow[] = [];
    const steps: (BulkStep | null)[] = [];
    for (const { user, step } of plan.affected) {
      rows.push({
        ...user,
        status: 'pending',
        reason: null,
        msg: null,
        code: null,
        previousRole: null,
        changedChannels: null,
      });
      steps.push(step);
    }
    for (const s of plan.skipped) {
      const { reasonText, reason, ...user } = s;
      rows.push({
        ...user,
        status: 'skipped',
        reason,
        msg: reasonText,
        code: null,
        previousRole: null,
        changedChannels: null,
      });
      steps.push(null);
    }
    const run: RunState = {
      id: randomUUID(),
      ownerUserId: caller.userId,
      caller,
      kind: preview.kind,
      label: preview.label,
      status: 'running',
      concurrency: Math.max(1, this.options.concurrency),
      createdAt: this.now(),
      finishedAt: null,
      rows,
      steps,
      auditIds: steps.map(() => null),
      queue: plan.affected.map((_, i) => i),
      paused: false,
      cancelled: false,
      rateLimitedUntil: null,
      rateLimitWaits: 0,
      retries: new Map(),
      undoOf: preview.undoOf,
      undoneBy: null,
      wakers: [],
      settled: Promise.resolve(),
      saveTimer: null,
    };
    // Kept before anything is done: a run the store cannot take is not started (it could not be shown after
    // a restart, while its changes would stay).
    await this.save(run);
    if (undone) {
      undone.undoneBy = run.id;
      await this.save(undone).catch(() => this.log('warn', `bulk run ${undone.id}: its undo link could not be saved`));
    }
    this.runs.set(run.id, run);
    this.forgetOldRuns(caller.userId);
    this.startHeartbeat();
    run.settled = this.execute(run);
    return this.view(run);
  }

  /** Starts an undo preview of `runId` (a preview of another run or action is refused). */
  startUndo(caller: BulkCaller, runId: string, previewId: string, confirmation: string | undefined): Promise<BulkRun> {
    const stored = this.previews.get(previewId);
    if (stored && stored.preview.undoOf !== runId) {
      throw new BulkError(400, bffErrorCodes.bulkPreviewMismatch, 'This preview is not the undo of this run.');
    }
    return this.start(caller, previewId, confirmation);
  }

  private forgetOldRuns(userId: number): void {
    const keep = this.options.keepRunsPerUser ?? 20;
    const mine = [...this.runs.values()].filter((r) => r.ownerUserId === userId && r.finishedAt !== null);
    for (const old of mine.slice(0, Math.max(0, mine.length - keep))) this.runs.delete(old.id);
    void this.store
      .prune(userId, keep)
      .catch((error: unknown) => this.log('warn', `bulk: old runs not pruned (${describeErrorForLog(error)})`));
  }

  /** The caller's run: this process's, or the store's (interrupted when its process is gone). */
  private async ownRun(userId: number, runId: string): Promise<RunState> {
    const live = this.runs.get(runId);
    const run = live ?? (await this.loadStored(runId));
    // Another user's run does not exist, as far as this caller can tell.
    if (!run || run.ownerUserId !== userId)
      throw new BulkError(404, bffErrorCodes.bulkRunNotFound, 'No such bulk run.');
    return run;
  }

  private async loadStored(runId: string): Promise<RunState | null> {
    const stored = await this.store.get(runId);
    return stored ? this.fromStored(stored) : null;
  }

  /** A stored run as state; one whose process stopped is marked interrupted (and saved so). */
  private async fromStored(stored: StoredBulkRun): Promise<RunState> {
    const p = stored.state as unknown as PersistedRun;
    const run: RunState = {
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
      wakers: [],
      settled: Promise.resolve(),
      saveTimer: null,
    };
    if (!stored.finished && this.now() - stored.heartbeatAt > RUN_STALE_MS) {
      run.status = 'interrupted';
      run.finishedAt = this.now();
      for (const row of run.rows) {
        if (row.status !== 'pending' && row.status !== 'running') continue;
        Object.assign(row, { status: 'unknown', code: RESTART_CODE, msg: RESTART_MSG });
      }
      await this.save(run).catch(() => undefined);
      this.log('warn', `bulk run ${run.id} (${run.kind}) interrupted: its process stopped`);
    }
    return run;
  }

  /** The run; an interrupted one's unknown rows are first read back with the caller's credentials. */
  async get(caller: BulkCaller, runId: string): Promise<BulkRun> {
    const run = await this.ownRun(caller.userId, runId);
    if (run.finishedAt !== null) await this.reconcile(run, caller);
    return this.view(run);
  }

  async list(userId: number): Promise<BulkRunSummary[]> {
    const stored = await this.store.list(userId, this.options.keepRunsPerUser ?? 20);
    const runs = await Promise.all(stored.map((s) => this.runs.get(s.id) ?? this.fromStored(s)));
    // Runs of this process not saved yet (a store write failed) are still listed.
    const listed = new Set(runs.map((r) => r.id));
    const unsaved = [...this.runs.values()].filter((r) => r.ownerUserId === userId && !listed.has(r.id));
    return [...unsaved, ...runs].sort((a, b) => b.createdAt - a.createdAt).map((r) => this.summary(r));
  }

  async pause(userId: number, runId: string): Promise<BulkRun> {
    const run = await this.ownRun(userId, runId);
    if (run.status === 'running' && run.caller) {
      run.paused = true;
      run.status = 'paused';
      this.scheduleSave(run, 0);
    }
    return this.view(run);
  }

  async resume(userId: number, runId: string): Promise<BulkRun> {
    const run = await this.ownRun(userId, runId);
    if (run.status === 'paused' && run.caller) {
      run.paused = false;
      run.status = 'running';
      this.scheduleSave(run, 0);
      this.wake(run);
    }
    return this.view(run);
  }

  /** No request starts after this; requests already in flight finish and keep their outcome. */
  async cancel(userId: number, runId: string): Promise<BulkRun> {
    const run = await this.ownRun(userId, runId);
    if (run.finishedAt === null && run.caller) {
      run.cancelled = true;
      this.cancelPending(run, 'Cancelled before it ran.');
      this.scheduleSave(run, 0);
      this.wake(run);
    }
    return this.view(run);
  }

  /**
   * Reads back the users of rows whose outcome is unknown (activity, role, channel membership), settles each
   * row and completes its audit entry ("unknown → …").
   */
  private async reconcile(run: RunState, caller: BulkCaller): Promise<void> {
    let changed = false;
    for (const [index, row] of run.rows.entries()) {
      const step = run.steps[index];
      if (row.status !== 'unknown' || !step) continue;
      const expected = expectedStateOfStep(step);
      if (!expected) continue;
      const readBack = await readBackUser(this.options.svc, this.creds(caller), row.userId, expected);
      if (readBack === 'unreadable') continue;
      changed = true;
      const lost = new UpstreamRefusal(502, errorEnvelope(row.code ?? RESTART_CODE, row.msg ?? RESTART_MSG));
      await this.finishAudit(run.auditIds[index] ?? null, auditResultOfReadBack(readBack, lost));
      if (readBack === 'confirmed') this.settleDone(row, doneOutcomeOf(step));
      else if (row.code === RESTART_CODE && run.auditIds[index] == null) {
        Object.assign(row, { status: 'cancelled', code: null, msg: 'Not run: the console restarted before it.' });
      } else {
        Object.assign(row, {
          status: 'failed',
          code: NOT_APPLIED,
          msg: 'Not applied: the answer was lost, and reading the user back shows no change.',
        });
      }
    }
    if (changed) await this.save(run).catch(() => undefined);
  }

  /** Resolves when the run has finished (tests, the benchmark). */
  async settled(runId: string): Promise<void> {
    await this.runs.get(runId)?.settled;
  }

  private cancelPending(run: RunState, msg: string): void {
    for (const index of run.queue.splice(0)) {
      const row = run.rows[index]!;
      row.status = 'cancelled';
      row.msg = msg;
    }
  }

  private wake(run: RunState): void {
    for (const wake of run.wakers.splice(0)) wake();
  }

  private wakeSignal(run: RunState): Promise<void> {
    return new Promise<void>((resolve) => run.wakers.push(resolve));
  }

  private async execute(run: RunState): Promise<void> {
    const workers = Array.from({ length: Math.min(run.concurrency, Math.max(1, run.queue.length)) }, () =>
      this.worker(run),
    );
    await Promise.all(workers);
    this.cancelPending(run, 'Cancelled before it ran.');
    run.finishedAt = this.now();
    run.status = run.cancelled ? 'cancelled' : 'done';
    run.rateLimitedUntil = null;
    run.paused = false;
    if (run.saveTimer) clearTimeout(run.saveTimer);
    run.saveTimer = null;
    await this.save(run).catch((error: unknown) =>
      this.log('error', `bulk run ${run.id}: its end could not be saved (${describeErrorForLog(error)})`),
    );
    this.log('info', `bulk run ${run.id} (${run.kind}) ${run.status}: ${JSON.stringify(this.counts(run))}`);
  }

  /** The run as the store keeps it. */
  private toStored(run: RunState): StoredBulkRun {
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
    };
    return {
      id: run.id,
      ownerUserId: run.ownerUserId,
      createdAt: run.createdAt,
      heartbeatAt: this.now(),
      finished: run.finishedAt !== null,
      state: state as unknown as Record<string, unknown>,
    };
  }

  private save(run: RunState): Promise<void> {
    return this.store.save(this.toStored(run));
  }

  /** Writes the run soon (row changes come in bursts); a failed write is logged and retried by the next. */
  private scheduleSave(run: RunState, delayMs = SAVE_EVERY_MS): void {
    if (run.saveTimer && delayMs > 0) return;
    if (run.saveTimer) clearTimeout(run.saveTimer);
    run.saveTimer = setTimeout(() => {
      run.saveTimer = null;
      void this.save(run).catch((error: unknown) =>
        this.log('warn', `bulk run ${run.id}: progress not saved (${describeErrorForLog(error)})`),
      );
    }, delayMs);
    run.saveTimer.unref?.();
  }

  /** Renews the heartbeat of the runs this process executes, so other processes do not call them interrupted. */
  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      const active = [...this.runs.values()].filter((r) => r.finishedAt === null && r.caller);
      if (active.length === 0 && this.heartbeat) {
        clearInterval(this.heartbeat);
        this.heartbeat = null;
        return;
      }
      for (const run of active) this.scheduleSave(run, 0);
    }, RUN_HEARTBEAT_MS);
    this.heartbeat.unref?.();
  }

  /** Paused or rate-limited: wait. Returns false when the run was cancelled meanwhile. */
  private async gate(run: RunState): Promise<boolean> {
    for (;;) {
      if (run.cancelled) return false;
      if (run.paused) {
        await this.wakeSignal(run);
        continue;
      }
      const wait = run.rateLimitedUntil === null ? 0 : run.rateLimitedUntil - this.now();
      if (wait > 0) {
        await this.sleep(wait, this.wakeSignal(run));
        continue;
      }
      run.rateLimitedUntil = null;
      return true;
    }
  }

  private async worker(run: RunState): Promise<void> {
    for (;;) {
      if (!(await this.gate(run))) return;
      const index = run.queue.shift();
      if (index === undefined) return;
      const row = run.rows[index]!;
      const step = run.steps[index]!;
      row.status = 'running';
      const outcome = await this.perform(run, index, row, step);
      this.scheduleSave(run);
      switch (outcome.kind) {
        case 'done':
          this.settleDone(row, outcome);
          break;
        case 'failed':
        case 'unknown':
          row.status = outcome.kind;
          row.code = outcome.code;
          row.msg = outcome.msg;
          break;
        case 'retry': {
          const tries = (run.retries.get(index) ?? 0) + 1;
          run.retries.set(index, tries);
          if (tries > (this.options.maxRateLimitRetries ?? 20)) {
            Object.assign(row, { status: 'failed', code: outcome.code, msg: outcome.msg });
            break;
          }
          // Slow down instead of failing: everyone waits, and the row goes back to the front.
          run.rateLimitWaits++;
          const until = this.now() + outcome.afterMs;
          run.rateLimitedUntil = Math.max(run.rateLimitedUntil ?? 0, until);
          row.status = 'pending';
          if (run.cancelled) {
            row.status = 'cancelled';
            row.msg = 'Cancelled before it ran.';
          } else run.queue.unshift(index);
          break;
        }
        case 'fatal':
          Object.assign(row, { status: 'failed', code: outcome.code, msg: outcome.msg });
          run.cancelled = true;
          this.cancelPending(run, `Not run: ${outcome.msg}`);
          this.wake(run);
          return;
      }
    }
  }

  private request(row: BulkRunRow, step: BulkStep) {
    const userId = row.userId;
    switch (step.op) {
      case 'deactivate':
        return {
          op: svcOps.deactivateUser,
          params: {
            user_id: userId,
            ...(step.comment === null ? {} : { deactivation_notification_comment: step.comment }),
          },
        };
      case 'reactivate':
        return { op: svcOps.reactivateUser, params: { user_id: userId } };
      case 'set_role':
        return { op: svcOps.updateUser, params: { user_id: userId, role: step.role } };
      case 'subscribe':
        return {
          op: svcOps.subscribe,
          params: { subscriptions: step.channels.map((name) => ({ name })), principals: [userId] },
        };
      case 'unsubscribe':
        return { op: svcOps.unsubscribe, params: { subscriptions: step.channels, principals: [userId] } };
    }
  }

  private settleDone(row: BulkRunRow, outcome: Extract<StepOutcome, { kind: 'done' }>): void {
    row.status = 'done';
    row.msg = null;
    row.code = null;
    if (outcome.previousRole !== undefined) row.previousRole = outcome.previousRole;
    if (outcome.role !== undefined) row.role = outcome.role;
    if (outcome.changedChannels) row.changedChannels = outcome.changedChannels;
  }

  private async perform(run: RunState, index: number, row: BulkRunRow, step: BulkStep): Promise<StepOutcome> {
    const { op, params } = this.request(row, step);
    const audit = await this.beginAudit(run, row, op.id, params);
    if (typeof audit === 'number') run.auditIds[index] = audit;
    if (audit === 'unavailable') {
      return {
        kind: 'failed',
        code: bffErrorCodes.auditUnavailable,
        msg: 'The console cannot write its audit log right now, so it did not do this.',
      };
    }
    const caller = run.caller!;
    try {
      const raw = await this.options.svc.send(op, params, this.creds(caller), { retry: false });
      await this.finishAudit(audit, { outcome: 'success' });
      const body = JSON.parse(raw.text) as Record<string, unknown>;
      if (step.op === 'set_role') return doneOutcomeOf(step);
      if (step.op === 'subscribe') {
        const subscribed = (body.subscribed ?? {}) as Record<string, unknown>;
        const mine = subscribed[String(row.userId)] ?? subscribed[row.email];
        const names = Array.isArray(mine) ? mine.filter((n): n is string => typeof n === 'string') : step.channels;
        return { kind: 'done', changedChannels: names };
      }
      if (step.op === 'unsubscribe') {
        const removed = Array.isArray(body.removed)
          ? body.removed.filter((n): n is string => typeof n === 'string')
          : [];
        return { kind: 'done', changedChannels: removed };
      }
      return { kind: 'done' };
    } catch (error) {
      if (!(error instanceof UpstreamRefusal)) {
        await this.finishAudit(audit, INTERNAL_ERROR_RESULT);
        return { kind: 'failed', code: INTERNAL_ERROR_RESULT.code, msg: INTERNAL_ERROR_RESULT.msg };
      }
      if (mayHaveReachedServer(error)) return this.lostAnswer(caller, row, step, audit, error);
      const { code, msg } = error.envelope;
      await this.finishAudit(audit, { outcome: 'error', code, msg });
      if (error.status === 429) return { kind: 'retry', afterMs: retryAfterMs(error), code, msg };
      if (isDeadKeyRefusal(error)) return { kind: 'fatal', code, msg };
      return { kind: 'failed', code, msg };
    }
  }

  /** The request may have been applied: the user is read back before the row is called anything. */
  private async lostAnswer(
    caller: BulkCaller,
    row: BulkRunRow,
    step: BulkStep,
    audit: number | null,
    lost: UpstreamRefusal,
  ): Promise<StepOutcome> {
    const expected = expectedStateOfStep(step);
    const readBack = expected
      ? await readBackUser(this.options.svc, this.creds(caller), row.userId, expected)
      : 'unreadable';
    await this.finishAudit(audit, auditResultOfReadBack(readBack, lost));
    if (readBack === 'confirmed') return doneOutcomeOf(step);
    if (readBack === 'not_applied') {
      return {
        kind: 'failed',
        code: NOT_APPLIED,
        msg: 'Not applied: the answer was lost, and reading the user back shows no change.',
      };
    }
    return {
      kind: 'unknown',
      code: lost.envelope.code,
      msg: `${lost.envelope.msg} The request may have been applied; the console could not read the user back to tell.`,
    };
  }

  private actor(run: RunState): AuditActor {
    const c = run.caller!;
    return { userId: c.userId, email: c.apiEmail, name: c.fullName, role: c.role };
  }

  /**
   * The audit hook: one entry per row request, written before it goes upstream (no entry, no request),
   * its request id and params carrying the run id.
   */
  private async beginAudit(
    run: RunState,
    row: BulkRunRow,
    operation: string,
    params: Record<string, unknown>,
  ): Promise<number | null | 'unavailable'> {
    const audit = this.options.audit;
    if (!audit) return null;
    try {
      return await audit.begin({
        at: this.now(),
        actor: this.actor(run),
        area: 'chat',
        operation,
        target: { type: 'user', id: String(row.userId), name: row.name },
        requestId: `bulk-${run.id}-${row.userId}`,
        params: { ...redactParams(params), bulk_run_id: run.id },
      });
    } catch (error) {
      this.log('error', `audit: cannot record bulk ${operation} (${describeErrorForLog(error)}); row refused`);
      return 'unavailable';
    }
  }

  private async finishAudit(id: number | null, result: AuditResult): Promise<void> {
    if (id === null || !this.options.audit) return;
    try {
      await this.options.audit.complete(id, result, this.now());
    } catch (error) {
      this.log('error', `audit: bulk entry ${id} stays pending: ${describeErrorForLog(error)}`);
    }
  }

  private counts(run: RunState): BulkRunCounts {
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

  private summary(run: RunState): BulkRunSummary {
    const counts = this.counts(run);
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
    };
  }

  private view(run: RunState): BulkRun {
    return { ...this.summary(run), rows: run.rows.map((r) => ({ ...r })) };
  }
}

/** What a user step leaves behind, for a read-back. */
function expectedStateOfStep(step: BulkStep): ExpectedUserState | null {
  switch (step.op) {
    case 'deactivate':
      return { isActive: false };
    case 'reactivate':
      return { isActive: true };
    case 'set_role':
      return { role: step.role };
    case 'subscribe':
      return { subscribed: true, channels: step.channels };
    case 'unsubscribe':
      return { subscribed: false, channels: step.channels };
  }
}

/** A step seen done without its answer (a read-back): what the answer would have told. */
function doneOutcomeOf(step: BulkStep): Extract<StepOutcome, { kind: 'done' }> {
  if (step.op === 'set_role') return { kind: 'done', previousRole: step.previousRole, role: step.role };
  if (step.op === 'subscribe' || step.op === 'unsubscribe') return { kind: 'done', changedChannels: step.channels };
  return { kind: 'done' };
}
