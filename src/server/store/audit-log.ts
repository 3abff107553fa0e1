import type {
  AuditActor,
  AuditEntry,
  AuditFilter,
  AuditPage,
  AuditPageQuery,
  AuditTarget,
} from '../../shared/bff/audit';

export interface AuditRecordInput {
  /** Epoch ms. */
  at: number;
  actor: AuditActor;
  area: AuditEntry['area'];
  operation: string;
  target: AuditTarget | null;
  requestId: string;
  /** Already redacted (see `redactParams`). */
  params: Record<string, unknown>;
}

/**
 * How an action ended. `note`: what the console saw of the effect, when a success is not the whole story (proxy
 * writes). `unknown`: the request may have reached the server but its answer was lost; a later read-back
 * completes the entry again as `success` with `confirmed` ("unknown → confirmed") or as the error `NOT_APPLIED`
 * ("unknown → not applied").
 */
export type AuditResult =
  | { outcome: 'success'; note?: string; confirmed?: { code: string; msg: string } }
  | { outcome: 'error' | 'unknown'; code: string; msg: string };

/** The code and msg an entry shows for a result (the error, or how a lost answer was confirmed). */
export function detailOf(result: AuditResult): { code: string; msg: string } | null {
  if (result.outcome === 'success') return result.confirmed ?? null;
  return { code: result.code, msg: result.msg };
}

/** Where audit entries live: SQL in production (`SqlAuditLog`), memory in unit tests (`MemoryAuditLog`). */
export interface AuditLog {
  /** Writes a `pending` entry before the action runs; throws StoreUnavailableError when it cannot. */
  begin(input: AuditRecordInput): Promise<number>;
  /**
   * Completes a pending entry with the outcome, and a target name learned meanwhile; `targetId` (a create's new
   * id, as the server answered it) fills an entry whose target had none.
   */
  complete(
    id: number,
    result: AuditResult,
    at: number,
    targetName?: string | null,
    targetId?: string | null,
  ): Promise<void>;
  /** Writes a finished entry in one go (sign-in, sign-out). */
  record(input: AuditRecordInput, result: AuditResult): Promise<number>;
  /** Newest first, `limit` at a time; `before` pages back. */
  page(query: AuditPageQuery): Promise<AuditPage>;
  /** Newest first, at most `limit` entries. */
  export(filter: AuditFilter, limit: number): Promise<AuditEntry[]>;
  /** Every operation id recorded so far (for the filter's suggestions). */
  operations(): Promise<string[]>;
}

/** Entries matching a filter, in memory: the reference semantics the SQL query implements. */
export function matchesAuditFilter(e: AuditEntry, f: AuditFilter): boolean {
  if (f.actor) {
    const actor = f.actor.toLowerCase();
    const byId = /^\d+$/.test(actor) && e.actor.userId === Number(actor);
    if (!byId && !e.actor.email.toLowerCase().includes(actor)) return false;
  }
  if (
    f.operation &&
    !f.operation
      .split(',')
      .map((s) => s.trim())
      .includes(e.operation)
  )
    return false;
  if (f.targetType && e.target?.type !== f.targetType) return false;
  if (f.target) {
    const t = f.target.toLowerCase();
    if (!e.target) return false;
    if (e.target.id !== f.target && !(e.target.name ?? '').toLowerCase().includes(t)) return false;
  }
  if (f.outcome && e.outcome !== f.outcome) return false;
  if (f.from && Date.parse(e.at) < Date.parse(f.from)) return false;
  if (f.to && Date.parse(e.at) > Date.parse(f.to)) return false;
  return true;
}

export class MemoryAuditLog implements AuditLog {
  private readonly entries: AuditEntry[] = [];
  private nextId = 1;

  constructor(private readonly replica = 'memory') {}

  async begin(input: AuditRecordInput): Promise<number> {
    return this.add(input, { outcome: 'pending' });
  }

  async complete(
    id: number,
    result: AuditResult,
    at: number,
    targetName?: string | null,
    targetId?: string | null,
  ): Promise<void> {
    const entry = this.entries.find((e) => e.id === id);
    if (!entry) return;
    entry.outcome = result.outcome;
    entry.error = detailOf(result);
    entry.note = result.outcome === 'success' ? (result.note ?? null) : null;
    entry.completedAt = new Date(at).toISOString();
    if (targetName && entry.target) entry.target.name = targetName;
    if (targetId && entry.target && entry.target.id === null) entry.target.id = targetId;
  }

  async record(input: AuditRecordInput, result: AuditResult): Promise<number> {
    const id = this.add(input, { outcome: 'pending' });
    await this.complete(id, result, input.at);
    return id;
  }

  async page(query: AuditPageQuery): Promise<AuditPage> {
    const { before, limit } = query;
    const entries = this.newestFirst(query).filter((e) => before === undefined || e.id < before);
    const page = entries.slice(0, limit);
    return { entries: page, nextCursor: entries.length > limit ? page[page.length - 1]!.id : null };
  }

  async export(filter: AuditFilter, limit: number): Promise<AuditEntry[]> {
    return this.newestFirst(filter).slice(0, limit);
  }

  async operations(): Promise<string[]> {
    return [...new Set(this.entries.map((e) => e.operation))].sort();
  }

  get all(): readonly AuditEntry[] {
    return this.entries;
  }

  private newestFirst(filter: AuditFilter): AuditEntry[] {
    return this.entries.filter((e) => matchesAuditFilter(e, filter)).reverse();
  }

  private add(input: AuditRecordInput, result: { outcome: 'pending' }): number {
    const id = this.nextId++;
    this.entries.push({
      id,
      at: new Date(input.at).toISOString(),
      completedAt: null,
      actor: { ...input.actor },
      area: input.area,
      operation: input.operation,
      target: input.target ? { ...input.target } : null,
      outcome: result.outcome,
      error: null,
      requestId: input.requestId,
      params: structuredClone(input.params),
      replica: this.replica,
    });
    return id;
  }
}
