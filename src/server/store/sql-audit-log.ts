import { and, desc, eq, gte, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import {
  MAX_USER_ID,
  type AuditEntry,
  type AuditFilter,
  type AuditPage,
  type AuditPageQuery,
} from '../../shared/bff/audit';
import { detailOf, type AuditLog, type AuditRecordInput, type AuditResult } from './audit-log';
import { guard, type Db } from './database';
import { auditEntries, type AuditRow } from './schema';

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function toEntry(r: AuditRow): AuditEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    completedAt: r.completedAt ? r.completedAt.toISOString() : null,
    actor: { userId: r.actorUserId, email: r.actorEmail, name: r.actorName, role: r.actorRole },
    area: r.area as AuditEntry['area'],
    operation: r.operation,
    target: r.targetType
      ? { type: r.targetType as NonNullable<AuditEntry['target']>['type'], id: r.targetId, name: r.targetName }
      : null,
    outcome: r.outcome as AuditEntry['outcome'],
    error: r.errorCode !== null ? { code: r.errorCode, msg: r.errorMsg ?? '' } : null,
    note: r.note,
    requestId: r.requestId,
    params: r.params,
    replica: r.replica,
  };
}

/** The audit timeline in SQL; the same queries on PGlite and PostgreSQL. */
export class SqlAuditLog implements AuditLog {
  constructor(
    private readonly db: Db,
    private readonly replica: string,
  ) {}

  begin(input: AuditRecordInput): Promise<number> {
    return this.insert(input, { outcome: 'pending' });
  }

  async complete(
    id: number,
    result: AuditResult,
    at: number,
    targetName?: string | null,
    targetId?: string | null,
  ): Promise<void> {
    await guard(() =>
      this.db
        .update(auditEntries)
        .set({
          outcome: result.outcome,
          errorCode: detailOf(result)?.code ?? null,
          errorMsg: detailOf(result)?.msg ?? null,
          note: result.outcome === 'success' ? (result.note ?? null) : null,
          completedAt: new Date(at),
          ...(targetName ? { targetName } : {}),
          // Only an entry whose target had no id yet (a create) takes the one the server answered.
          ...(targetId ? { targetId: sql`coalesce(${auditEntries.targetId}, ${targetId})` } : {}),
        })
        .where(eq(auditEntries.id, id)),
    );
  }

  record(input: AuditRecordInput, result: AuditResult): Promise<number> {
    return this.insert(input, result, input.at);
  }

  async page(query: AuditPageQuery): Promise<AuditPage> {
    const where = this.where(query, query.before);
    const rows = await guard(() =>
      this.db
        .select()
        .from(auditEntries)
        .where(where)
        .orderBy(desc(auditEntries.id))
        .limit(query.limit + 1),
    );
    const page = rows.slice(0, query.limit).map(toEntry);
    return { entries: page, nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null };
  }

  async export(filter: AuditFilter, limit: number): Promise<AuditEntry[]> {
    const rows = await guard(() =>
      this.db.select().from(auditEntries).where(this.where(filter)).orderBy(desc(auditEntries.id)).limit(limit),
    );
    return rows.map(toEntry);
  }

  async operations(): Promise<string[]> {
    const rows = await guard(() =>
      this.db.selectDistinct({ operation: auditEntries.operation }).from(auditEntries).orderBy(auditEntries.operation),
    );
    return rows.map((r) => r.operation);
  }

  private async insert(input: AuditRecordInput, result: AuditResult | { outcome: 'pending' }, completedAt?: number) {
    const rows = await guard(() =>
      this.db
        .insert(auditEntries)
        .values({
          at: new Date(input.at),
          completedAt: completedAt === undefined ? null : new Date(completedAt),
          actorUserId: input.actor.userId,
          actorEmail: input.actor.email,
          actorName: input.actor.name,
          actorRole: input.actor.role,
          area: input.area,
          operation: input.operation,
          targetType: input.target?.type ?? null,
          targetId: input.target?.id ?? null,
          targetName: input.target?.name ?? null,
          outcome: result.outcome,
          errorCode: result.outcome === 'pending' ? null : (detailOf(result)?.code ?? null),
          errorMsg: result.outcome === 'pending' ? null : (detailOf(result)?.msg ?? null),
          note: result.outcome === 'success' ? (result.note ?? null) : null,
          requestId: input.requestId,
          params: input.params,
          replica: this.replica,
        })
        .returning({ id: auditEntries.id }),
    );
    return rows[0]!.id;
  }

  private where(f: AuditFilter, before?: number): SQL | undefined {
    const parts: (SQL | undefined)[] = [];
    if (f.actor) {
      const byEmail = ilike(auditEntries.actorEmail, `%${likeEscape(f.actor)}%`);
      // A number too large for the id column can only be part of an email.
      const asId = /^\d{1,10}$/.test(f.actor) && Number(f.actor) <= MAX_USER_ID;
      parts.push(asId ? or(eq(auditEntries.actorUserId, Number(f.actor)), byEmail) : byEmail);
    }
    if (f.operation) {
      const ops = f.operation
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      if (ops.length) parts.push(inArray(auditEntries.operation, ops));
    }
    if (f.targetType) parts.push(eq(auditEntries.targetType, f.targetType));
    if (f.target) {
      parts.push(or(eq(auditEntries.targetId, f.target), ilike(auditEntries.targetName, `%${likeEscape(f.target)}%`)));
    }
    if (f.outcome) parts.push(eq(auditEntries.outcome, f.outcome));
    if (f.from) parts.push(gte(auditEntries.at, new Date(f.from)));
    if (f.to) parts.push(lte(auditEntries.at, new Date(f.to)));
    if (before !== undefined) parts.push(lt(auditEntries.id, before));
    return parts.length ? and(...parts) : sql`true`;
  }
}
