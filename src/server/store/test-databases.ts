import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from './database';

/**
 * The databases store tests run against: PGlite always; PostgreSQL when DATABASE_URL_TEST names a server
 * (`.ci/run` starts one). Each PostgreSQL test database is a fresh schema, dropped by `close()`.
 */
export const POSTGRES_URL = process.env.DATABASE_URL_TEST || null;

if (!POSTGRES_URL) {
  if (process.env.CI)
    throw new Error('DATABASE_URL_TEST is not set: CI must test the PostgreSQL path (.ci/run starts it).');
  console.warn('[store tests] DATABASE_URL_TEST is not set: SKIPPING the PostgreSQL variant (PGlite still runs).');
}

export const DRIVERS = [
  { kind: 'pglite' as const, skip: false },
  { kind: 'postgres' as const, skip: !POSTGRES_URL },
];

export function withSearchPath(url: string, schemaName: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schemaName}`);
  return u.toString();
}

/** A fresh, empty PostgreSQL schema on the test server; the URL uses it, `drop()` removes it. */
export async function freshPostgresSchema(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `rc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL! });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${name}`);
  await admin.end();
  return {
    url: withSearchPath(POSTGRES_URL!, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: POSTGRES_URL! });
      await c.connect();
      await c.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      await c.end();
    },
  };
}

export async function openTestDatabase(kind: 'pglite' | 'postgres', dataDir: string | null = null): Promise<Database> {
  if (kind === 'pglite') return openPglite(dataDir);
  const schema = await freshPostgresSchema();
  const database = await openPostgres(schema.url);
  return {
    ...database,
    close: async () => {
      await database.close();
      await schema.drop();
    },
  };
}
