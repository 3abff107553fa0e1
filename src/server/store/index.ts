import { hostname } from 'node:os';
import type { AuditLog } from './audit-log';
import { deriveSessionKey, sessionSecret } from './crypto';
import { openDatabase, type Database } from './database';
import { SqlAuditLog } from './sql-audit-log';
import { SqlSessionStore } from './sql-session-store';

export {
  MemoryAuditLog,
  matchesAuditFilter,
  type AuditLog,
  type AuditRecordInput,
  type AuditResult,
} from './audit-log';
export { hashSessionId, sessionSecret } from './crypto';
export { openDatabase, openPglite, openPostgres, StoreUnavailableError, type Database, type Db } from './database';
export { SqlAuditLog } from './sql-audit-log';
export { SqlSessionStore } from './sql-session-store';

export interface ConsoleStore {
  database: Database;
  sessions: SqlSessionStore;
  audit: AuditLog;
  close(): Promise<void>;
}

/** This process, as audit entries name it. */
export function replicaName(): string {
  return `${hostname()}:${process.pid}`;
}

/**
 * Opens (and migrates) the console's database: PGlite in `<dataDir>/pglite`, or PostgreSQL when
 * `databaseUrl` is set. Sessions are sealed with a key from `secret` (or one kept in dataDir).
 */
export async function openConsoleStore(options: {
  databaseUrl: string | null;
  dataDir: string;
  secret: string | null;
  limits: { idleMs: number; maxMs: number };
  log?: (line: string) => void;
}): Promise<ConsoleStore> {
  const database = await openDatabase(options);
  const key = deriveSessionKey(sessionSecret(options.secret, options.dataDir));
  return {
    database,
    sessions: new SqlSessionStore(database.db, key, options.limits),
    audit: new SqlAuditLog(database.db, replicaName()),
    close: () => database.close(),
  };
}
