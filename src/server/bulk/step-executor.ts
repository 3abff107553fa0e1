import type { BulkRunRow } from '../../shared/bff/bulk';
import type { AuditActor } from '../../shared/bff/audit';
import { svcOps } from '../../shared/svc/catalog';
import { describeSvcChange } from '../../shared/labels';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import { INTERNAL_ERROR_RESULT, redactParams } from '../audit';
import { describeErrorForLog } from '../log-line';
import type { AuditLog, AuditResult } from '../store/audit-log';
import { isDeadKeyRefusal } from '../upstreams/dead-key';
import {
  auditResultOfReadBack,
  mayHaveReachedServer,
  NOT_APPLIED,
  readBackUser,
  type ExpectedUserState,
} from '../upstreams/read-back';
import { UpstreamRefusal, type SvcCredentials, type SvcUpstream } from '../upstreams/svc-upstream';
import type { BulkStep } from './preview';
import { RESTART_CODE, RESTART_MSG, type BulkCaller, type RunState } from './run-state';

export type StepOutcome =
  | { kind: 'done'; previousRole?: number; changedChannels?: string[]; role?: number; note?: string }
  | { kind: 'failed'; code: string; msg: string }
  | { kind: 'unknown'; code: string; msg: string }
  | { kind: 'retry'; afterMs: number; code: string; msg: string }
  | { kind: 'fatal'; code: string; msg: string };

export type DoneOutcome = Extract<StepOutcome, { kind: 'done' }>;

