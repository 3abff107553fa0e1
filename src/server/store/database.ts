import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describeErrorForLog } from '../log-line';
import { MIGRATION_LOCK_KEY, MIGRATIONS } from './migrations';
import { makePrivateDir, restrictTree } from './private-files';
import { schema } from './schema';

/** The query builder both drivers hand out: every repository query is written once against it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Raw SQL on one connection inside one transaction (migrations only). */
interface RawTx {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Applies the migrations not applied yet; returns their ids. Idempotent; safe with several replicas. */
  migrate(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * The store could not be reached or refused a write: the action must not go ahead unrecorded. The message
 * never carries the driver's text (a failed query's text and parameters, i.e. user data); the cause keeps it
 * for a debugger.
 */
export class StoreUnavailableError extends Error {
  override name = 'StoreUnavailableError';
  constructor(cause: unknown) {
    super("the console's database failed", { cause });
  }
}

/** Runs a database call; any failure becomes StoreUnavailableError. */
export async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof StoreUnavailableError ? error : new StoreUnavailableError(error);
  }
}

async function applyMigrations(tx: RawTx): Promise<string[]> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
  await tx.query(
    'CREATE TABLE IF NOT EXISTS console_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set((await tx.query<{ id: string }>('SELECT id FROM console_migrations')).rows.map((r) => r.id));
  const applied: string[] = [];
  for (const migration of MIGRATIONS) {
    if (done.has(migration.id)) continue;
    for (const statement of migration.statements) await tx.query(statement);
    await tx.query('INSERT INTO console_migrations (id) VALUES ($1)', [migration.id]);
    applied.push(migration.id);
  }
  return applied;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite's files belong to one process at a time. The lock file holds the owner's pid: a restarted BFF waits
 * for the previous one to close the database; a second replica on the same DATA_DIR is told to use PostgreSQL.
 */
async function lockDataDir(dataDir: string, waitMs: number): Promise<() => void> {
  const file = join(dataDir, 'console.lock');
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner: number;
    try {
      owner = Number(readFileSync(file, 'utf8').trim());
    } catch {
      continue; // Released meanwhile.
    }
    if (!Number.isInteger(owner) || owner <= 0 || !alive(owner)) {
      rmSync(file, { force: true }); // Left by a process that is gone.
      continue;
    }
    if (Date.now() >= deadline) {
      throw new Error(
        `the embedded database in ${dataDir} is in use by process ${owner}; PGlite cannot be shared: ` +
          'give each console its own DATA_DIR, or set DATABASE_URL to share one PostgreSQL between replicas',
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Embedded PostgreSQL in one process: `dataDir` null keeps it in memory (tests). */
export async function openPglite(dataDir: string | null, options: { lockWaitMs?: number } = {}): Promise<Database> {
  let unlock: () => void = () => undefined;
  if (dataDir) {
    makePrivateDir(dataDir);
    unlock = await lockDataDir(dataDir, options.lockWaitMs ?? 20_000);
  }
  let client: PGlite;
  try {
    client = dataDir ? await PGlite.create({ dataDir }) : await PGlite.create();
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  // The files PGlite wrote when it opened and migrated (and at close) are made private; the process entry sets
  // a umask so the ones it writes meanwhile are created that way.
  const restrict = () => {
    if (dataDir) restrictTree(dataDir);
  };
  restrict();
  return {
    kind: 'pglite',
    db,
    migrate: async () => {
      const applied = await client.transaction((tx) => applyMigrations(tx));
      restrict();
      return applied;
    },
    close: async () => {
      try {
        await client.close();
        restrict();
      } finally {
        unlock();
      }
    },
  };
}

/** A PostgreSQL server (or a compatible distributed engine) shared by every replica. */
export async function openPostgres(url: string, log: (line: string) => void = () => undefined): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle connection dropped by the server must not crash the process; the next query reconnects.
  pool.on('error', (error) => log(`database connection lost: ${describeErrorForLog(error)}`));
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const applied = await applyMigrations(client);
        await client.query('COMMIT');
        return applied;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/** PGlite in `<dataDir>/pglite` unless DATABASE_URL names a PostgreSQL server; migrated before it is returned. */
export async function openDatabase(options: {
  databaseUrl: string | null;
  dataDir: string;
  log?: (line: string) => void;
}): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.log)
    : await openPglite(join(options.dataDir, 'pglite'));
  try {
    const applied = await database.migrate();
    if (applied.length) options.log?.(`database migrated: ${applied.join(', ')}`);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return database;
}
