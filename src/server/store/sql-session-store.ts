import { and, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import {
  newSessionId,
  sessionHandleOfHash,
  type Session,
  type SessionData,
  type SessionListing,
  type SessionStore,
} from '../session-store';
import { hashSessionId, open, seal } from './crypto';
import { guard, type Db } from './database';
import { sessions, type SessionRow } from './schema';
import { LocalSessionEndChannel, type SessionEndChannel, type SessionEndListener } from './session-ends';

/**
 * Sessions in SQL, shared by every replica and kept across restarts. The cookie's id is stored only as
 * its SHA-256; the upstream API key only sealed with AES-256-GCM (see crypto.ts). Every row it deletes (however
 * the session ended) is announced on `ends`, so every replica closes that session's streams at once.
 */
export class SqlSessionStore implements SessionStore {
  constructor(
    private readonly db: Db,
    private readonly key: Buffer,
    private readonly limits: { idleMs: number; maxMs: number },
    private readonly ends: SessionEndChannel = new LocalSessionEndChannel(),
  ) {}

  onEnded(listener: SessionEndListener): () => void {
    return this.ends.subscribe(listener);
  }

  /** Deletes the rows `where` picks and announces them ended. */
  private async end(where: SQL | undefined): Promise<string[]> {
    const rows = await guard(() => this.db.delete(sessions).where(where).returning({ idHash: sessions.idHash }));
    const idHashes = rows.map((r) => r.idHash);
    await this.ends.publish(idHashes);
    return idHashes;
  }

  async create(data: SessionData, now: number): Promise<Session> {
    const id = newSessionId();
    const idHash = hashSessionId(id);
    await this.end(this.expired(now));
    await guard(async () => {
      await this.db.insert(sessions).values({
        idHash,
        userId: data.userId,
        email: data.apiEmail,
        fullName: data.fullName,
        role: data.role,
        avatarUrl: data.avatarUrl,
        apiKeyEnc: seal(this.key, data.apiKey, idHash),
        createdAt: new Date(now),
        lastSeenAt: new Date(now),
        expiresAt: new Date(now + this.limits.maxMs),
      });
    });
    return { ...data, id, createdAt: now, lastSeenAt: now };
  }

  async touch(id: string, now: number): Promise<Session | null> {
    const idHash = hashSessionId(id);
    const rows = await guard(() =>
      this.db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(and(eq(sessions.idHash, idHash), this.live(now)))
        .returning(),
    );
    const row = rows[0];
    if (!row) {
      // Unknown, or expired: an expired row goes now.
      await this.end(eq(sessions.idHash, idHash));
      return null;
    }
    return this.toSession(id, row);
  }

  async peek(id: string, now: number): Promise<Session | null> {
    const rows = await guard(() =>
      this.db
        .select()
        .from(sessions)
        .where(and(eq(sessions.idHash, hashSessionId(id)), this.live(now))),
    );
    return rows[0] ? this.toSession(id, rows[0], false) : null;
  }

  async update(id: string, patch: Partial<SessionData>): Promise<void> {
    const idHash = hashSessionId(id);
    const set: Partial<typeof sessions.$inferInsert> = {};
    if (patch.userId !== undefined) set.userId = patch.userId;
    if (patch.apiEmail !== undefined) set.email = patch.apiEmail;
    if (patch.fullName !== undefined) set.fullName = patch.fullName;
    if (patch.role !== undefined) set.role = patch.role;
    if (patch.avatarUrl !== undefined) set.avatarUrl = patch.avatarUrl;
    if (patch.apiKey !== undefined) set.apiKeyEnc = seal(this.key, patch.apiKey, idHash);
    if (Object.keys(set).length === 0) return;
    await guard(() => this.db.update(sessions).set(set).where(eq(sessions.idHash, idHash)));
  }

  async delete(id: string): Promise<void> {
    await this.end(eq(sessions.idHash, hashSessionId(id)));
  }

  async deleteAllForUser(userId: number): Promise<number> {
    return (await this.end(eq(sessions.userId, userId))).length;
  }

  async listForUser(userId: number, now: number): Promise<SessionListing[]> {
    const rows = await guard(() =>
      this.db
        .select({ idHash: sessions.idHash, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .where(and(eq(sessions.userId, userId), this.live(now)))
        .orderBy(desc(sessions.createdAt)),
    );
    return rows.map((r) => ({
      handle: sessionHandleOfHash(r.idHash),
      createdAt: r.createdAt.getTime(),
      lastSeenAt: r.lastSeenAt.getTime(),
    }));
  }

  async deleteByHandle(userId: number, handle: string): Promise<boolean> {
    const mine = await guard(() =>
      this.db.select({ idHash: sessions.idHash }).from(sessions).where(eq(sessions.userId, userId)),
    );
    const target = mine.find((r) => sessionHandleOfHash(r.idHash) === handle);
    if (!target) return false;
    await this.end(and(eq(sessions.idHash, target.idHash), eq(sessions.userId, userId)));
    return true;
  }

  private live(now: number) {
    return and(gte(sessions.expiresAt, new Date(now)), gte(sessions.lastSeenAt, new Date(now - this.limits.idleMs)));
  }

  private expired(now: number) {
    return or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - this.limits.idleMs)));
  }

  private async toSession(id: string, row: SessionRow, deleteUnreadable = true): Promise<Session | null> {
    const apiKey = open(this.key, row.apiKeyEnc, row.idHash);
    if (apiKey === null) {
      // Sealed under another SESSION_SECRET: unusable; the user signs in again.
      if (deleteUnreadable) await this.delete(id);
      return null;
    }
    return {
      id,
      userId: row.userId,
      apiEmail: row.email,
      apiKey,
      fullName: row.fullName,
      role: row.role,
      avatarUrl: row.avatarUrl,
      createdAt: row.createdAt.getTime(),
      lastSeenAt: row.lastSeenAt.getTime(),
    };
  }
}
