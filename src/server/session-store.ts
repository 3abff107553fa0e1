import { createHash, randomBytes } from 'node:crypto';
import { hashSessionId } from './store/crypto';
import { LocalSessionEndChannel, type SessionEndListener } from './store/session-ends';

export interface SessionData {
  userId: number;
  /** The API email used for Basic auth upstream (may be a dummy address). */
  apiEmail: string;
  apiKey: string;
  fullName: string;
  role: number;
  avatarUrl: string | null;
}

export interface Session extends SessionData {
  id: string;
  createdAt: number;
  lastSeenAt: number;
}

/** Where sessions live: SQL (`store/sql-session-store.ts`) in the running console, memory in unit tests. */
export interface SessionStore {
  create(data: SessionData, now: number): Promise<Session>;
  /** Returns the live session and marks it seen, or null when unknown or expired (expired ones are removed). */
  touch(id: string, now: number): Promise<Session | null>;
  update(id: string, patch: Partial<SessionData>): Promise<void>;
  delete(id: string): Promise<void>;
  /** Ends every session of a console user ("sign out all my sessions"); returns how many there were. */
  deleteAllForUser(userId: number): Promise<number>;
  /**
   * The live session without marking it seen (null when unknown or expired). Long-lived streams check
   * with it that their session still exists without keeping it alive. Optional for other stores.
   */
  peek?(id: string, now: number): Promise<Session | null>;
  /** The user's live sessions ("your sessions"), newest first, each named by its handle, never its id. */
  listForUser(userId: number, now: number): Promise<SessionListing[]>;
  /** Ends the user's session with that handle; false when the user has none with it. */
  deleteByHandle(userId: number, handle: string): Promise<boolean>;
  /**
   * Hears every session end, from any replica sharing the store (see store/session-ends.ts): the session's
   * streams and queue close at once wherever they are. Optional for other stores.
   */
  onEnded?(listener: SessionEndListener): () => void;
}

/** A session as its owner sees it in the list: a handle (not the id, which is the cookie's secret) and times. */
export interface SessionListing {
  handle: string;
  createdAt: number;
  lastSeenAt: number;
}

/**
 * A session's public name, derived from the SHA-256 of its id (what the SQL store keeps): it identifies the
 * session in the list without letting anyone who sees it use the session.
 */
export function sessionHandleOfHash(idHash: string): string {
  return createHash('sha256').update(`rc-session-handle:${idHash}`, 'utf8').digest('base64url').slice(0, 22);
}

/** What a handle looks like (22 base64url characters): anything else names no session and is never looked up. */
const SESSION_HANDLE = /^[A-Za-z0-9_-]{22}$/;

export function isSessionHandle(text: string): boolean {
  return SESSION_HANDLE.test(text);
}

export function sessionHandleOf(id: string): string {
  return sessionHandleOfHash(hashSessionId(id));
}

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, Session>();
  private readonly ends = new LocalSessionEndChannel();

  constructor(private readonly limits: { idleMs: number; maxMs: number }) {}

  onEnded(listener: SessionEndListener): () => void {
    return this.ends.subscribe(listener);
  }

  /** Removes the sessions and announces them ended. */
  private end(ids: readonly string[]): number {
    const gone = ids.filter((id) => this.sessions.delete(id));
    void this.ends.publish(gone.map(hashSessionId));
    return gone.length;
  }

  async create(data: SessionData, now: number): Promise<Session> {
    const session: Session = { ...data, id: newSessionId(), createdAt: now, lastSeenAt: now };
    this.sessions.set(session.id, session);
    this.sweep(now);
    return session;
  }

  async touch(id: string, now: number): Promise<Session | null> {
    const session = this.sessions.get(id);
    if (!session) return null;
    if (now - session.lastSeenAt > this.limits.idleMs || now - session.createdAt > this.limits.maxMs) {
      this.end([id]);
      return null;
    }
    session.lastSeenAt = now;
    return session;
  }

  async peek(id: string, now: number): Promise<Session | null> {
    const session = this.sessions.get(id);
    if (!session) return null;
    return now - session.lastSeenAt > this.limits.idleMs || now - session.createdAt > this.limits.maxMs
      ? null
      : session;
  }

  async update(id: string, patch: Partial<SessionData>): Promise<void> {
    const session = this.sessions.get(id);
    if (session) Object.assign(session, patch);
  }

  async delete(id: string): Promise<void> {
    this.end([id]);
  }

  async deleteAllForUser(userId: number): Promise<number> {
    return this.end([...this.sessions].filter(([, s]) => s.userId === userId).map(([id]) => id));
  }

  async listForUser(userId: number, now: number): Promise<SessionListing[]> {
    // Newest first; of two signed in the same millisecond, the later one (the map keeps insertion order).
    return [...this.sessions.values()]
      .reverse()
      .filter((s) => s.userId === userId && this.alive(s, now))
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((s) => ({ handle: sessionHandleOf(s.id), createdAt: s.createdAt, lastSeenAt: s.lastSeenAt }));
  }

  async deleteByHandle(userId: number, handle: string): Promise<boolean> {
    for (const [id, s] of this.sessions) {
      if (s.userId === userId && sessionHandleOf(id) === handle) return this.end([id]) === 1;
    }
    return false;
  }

  private alive(s: Session, now: number): boolean {
    return now - s.lastSeenAt <= this.limits.idleMs && now - s.createdAt <= this.limits.maxMs;
  }

  get size(): number {
    return this.sessions.size;
  }

  private sweep(now: number): void {
    this.end([...this.sessions.values()].filter((s) => !this.alive(s, now)).map((s) => s.id));
  }
}
