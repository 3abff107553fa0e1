import { randomUUID } from 'node:crypto';
import {
  confirmationMatches,
  type BulkAction,
  type BulkPreview,
  type BulkRun,
  type BulkRunRow,
  type BulkRunSummary,
} from '../../shared/bff/bulk';
import { svcOps } from '../../shared/svc/catalog';
import { isAdminRole } from '../../shared/svc/roles';
import { bffErrorCodes } from '../../shared/svc/envelope';
import type { AuditLog } from '../store/audit-log';
import type { SvcUpstream } from '../upstreams/svc-upstream';
import { describeErrorForLog } from '../log-line';
import { chosenActions } from '../../shared/svc/deactivation';
import { planAction, planUndo, undoKindOf, type BulkStep, type PlannedPreview, type SnapshotUser } from './preview';
import { PreviewStore } from './preview-store';
import { defaultSleep, RunScheduler } from './run-scheduler';
import {
  isOrphaned,
  markInterrupted,
  runStateOf,
  summaryOf,
  viewOf,
  type BulkCaller,
  type RunState,
} from './run-state';
import { MemoryBulkRunStore, type BulkRunStore, type StoredBulkRun } from '../store/bulk-runs';
import { credentialsOf, StepExecutor } from './step-executor';

export { RUN_HEARTBEAT_MS, RUN_STALE_MS, type BulkCaller } from './run-state';

