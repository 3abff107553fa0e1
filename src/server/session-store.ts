import { randomBytes } from 'node:crypto';

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
}

export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, Session>();

  constructor(private readonly limits: { idleMs: number; maxMs: number }) {}

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
      this.sessions.delete(id);
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
    this.sessions.delete(id);
  }

  async deleteAllForUser(userId: number): Promise<number> {
    let count = 0;
    for (const [id, s] of this.sessions) {
      if (s.userId === userId && this.sessions.delete(id)) count++;
    }
    return count;
  }

  get size(): number {
    return this.sessions.size;
  }

  private sweep(now: number): void {
    for (const [id, s] of this.sessions) {
      if (now - s.lastSeenAt > this.limits.idleMs || now - s.createdAt > this.limits.maxMs) this.sessions.delete(id);
    }
  }
}