/** A success answer's fields; an answer that is not JSON (the server did it, said nothing readable) as none. */
function parseAnswer(text: string): Record<string, unknown> {
  try {
    const body: unknown = JSON.parse(text);
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A deactivation whose clean-up the server ignored (a server below level 459 that said it was newer). */
const CLEAN_UP_IGNORED = 'Deactivated, but the server ignored the clean-up: nothing was deleted.';

/** A row done without changing anything (someone else made the change first): said on the row. */
const NOTHING_CHANGED = 'No change: already subscribed to these channels.';

/**
 * What a subscribe answer says this user got: the channels under their key in `subscribed` (user ID, or the
 * API email on servers before ID keys). Absent from it, they were already in (`already_subscribed`): done,
 * with nothing for an undo to reverse. Only an answer without `subscribed` at all is taken at its word.
 */
function subscribeOutcome(
  body: Record<string, unknown>,
  row: BulkRunRow,
  step: Extract<BulkStep, { op: 'subscribe' }>,
): DoneOutcome {
  const subscribed = body.subscribed;
  if (typeof subscribed !== 'object' || subscribed === null) return { kind: 'done', changedChannels: step.channels };
  const byKey = subscribed as Record<string, unknown>;
  const mine = byKey[String(row.userId)] ?? (step.apiEmail ? byKey[step.apiEmail] : undefined);
  const names = Array.isArray(mine) ? mine.filter((n): n is string => typeof n === 'string') : [];
  return names.length > 0
    ? { kind: 'done', changedChannels: names }
    : { kind: 'done', changedChannels: [], note: NOTHING_CHANGED };
}

export interface StepExecutorOptions {
  svc: SvcUpstream;
  /** Every row's request is an audit entry (written before it goes upstream), linked by the run id. */
  audit: AuditLog | null;
  now: () => number;
  log: (level: 'info' | 'warn' | 'error', line: string) => void;
}

export function credentialsOf(caller: BulkCaller): SvcCredentials {
  return { email: caller.apiEmail, apiKey: caller.apiKey };
}

/** The seconds a 429 asks to wait: the envelope's `retry-after` (the header's twin), else 1. */
function retryAfterMs(error: UpstreamRefusal): number {
  const raw = (error.envelope as Record<string, unknown>)['retry-after'];
  const seconds = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 300) * 1000 : 1000;
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
function doneOutcomeOf(step: BulkStep): DoneOutcome {
  if (step.op === 'set_role') return { kind: 'done', previousRole: step.previousRole, role: step.role };
  if (step.op === 'subscribe' || step.op === 'unsubscribe') return { kind: 'done', changedChannels: step.channels };
  return { kind: 'done' };
}

export function settleDone(row: BulkRunRow, outcome: DoneOutcome): void {
  row.status = 'done';
  row.msg = outcome.note ?? null;
  row.code = null;
  if (outcome.previousRole !== undefined) row.previousRole = outcome.previousRole;
  if (outcome.role !== undefined) row.role = outcome.role;
  if (outcome.changedChannels) row.changedChannels = outcome.changedChannels;
}

function requestOf(row: BulkRunRow, step: BulkStep) {
  const userId = row.userId;
  switch (step.op) {
    case 'deactivate':
      return {
        op: svcOps.deactivateUser,
        params: {
          user_id: userId,
          ...(step.comment === null ? {} : { deactivation_notification_comment: step.comment }),
          ...(step.actions ? { actions: step.actions } : {}),
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

/**
 * One row's request: audited before it goes upstream (no entry, no request), sent once, and called done only
 * when the chat server answered so or a read-back of the user shows the change.
 */
export class StepExecutor {
  constructor(private readonly options: StepExecutorOptions) {}

  async perform(run: RunState, index: number, row: BulkRunRow, step: BulkStep): Promise<StepOutcome> {
    const { op, params } = requestOf(row, step);
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
      const raw = await this.options.svc.send(op, params, credentialsOf(caller), { retry: false });
      const body = parseAnswer(raw.text);
      const ignored = Array.isArray(body.ignored_parameters_unsupported) ? body.ignored_parameters_unsupported : [];
      // The audit says what the server did: a clean-up it ignored is no note.
      const note = ignored.includes('actions') ? null : describeSvcChange(op.id, params);
      await this.finishAudit(audit, note ? { outcome: 'success', note } : { outcome: 'success' });
      if (step.op === 'deactivate' && step.actions && ignored.includes('actions')) {
        return { kind: 'done', note: CLEAN_UP_IGNORED };
      }
      if (step.op === 'set_role') return doneOutcomeOf(step);
      if (step.op === 'subscribe') return subscribeOutcome(body, row, step);
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

  /**
   * Reads back the users of rows whose outcome is unknown (activity, role, channel membership), settles each
   * row and completes its audit entry ("unknown → …"). True when a row changed (the run is to be saved).
   */
  async reconcile(run: RunState, caller: BulkCaller): Promise<boolean> {
    let changed = false;
    for (const [index, row] of run.rows.entries()) {
      const step = run.steps[index];
      if (row.status !== 'unknown' || !step) continue;
      const expected = expectedStateOfStep(step);
      if (!expected) continue;
      const readBack = await readBackUser(this.options.svc, credentialsOf(caller), row.userId, expected);
      if (readBack === 'unreadable') continue;
      changed = true;
      const lost = new UpstreamRefusal(502, errorEnvelope(row.code ?? RESTART_CODE, row.msg ?? RESTART_MSG));
      await this.finishAudit(run.auditIds[index] ?? null, auditResultOfReadBack(readBack, lost));
      if (readBack === 'confirmed') settleDone(row, doneOutcomeOf(step));
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
    return changed;
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
      ? await readBackUser(this.options.svc, credentialsOf(caller), row.userId, expected)
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
        at: this.options.now(),
        actor: this.actor(run),
        area: 'chat',
        operation,
        target: { type: 'user', id: String(row.userId), name: row.name },
        requestId: `bulk-${run.id}-${row.userId}`,
        params: { ...redactParams(params), bulk_run_id: run.id },
      });
    } catch (error) {
      this.options.log('error', `audit: cannot record bulk ${operation} (${describeErrorForLog(error)}); row refused`);
      return 'unavailable';
    }
  }

  private async finishAudit(id: number | null, result: AuditResult): Promise<void> {
    if (id === null || !this.options.audit) return;
    try {
      await this.options.audit.complete(id, result, this.options.now());
    } catch (error) {
      this.options.log('error', `audit: bulk entry ${id} stays pending: ${describeErrorForLog(error)}`);
    }
  }
}
