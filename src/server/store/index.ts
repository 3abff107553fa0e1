import { hostname } from 'node:os';
import type { AuditLog } from './audit-log';
import { deriveSessionKey, sessionSecret } from './crypto';
import { openDatabase, type Database } from './database';
import { makePrivateDir } from './private-files';
import { SqlAuditLog } from './sql-audit-log';
import { SqlBulkRunStore } from './sql-bulk-run-store';
import { SqlSessionStore } from './sql-session-store';
import { SqlWebhookRegistry } from './sql-webhook-store';
import { LocalSessionEndChannel, PostgresSessionEndChannel, type SessionEndChannel } from './session-ends';
import type { BulkRunStore } from './bulk-runs';
import type { WebhookRegistry } from './webhook-registry';
import { createTokenVault } from './token-vault';

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
export { SqlBulkRunStore } from './sql-bulk-run-store';
export { SqlSessionStore } from './sql-session-store';
export { SqlWebhookRegistry } from './sql-webhook-store';
export {
  LocalSessionEndChannel,
  PostgresSessionEndChannel,
  SESSION_ENDS_CHANNEL,
  type SessionEndChannel,
  type SessionEndNotice,
} from './session-ends';

export interface ConsoleStore {
  database: Database;
  sessions: SqlSessionStore;
  audit: AuditLog;
  /** Outgoing-webhook endpoints and their newest deliveries. */
  webhooks: WebhookRegistry;
  /** Bulk runs, so that they outlive the process running them. */
  bulkRuns: BulkRunStore;
  /** Session ends, heard by every replica on the same database. */
  sessionEnds: SessionEndChannel;
  close(): Promise<void>;
}

/** This process, as audit entries name it. */
export function replicaName(): string {
  return `${hostname()}:${process.pid}`;
}

/**
 * Opens (and migrates) the console's database: PGlite in `<dataDir>/pglite`, or PostgreSQL when
 * `databaseUrl` is set. Sessions (and webhook bot tokens, under a key of their own) are sealed with a key
 * derived from `secret` (or one kept in dataDir).
 */
export async function openConsoleStore(options: {
  databaseUrl: string | null;
  dataDir: string;
  secret: string | null;
  limits: { idleMs: number; maxMs: number };
  log?: (line: string) => void;
}): Promise<ConsoleStore> {
  // DATA_DIR holds the embedded database or the generated session secret: private either way.
  if (!options.databaseUrl || !options.secret) makePrivateDir(options.dataDir);
  const database = await openDatabase(options);
  const secret = sessionSecret(options.secret, options.dataDir);
  const key = deriveSessionKey(secret);
  const sessionEnds = await sessionEndsFor(options.databaseUrl, database, options.log);
  return {
    database,
    sessionEnds,
    sessions: new SqlSessionStore(database.db, key, options.limits, sessionEnds),
    audit: new SqlAuditLog(database.db, replicaName()),
    webhooks: new SqlWebhookRegistry(
      database.db,
      createTokenVault(() => secret),
    ),
    bulkRuns: new SqlBulkRunStore(database.db),
    close: async () => {
      await sessionEnds.close();
      await database.close();
    },
  };
}

/** On PostgreSQL, ends reach every replica (LISTEN/NOTIFY); PGlite belongs to one process, so ends stay in it. */
async function sessionEndsFor(
  databaseUrl: string | null,
  database: Database,
  log: ((line: string) => void) | undefined,
): Promise<SessionEndChannel> {
  if (!databaseUrl) return new LocalSessionEndChannel();
  const channel = new PostgresSessionEndChannel(databaseUrl, database.db, log ?? (() => undefined));
  try {
    await channel.start();
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
  return channel;
}
