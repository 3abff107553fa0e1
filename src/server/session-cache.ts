import { hashSessionId } from './store/crypto';
import type { SessionEndListener, SessionEndNotice } from './store/session-ends';
import {
  sessionHandleOf,
  type Session,
  type SessionData,
  type SessionListing,
  type SessionStore,
} from './session-store';

/** How long a confirmed session is trusted without asking the store again. */
export const SESSION_CACHE_MS = 2_000;
const MAX_ENTRIES = 10_000;

/**
 * Every BFF request needs its session; asking the SQL store each time (a write for `last_seen_at` plus
 * decrypting the key) cost about 2 ms and most of the BFF's throughput. This keeps a confirmed session for
 * `SESSION_CACHE_MS`: changes made through this process apply at once, and a sign-out on another replica
 * is seen within that time. Idle expiry is unaffected at that granularity (minutes).
 */
export class CachedSessionStore implements SessionStore {
  /** Each entry keeps its id's hash, which is how ends from other replicas name sessions. */
  private readonly cache = new Map<string, { session: Session; checkedAt: number; idHash: string }>();
  /** Store lookups in flight: the requests that find an entry expired at the same moment share one. */
  private readonly pending = new Map<string, Promise<Session | null>>();
  /** Bumped by every change made here, so that a lookup which started before it does not cache its answer. */
  private generation = 0;

  constructor(
    private readonly inner: SessionStore,
    private readonly ttlMs = SESSION_CACHE_MS,
  ) {
    // A session ended on another replica is forgotten here at once, not within ttlMs.
    inner.onEnded?.((notice) => this.forgetEnded(notice));
  }

  onEnded(listener: SessionEndListener): () => void {
    return this.inner.onEnded?.(listener) ?? (() => undefined);
  }

  private forgetEnded(notice: SessionEndNotice): void {
    this.generation++;
    this.pending.clear();
    if (notice.kind === 'missed') {
      this.cache.clear();
      return;
    }
    const ended = new Set(notice.idHashes);
    for (const [id, entry] of this.cache) if (ended.has(entry.idHash)) this.cache.delete(id);
  }

  async create(data: SessionData, now: number): Promise<Session> {
    const session = await this.inner.create(data, now);
    this.remember(session, now);
    return session;
  }

  touch(id: string, now: number): Promise<Session | null> {
    const hit = this.cache.get(id);
    if (hit && now - hit.checkedAt < this.ttlMs && now >= hit.checkedAt) return Promise.resolve(hit.session);
    const inFlight = this.pending.get(id);
    if (inFlight) return inFlight;
    const generation = this.generation;
    const lookup = this.inner.touch(id, now).then(
      (session) => {
        if (this.pending.get(id) === lookup) this.pending.delete(id);
        if (generation !== this.generation) return session;
        if (session) this.remember(session, now);
        else this.cache.delete(id);
        return session;
      },
      (error: unknown) => {
        if (this.pending.get(id) === lookup) this.pending.delete(id);
        throw error;
      },
    );
    this.pending.set(id, lookup);
    return lookup;
  }

  async update(id: string, patch: Partial<SessionData>): Promise<void> {
    const known = this.cache.get(id);
    this.forget(id);
    const generation = this.generation;
    await this.inner.update(id, patch);
    // The store now holds the known session with the patch (every page load's session read refreshes the
    // user's name and role): keep that, still timed from the last store check, unless something else changed
    // meanwhile. Forgetting it would send the page's next requests to the store.
    if (known && generation === this.generation) {
      this.cache.set(id, { ...known, session: { ...known.session, ...patch } });
    }
  }

  async delete(id: string): Promise<void> {
    this.forget(id);
    await this.inner.delete(id);
  }

  async deleteAllForUser(userId: number): Promise<number> {
    this.generation++;
    for (const [id, entry] of this.cache) if (entry.session.userId === userId) this.cache.delete(id);
    this.pending.clear();
    return this.inner.deleteAllForUser(userId);
  }

  listForUser(userId: number, now: number): Promise<SessionListing[]> {
    return this.inner.listForUser(userId, now);
  }

  async deleteByHandle(userId: number, handle: string): Promise<boolean> {
    this.generation++;
    for (const id of this.cache.keys()) if (sessionHandleOf(id) === handle) this.cache.delete(id);
    this.pending.clear();
    return this.inner.deleteByHandle(userId, handle);
  }

  async peek(id: string, now: number): Promise<Session | null> {
    // Streams check that their session still exists: always the store's answer.
    if (!this.inner.peek) return this.touch(id, now);
    const session = await this.inner.peek(id, now);
    if (!session) this.cache.delete(id);
    return session;
  }

  /** Drops what is known about a session, including a lookup in flight (it may predate the change). */
  private forget(id: string): void {
    this.generation++;
    this.cache.delete(id);
    this.pending.delete(id);
  }

  private remember(session: Session, now: number): void {
    // Oldest entries go first (Map keeps insertion order); re-inserting moves an entry to the end.
    this.cache.delete(session.id);
    this.cache.set(session.id, { session, checkedAt: now, idHash: hashSessionId(session.id) });
    if (this.cache.size > MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
  }
}
