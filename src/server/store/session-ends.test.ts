import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openPostgres } from './database';
import {
  LocalSessionEndChannel,
  PostgresSessionEndChannel,
  SESSION_ENDS_CHANNEL,
  type SessionEndNotice,
} from './session-ends';
import { freshPostgresSchema, POSTGRES_URL } from './test-databases';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const hash = (i: number) => i.toString(16).padStart(64, '0');

describe('LocalSessionEndChannel', () => {
  it('tells this process’s listeners, and stops when one unsubscribes', async () => {
    const channel = new LocalSessionEndChannel();
    const heard: SessionEndNotice[] = [];
    const stop = channel.subscribe((n) => heard.push(n));
    await channel.publish([hash(1)]);
    await channel.publish([]);
    await expect.poll(() => heard.length).toBe(1);
    stop();
    await channel.publish([hash(2)]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toEqual([{ kind: 'ended', idHashes: [hash(1)] }]);
  });
});

describe.skipIf(!POSTGRES_URL)('PostgresSessionEndChannel', () => {
  async function channels(count: number) {
    const schema = await freshPostgresSchema();
    cleanups.push(schema.drop);
    const database = await openPostgres(schema.url);
    cleanups.push(() => database.close());
    const all: PostgresSessionEndChannel[] = [];
    for (let i = 0; i < count; i++) {
      const channel = new PostgresSessionEndChannel(schema.url, database.db, () => undefined, 50);
      await channel.start();
      cleanups.push(() => channel.close());
      all.push(channel);
    }
    return { database, all };
  }

  it('every replica hears every end, however many at once (split under the payload limit)', async () => {
    const { all } = await channels(2);
    const heard: string[] = [];
    all[1]!.subscribe((n) => n.kind === 'ended' && heard.push(...n.idHashes));
    const ended = Array.from({ length: 250 }, (_, i) => hash(i));
    await all[0]!.publish(ended);
    await expect.poll(() => heard.length).toBe(250);
    expect(heard).toEqual(ended);
  });

  it('after losing its connection it listens again and says ends may have been missed', async () => {
    const { database, all } = await channels(2);
    const heard: SessionEndNotice[] = [];
    all[1]!.subscribe((n) => heard.push(n));
    // The database drops the listening connections (a restart, a failover, an idle-connection reaper).
    await database.db.execute(
      sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND query ILIKE ${`LISTEN ${SESSION_ENDS_CHANNEL}%`}`,
    );
    await expect.poll(() => heard.some((n) => n.kind === 'missed'), { timeout: 5_000 }).toBe(true);
    await all[0]!.publish([hash(7)]);
    await expect.poll(() => heard.at(-1)).toEqual({ kind: 'ended', idHashes: [hash(7)] });
  });
});
