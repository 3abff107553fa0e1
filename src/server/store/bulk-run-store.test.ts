import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { SqlBulkRunStore } from './sql-bulk-run-store';
import { DRIVERS, openTestDatabase } from './test-databases';

const T0 = Date.parse('2030-01-01T00:00:00Z');

function run(id: string, ownerUserId: number, minutes: number) {
  return { id, ownerUserId, createdAt: T0 + minutes * 60_000, heartbeatAt: T0, finished: true, state: { v: 1 } };
}

describe.each(DRIVERS)('bulk runs in SQL on $kind', ({ kind, skip }) => {
  let database: Database;
  beforeAll(async () => {
    if (skip) return;
    database = await openTestDatabase(kind);
    await database.migrate();
  });
  afterAll(async () => {
    if (!skip) await database.close();
  });

  it.skipIf(skip)(
    'lists every owner’s runs newest first for the Bulk runs page, and one owner’s for theirs',
    async () => {
      const store = new SqlBulkRunStore(database.db);
      await store.save(run('r-a1', 7, 1));
      await store.save(run('r-b1', 8, 2));
      await store.save(run('r-a2', 7, 3));
      expect((await store.listAll(10)).map((r) => r.id)).toEqual(['r-a2', 'r-b1', 'r-a1']);
      expect((await store.listAll(2)).map((r) => r.id)).toEqual(['r-a2', 'r-b1']);
      expect((await store.list(7, 10)).map((r) => r.id)).toEqual(['r-a2', 'r-a1']);
    },
  );

  it.skipIf(skip)('renews only the heartbeat of unfinished runs, leaving their state alone', async () => {
    const store = new SqlBulkRunStore(database.db);
    await store.save({ ...run('hb-open', 9, 1), finished: false, state: { v: 1, rows: ['kept'] } });
    await store.save(run('hb-done', 9, 2));
    await store.heartbeat(['hb-open', 'hb-done', 'hb-missing'], T0 + 5_000);
    expect(await store.get('hb-open')).toMatchObject({ heartbeatAt: T0 + 5_000, state: { v: 1, rows: ['kept'] } });
    expect((await store.get('hb-done'))!.heartbeatAt).toBe(T0);
    await store.heartbeat([], T0 + 9_000);
  });
});
