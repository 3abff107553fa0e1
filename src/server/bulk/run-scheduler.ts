import { describeErrorForLog } from '../log-line';
import type { BulkRunStore } from '../store/bulk-runs';
import { countsOf, RUN_HEARTBEAT_MS, toStoredRun, type RunState } from './run-state';
import { settleDone, type StepExecutor } from './step-executor';

/** Row changes are written at most this often (and at once when the run starts, pauses, ends). */
const SAVE_EVERY_MS = 250;

export interface RunSchedulerOptions {
  store: BulkRunStore;
  executor: StepExecutor;
  now: () => number;
  /** Waits `ms` (tests pass a recording one); resolves early when `wake` fires. */
  sleep: (ms: number, wake: Promise<void>) => Promise<void>;
  log: (level: 'info' | 'warn' | 'error', line: string) => void;
  /** A row answered 429 more often than this fails (with the server's msg). */
  maxRateLimitRetries: number;
}

export const defaultSleep = (ms: number, wake: Promise<void>) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    void wake.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Executes the runs of this process: at most `concurrency` requests in flight per run, pausing and cancelling
 * between requests, waiting out 429 answers (everyone waits, the row goes back to the front), and saving the
 * run as it goes (in batches, with a heartbeat so other processes do not call it interrupted).
 */
export class RunScheduler {
  /** The runs this process executes (and finished ones it has seen), by id. */
  private readonly runs = new Map<string, RunState>();
  private heartbeat: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly options: RunSchedulerOptions) {}

  live(runId: string): RunState | undefined {
    return this.runs.get(runId);
  }

  liveRuns(): RunState[] {
    return [...this.runs.values()];
  }

  /** Starts executing a run (already saved). */
  launch(run: RunState): void {
    this.runs.set(run.id, run);
    this.startHeartbeat();
    run.settled = this.execute(run);
  }

  /** Forgets finished runs of `userId` beyond the newest `keep` (the store prunes its own copy). */
  forgetOld(userId: number, keep: number): void {
    const mine = [...this.runs.values()].filter((r) => r.ownerUserId === userId && r.finishedAt !== null);
    for (const old of mine.slice(0, Math.max(0, mine.length - keep))) this.runs.delete(old.id);
  }

  /** Resolves when the run has finished (tests, the benchmark). */
  async settled(runId: string): Promise<void> {
    await this.runs.get(runId)?.settled;
  }

  pause(run: RunState): void {
    run.paused = true;
    run.status = 'paused';
    this.scheduleSave(run, 0);
  }

  resume(run: RunState): void {
    run.paused = false;
    run.status = 'running';
    this.scheduleSave(run, 0);
    this.wake(run);
  }

  /** No request starts after this; requests already in flight finish and keep their outcome. */
  cancel(run: RunState): void {
    run.cancelled = true;
    this.cancelPending(run, 'Cancelled before it ran.');
    this.scheduleSave(run, 0);
    this.wake(run);
  }

  save(run: RunState): Promise<void> {
    return this.options.store.save(toStoredRun(run, this.options.now()));
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
    run.finishedAt = this.options.now();
    run.status = run.cancelled ? 'cancelled' : 'done';
    run.rateLimitedUntil = null;
    run.paused = false;
    if (run.saveTimer) clearTimeout(run.saveTimer);
    run.saveTimer = null;
    await this.save(run).catch((error: unknown) =>
      this.options.log('error', `bulk run ${run.id}: its end could not be saved (${describeErrorForLog(error)})`),
    );
    this.options.log('info', `bulk run ${run.id} (${run.kind}) ${run.status}: ${JSON.stringify(countsOf(run))}`);
  }

  /** Writes the run soon (row changes come in bursts); a failed write is logged and retried by the next. */
  private scheduleSave(run: RunState, delayMs = SAVE_EVERY_MS): void {
    if (run.saveTimer && delayMs > 0) return;
    if (run.saveTimer) clearTimeout(run.saveTimer);
    run.saveTimer = setTimeout(() => {
      run.saveTimer = null;
      void this.save(run).catch((error: unknown) =>
        this.options.log('warn', `bulk run ${run.id}: progress not saved (${describeErrorForLog(error)})`),
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
      const ids = active.map((r) => r.id);
      void this.options.store
        .heartbeat(ids, this.options.now())
        .catch((error: unknown) =>
          this.options.log('warn', `bulk runs ${ids.join(', ')}: heartbeat not saved (${describeErrorForLog(error)})`),
        );
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
      const wait = run.rateLimitedUntil === null ? 0 : run.rateLimitedUntil - this.options.now();
      if (wait > 0) {
        await this.options.sleep(wait, this.wakeSignal(run));
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
      const outcome = await this.options.executor.perform(run, index, row, step);
      this.scheduleSave(run);
      switch (outcome.kind) {
        case 'done':
          settleDone(row, outcome);
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
          if (tries > this.options.maxRateLimitRetries) {
            Object.assign(row, { status: 'failed', code: outcome.code, msg: outcome.msg });
            break;
          }
          // Slow down instead of failing: everyone waits, and the row goes back to the front.
          run.rateLimitWaits++;
          const until = this.options.now() + outcome.afterMs;
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
}