/** A run's rows and steps from its plan: the affected ones pending, each with its step; the skipped with why. */
function runRowsOf(plan: PlannedPreview): { rows: BulkRunRow[]; steps: (BulkStep | null)[] } {
  const fresh = { reason: null, msg: null, code: null, previousRole: null, changedChannels: null };
  const rows: BulkRunRow[] = [];
  const steps: (BulkStep | null)[] = [];
  for (const { user, step, apiEmail } of plan.affected) {
    rows.push({ ...user, ...fresh, status: 'pending' });
    // A subscribe answer names the user by API email on servers before user-ID keys.
    steps.push(step.op === 'subscribe' && apiEmail ? { ...step, apiEmail } : step);
  }
  for (const { reasonText, reason, ...user } of plan.skipped) {
    rows.push({ ...user, ...fresh, status: 'skipped', reason, msg: reasonText });
    steps.push(null);
  }
  return { rows, steps };
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

/** Runs the Bulk runs page lists (each administrator keeps `keepRunsPerUser` finished ones). */
const HISTORY_LIMIT = 200;

const previewExpired = () =>
  new BulkError(410, bffErrorCodes.bulkPreviewExpired, 'This preview has expired or was already used. Preview again.');

/**
 * Bulk runs: a run goes on when the tab closes (the page reattaches by run id), with at most `concurrency`
 * requests in flight, pauses and cancels between requests, waits out 429 answers (Retry-After) instead of
 * failing rows, and records each row's outcome with the server's msg. A row whose answer was lost is read
 * back before it is called anything ("unknown" when even that cannot tell). Runs are kept in the store
 * (SQL in the running console), so they are listed after a restart; one whose process stopped is shown as
 * interrupted, its unfinished rows unknown until the owner's next look reads those users back.
 *
 * This class checks who may do what and plans; previews wait in preview-store.ts, runs are executed by
 * run-scheduler.ts, and each row's request (audit, send, read-back) is step-executor.ts.
 */
export class BulkEngine {
  private readonly previews: PreviewStore;
  private readonly scheduler: RunScheduler;
  private readonly executor: StepExecutor;
  private readonly now: () => number;
  private readonly log: NonNullable<BulkEngineOptions['log']>;
  private readonly store: BulkRunStore;

  constructor(private readonly options: BulkEngineOptions) {
    this.now = options.now ?? (() => Date.now());
    this.log = options.log ?? (() => undefined);
    this.store = options.store ?? new MemoryBulkRunStore();
    this.previews = new PreviewStore(this.now);
    this.executor = new StepExecutor({ svc: options.svc, audit: options.audit, now: this.now, log: this.log });
    this.scheduler = new RunScheduler({
      store: this.store,
      executor: this.executor,
      now: this.now,
      sleep: options.sleep ?? defaultSleep,
      log: this.log,
      maxRateLimitRetries: options.maxRateLimitRetries ?? 20,
    });
  }

  /** The caller's role as the chat server says now (not as at sign-in), and every user. */
  private async snapshot(caller: BulkCaller) {
    const creds = credentialsOf(caller);
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
    const creds = credentialsOf(caller);
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

  async preview(caller: BulkCaller, action: BulkAction, userIds: readonly number[]): Promise<BulkPreview> {
    const ctx = await this.snapshot(caller);
    const channelAction = action.kind === 'add_channels' || action.kind === 'remove_channels';
    const subscribers = channelAction ? await this.channelSubscribers(caller, action.channelIds) : undefined;
    const plan = planAction({ ...ctx, ...(subscribers ? { subscribers } : {}) }, action, userIds);
    return this.previews.put(caller.userId, plan, action, subscribers ? [...subscribers.keys()] : [], null);
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
    const cleanedUp = run.steps.some((step) => step?.op === 'deactivate' && chosenActions(step.actions).length > 0);
    return this.previews.put(caller.userId, plan, null, [], run.id, cleanedUp);
  }

  /** Starts the previewed run; destructive kinds need the typed confirmation the preview named. */
  async start(caller: BulkCaller, previewId: string, confirmation: string | undefined): Promise<BulkRun> {
    const stored = this.previews.get(previewId);
    if (!stored || stored.ownerUserId !== caller.userId) throw previewExpired();
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
    if (!this.previews.take(previewId)) throw previewExpired();

    const { rows, steps } = runRowsOf(plan);
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
      startedBy: { userId: caller.userId, name: caller.fullName },
      wakers: [],
      settled: Promise.resolve(),
      saveTimer: null,
    };
    // Kept before anything is done: a run the store cannot take is not started (it could not be shown after
    // a restart, while its changes would stay).
    await this.scheduler.save(run);
    if (undone) {
      undone.undoneBy = run.id;
      await this.scheduler
        .save(undone)
        .catch(() => this.log('warn', `bulk run ${undone.id}: its undo link could not be saved`));
    }
    this.scheduler.launch(run);
    this.forgetOldRuns(caller.userId);
    return viewOf(run, caller.userId);
  }

  /** Starts an undo preview of `runId` (a preview of another run or action is refused). */
  startUndo(caller: BulkCaller, runId: string, previewId: string, confirmation: string | undefined): Promise<BulkRun> {
    const stored = this.previews.peek(previewId);
    if (stored && stored.preview.undoOf !== runId) {
      throw new BulkError(400, bffErrorCodes.bulkPreviewMismatch, 'This preview is not the undo of this run.');
    }
    return this.start(caller, previewId, confirmation);
  }

  private forgetOldRuns(userId: number): void {
    const keep = this.options.keepRunsPerUser ?? 20;
    this.scheduler.forgetOld(userId, keep);
    void this.store
      .prune(userId, keep)
      .catch((error: unknown) => this.log('warn', `bulk: old runs not pruned (${describeErrorForLog(error)})`));
  }

  /** The caller's run: this process's, or the store's (interrupted when its process is gone). */
  private async ownRun(userId: number, runId: string): Promise<RunState> {
    const live = this.scheduler.live(runId);
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
    const run = runStateOf(stored);
    if (isOrphaned(stored, this.now())) {
      markInterrupted(run, this.now());
      await this.scheduler.save(run).catch(() => undefined);
      this.log('warn', `bulk run ${run.id} (${run.kind}) interrupted: its process stopped`);
    }
    return run;
  }

  /** Reads back the users of rows whose outcome is unknown, and saves the run when that settled any. */
  private async reconcile(run: RunState, caller: BulkCaller): Promise<void> {
    if (await this.executor.reconcile(run, caller)) await this.scheduler.save(run).catch(() => undefined);
  }

  /** The run; an interrupted one's unknown rows are first read back with the caller's credentials. */
  async get(caller: BulkCaller, runId: string): Promise<BulkRun> {
    const run = await this.ownRun(caller.userId, runId);
    if (run.finishedAt !== null) await this.reconcile(run, caller);
    return viewOf(run, caller.userId);
  }

  /**
   * Every administrator's runs, newest first (the Bulk runs page). The audit already shows each row of every
   * run to every administrator; only the one who started a run can pause, cancel or undo it.
   */
  async history(viewerUserId: number): Promise<BulkRunSummary[]> {
    const stored = await this.store.listAll(HISTORY_LIMIT);
    const runs = await Promise.all(stored.map((s) => this.scheduler.live(s.id) ?? this.fromStored(s)));
    const listed = new Set(runs.map((r) => r.id));
    const unsaved = this.scheduler.liveRuns().filter((r) => !listed.has(r.id));
    return [...unsaved, ...runs]
      .sort((a, b) => b.createdAt - a.createdAt)
      .slice(0, HISTORY_LIMIT)
      .map((r) => summaryOf(r, viewerUserId));
  }

  /** Any run, for any administrator: the caller's own is read back as `get` does; another's is shown as kept. */
  async historyRun(caller: BulkCaller, runId: string): Promise<BulkRun> {
    const run = this.scheduler.live(runId) ?? (await this.loadStored(runId));
    if (!run) throw new BulkError(404, bffErrorCodes.bulkRunNotFound, 'No such bulk run.');
    if (run.ownerUserId === caller.userId) return this.get(caller, runId);
    return viewOf(run, caller.userId);
  }

  /** Resolves when the run has finished (tests, the benchmark). */
  async settled(runId: string): Promise<void> {
    await this.scheduler.settled(runId);
  }

  async list(userId: number): Promise<BulkRunSummary[]> {
    const stored = await this.store.list(userId, this.options.keepRunsPerUser ?? 20);
    const runs = await Promise.all(stored.map((s) => this.scheduler.live(s.id) ?? this.fromStored(s)));
    // Runs of this process not saved yet (a store write failed) are still listed.
    const listed = new Set(runs.map((r) => r.id));
    const unsaved = this.scheduler.liveRuns().filter((r) => r.ownerUserId === userId && !listed.has(r.id));
    return [...unsaved, ...runs].sort((a, b) => b.createdAt - a.createdAt).map((r) => summaryOf(r, userId));
  }

  async pause(userId: number, runId: string): Promise<BulkRun> {
    const run = await this.ownRun(userId, runId);
    if (run.status === 'running' && run.caller) this.scheduler.pause(run);
    return viewOf(run, userId);
  }

  async resume(userId: number, runId: string): Promise<BulkRun> {
    const run = await this.ownRun(userId, runId);
    if (run.status === 'paused' && run.caller) this.scheduler.resume(run);
    return viewOf(run, userId);
  }

  /** No request starts after this; requests already in flight finish and keep their outcome. */
  async cancel(userId: number, runId: string): Promise<BulkRun> {
    const run = await this.ownRun(userId, runId);
    if (run.finishedAt === null && run.caller) this.scheduler.cancel(run);
    return viewOf(run, userId);
  }
}
