import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { BulkRunStore, StoredBulkRun } from './bulk-runs';
import { guard, type Db } from './database';
import { bulkRuns, type BulkRunRowRecord } from './schema';

function toRun(r: BulkRunRowRecord): StoredBulkRun {
  return {
    id: r.id,
    ownerUserId: r.ownerUserId,
    createdAt: r.createdAt.getTime(),
    heartbeatAt: r.heartbeatAt.getTime(),
    finished: r.finished,
    state: r.state,
  };
}

/** Bulk runs in `console_bulk_runs` (see run-store.ts). */
export class SqlBulkRunStore implements BulkRunStore {
  constructor(private readonly db: Db) {}

  async save(run: StoredBulkRun): Promise<void> {
    const values = {
      id: run.id,
      ownerUserId: run.ownerUserId,
      createdAt: new Date(run.createdAt),
      heartbeatAt: new Date(run.heartbeatAt),
      finished: run.finished,
      state: run.state,
    };
    await guard(() =>
      this.db
        .insert(bulkRuns)
        .values(values)
        .onConflictDoUpdate({
          target: bulkRuns.id,
          set: { heartbeatAt: values.heartbeatAt, finished: values.finished, state: values.state },
        }),
    );
  }

  async get(id: string): Promise<StoredBulkRun | null> {
    const rows = await guard(() => this.db.select().from(bulkRuns).where(eq(bulkRuns.id, id)));
    return rows[0] ? toRun(rows[0]) : null;
  }

  async list(ownerUserId: number, limit: number): Promise<StoredBulkRun[]> {
    const rows = await guard(() =>
      this.db
        .select()
        .from(bulkRuns)
        .where(eq(bulkRuns.ownerUserId, ownerUserId))
        .orderBy(desc(bulkRuns.createdAt))
        .limit(limit),
    );
    return rows.map(toRun);
  }

  async listAll(limit: number): Promise<StoredBulkRun[]> {
    const rows = await guard(() => this.db.select().from(bulkRuns).orderBy(desc(bulkRuns.createdAt)).limit(limit));
    return rows.map(toRun);
  }

  async heartbeat(ids: readonly string[], at: number): Promise<void> {
    if (ids.length === 0) return;
    await guard(() =>
      this.db
        .update(bulkRuns)
        .set({ heartbeatAt: new Date(at) })
        .where(and(inArray(bulkRuns.id, [...ids]), eq(bulkRuns.finished, false))),
    );
  }

  async prune(ownerUserId: number, keep: number): Promise<void> {
    await guard(async () => {
      const newest = await this.db
        .select({ id: bulkRuns.id })
        .from(bulkRuns)
        .where(eq(bulkRuns.ownerUserId, ownerUserId))
        .orderBy(desc(bulkRuns.createdAt))
        .limit(keep);
      const kept = newest.map((r) => r.id);
      await this.db
        .delete(bulkRuns)
        .where(
          and(
            eq(bulkRuns.ownerUserId, ownerUserId),
            eq(bulkRuns.finished, true),
            ...(kept.length ? [notInArray(bulkRuns.id, kept)] : []),
          ),
        );
    });
  }
}
