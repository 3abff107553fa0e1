import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describeErrorForLog } from '../log-line';
import type { Db } from './database';

/**
 * Session ends, heard by every replica: whichever process ends a session (a sign-out, "sign out all", a session
 * ended from the list, a deactivation, an expiry, the per-user cap), every process closes that session's
 * streams and upstream queue at once, instead of at its streams' next session check (up to SSE_KEEPALIVE_SECONDS
 * later). On PostgreSQL this is LISTEN/NOTIFY; PGlite and the memory store are one process, so in-process.
 */
export const SESSION_ENDS_CHANNEL = 'console_session_ends';

/**
 * What a listener hears: the SHA-256 id hashes (what the store keeps) of sessions that ended, or `missed` once the
 * channel is back after being down, when ends may have gone unheard (check every session still open here).
 */
export type SessionEndNotice = { kind: 'ended'; idHashes: readonly string[] } | { kind: 'missed' };
export type SessionEndListener = (notice: SessionEndNotice) => void;

export interface SessionEndChannel {
  /** Tells every process, this one included; never throws (a failure is logged: streams check anyway). */
  publish(idHashes: readonly string[]): Promise<void>;
  subscribe(listener: SessionEndListener): () => void;
  close(): Promise<void>;
}

class Listeners {
  private readonly all = new Set<SessionEndListener>();

  add(listener: SessionEndListener): () => void {
    this.all.add(listener);
    return () => this.all.delete(listener);
  }

  deliver(notice: SessionEndNotice): void {
    for (const listener of this.all) {
      try {
        listener(notice);
      } catch {
        // One listener's failure is its own; the others still hear.
      }
    }
  }
}

/**
 * One process: ends are heard by this process's listeners, after the code that ended the session has gone on (as
 * from PostgreSQL), so that its own end of the session's queue (with its reason) comes first.
 */
export class LocalSessionEndChannel implements SessionEndChannel {
  private readonly listeners = new Listeners();

  async publish(idHashes: readonly string[]): Promise<void> {
    if (!idHashes.length) return;
    const notice: SessionEndNotice = { kind: 'ended', idHashes: [...idHashes] };
    setImmediate(() => this.listeners.deliver(notice));
  }

  subscribe(listener: SessionEndListener): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {}
}

/** Hashes per NOTIFY: a payload must stay under 8,000 bytes, and each hash is 64 hex characters and a comma. */
const HASHES_PER_NOTICE = 100;
const HASH = /^[0-9a-f]{64}$/;

/**
 * Every replica on one PostgreSQL: ends are published with pg_notify through the store's own pool, and heard on a
 * connection of this channel's own (LISTEN needs one that is not handed around), reconnected after a loss.
 */
export class PostgresSessionEndChannel implements SessionEndChannel {
  private readonly listeners = new Listeners();
  private client: pg.Client | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private closed = false;
  private down = false;

  constructor(
    private readonly url: string,
    private readonly db: Db,
    private readonly log: (line: string) => void,
    private readonly reconnectMs = 1_000,
  ) {}

  /** Connects and listens; resolves once ends are heard (throws when the database cannot be reached). */
  async start(): Promise<void> {
    await this.connect();
  }

  async publish(idHashes: readonly string[]): Promise<void> {
    for (let i = 0; i < idHashes.length; i += HASHES_PER_NOTICE) {
      const payload = idHashes.slice(i, i + HASHES_PER_NOTICE).join(',');
      try {
        await this.db.execute(sql`SELECT pg_notify(${SESSION_ENDS_CHANNEL}, ${payload})`);
      } catch (error) {
        this.log(`session ends: not announced to other replicas (${describeErrorForLog(error)})`);
      }
    }
  }

  subscribe(listener: SessionEndListener): () => void {
    return this.listeners.add(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel !== SESSION_ENDS_CHANNEL || !message.payload) return;
      const idHashes = message.payload.split(',').filter((h) => HASH.test(h));
      if (idHashes.length) this.listeners.deliver({ kind: 'ended', idHashes });
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    await client.connect();
    await client.query(`LISTEN ${SESSION_ENDS_CHANNEL}`);
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    if (this.down) {
      this.down = false;
      this.log('session ends: listening again');
      this.listeners.deliver({ kind: 'missed' });
    }
  }

  private lost(client: pg.Client, error: Error | null): void {
    if (this.closed || this.client !== client) return;
    this.client = null;
    this.down = true;
    this.log(`session ends: connection lost${error ? ` (${describeErrorForLog(error)})` : ''}; reconnecting`);
    void client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch((error: unknown) => {
        this.log(`session ends: cannot listen yet (${describeErrorForLog(error)})`);
        this.scheduleReconnect();
      });
    }, this.reconnectMs);
    this.retry.unref?.();
  }
}
