import { describe, expect, it } from 'vitest';
import { CachedSessionStore } from './session-cache';
import { MemorySessionStore, type SessionStore } from './session-store';

const data = { userId: 7, apiEmail: 'a@x.test', apiKey: 'k', fullName: 'A', role: 200, avatarUrl: null };
const limits = { idleMs: 60_000, maxMs: 3_600_000 };

/** Counts the calls that reach the real store. */
function counting(inner: SessionStore) {
  const calls = { touch: 0 };
  const store: SessionStore = {
    create: (d, now) => inner.create(d, now),
    touch: (id, now) => {
      calls.touch += 1;
      return inner.touch(id, now);
    },
    update: (id, p) => inner.update(id, p),
    delete: (id) => inner.delete(id),
    deleteAllForUser: (u) => inner.deleteAllForUser(u),
    listForUser: (u, now) => inner.listForUser(u, now),
    deleteByHandle: (u, h) => inner.deleteByHandle(u, h),
  };
  return { store, calls };
}

describe('CachedSessionStore', () => {
  it('answers repeated lookups from memory for a short time, then asks the store again', async () => {
    const { store, calls } = counting(new MemorySessionStore(limits));
    const cached = new CachedSessionStore(store, 2_000);
    const session = await cached.create(data, 1_000);
    expect((await cached.touch(session.id, 1_500))?.userId).toBe(7);
    expect((await cached.touch(session.id, 2_900))?.userId).toBe(7);
    expect(calls.touch).toBe(0);
    await cached.touch(session.id, 3_100);
    expect(calls.touch).toBe(1);
  });

  it('forgets at once what this process signs out, and what the store says another replica ended', async () => {
    const shared = new MemorySessionStore(limits);
    const a = new CachedSessionStore(shared, 2_000);
    const b = new CachedSessionStore(shared, 2_000);
    const one = await a.create(data, 0);
    const two = await a.create(data, 0);
    await a.delete(one.id);
    expect(await a.touch(one.id, 10)).toBeNull();
    await b.touch(two.id, 10);
    await a.deleteAllForUser(7);
    expect(await a.touch(two.id, 20)).toBeNull();
    // B hears the end from the store (as replicas do over PostgreSQL), within its own trusted time.
    await new Promise((resolve) => setImmediate(resolve));
    expect(await b.touch(two.id, 1_000)).toBeNull();
  });

  it('sees another replica’s end within the time limit when the store announces no ends', async () => {
    const shared = new MemorySessionStore(limits);
    const silent: SessionStore = {
      create: (d, now) => shared.create(d, now),
      touch: (id, now) => shared.touch(id, now),
      update: (id, patch) => shared.update(id, patch),
      delete: (id) => shared.delete(id),
      deleteAllForUser: (userId) => shared.deleteAllForUser(userId),
      listForUser: (userId, now) => shared.listForUser(userId, now),
      deleteByHandle: (userId, handle) => shared.deleteByHandle(userId, handle),
    };
    const a = new CachedSessionStore(silent, 2_000);
    const b = new CachedSessionStore(silent, 2_000);
    const two = await a.create(data, 0);
    await b.touch(two.id, 10);
    await a.deleteAllForUser(7);
    // B still trusts its recent check, then learns.
    expect(await b.touch(two.id, 1_000)).not.toBeNull();
    expect(await b.touch(two.id, 2_100)).toBeNull();
  });

  it('keeps a session it updated, with the change, timed from the last store check', async () => {
    const { store, calls } = counting(new MemorySessionStore(limits));
    const cached = new CachedSessionStore(store, 2_000);
    const session = await cached.create(data, 1_000);
    await cached.update(session.id, { role: 400, fullName: 'A. Renamed' });
    const seen = await cached.touch(session.id, 1_500);
    expect(seen).toMatchObject({ role: 400, fullName: 'A. Renamed', apiKey: 'k' });
    expect(calls.touch).toBe(0);
    // The update does not extend the time the entry is trusted.
    await cached.touch(session.id, 3_100);
    expect(calls.touch).toBe(1);
    // A session it never saw stays unknown until the store is asked.
    const other = await new MemorySessionStore(limits).create(data, 0);
    await cached.update(other.id, { role: 100 });
    expect(await cached.touch(other.id, 3_200)).toBeNull();
    expect(calls.touch).toBe(2);
  });

  it('does not keep an update that a sign-out overtook', async () => {
    const inner = new MemorySessionStore(limits);
    let release: () => void = () => undefined;
    const slow: SessionStore = {
      create: (d, now) => inner.create(d, now),
      touch: (id, now) => inner.touch(id, now),
      update: async (id, p) => {
        await new Promise<void>((resolve) => (release = resolve));
        await inner.update(id, p);
      },
      delete: (id) => inner.delete(id),
      deleteAllForUser: (u) => inner.deleteAllForUser(u),
      listForUser: (u, now) => inner.listForUser(u, now),
      deleteByHandle: (u, h) => inner.deleteByHandle(u, h),
    };
    const cached = new CachedSessionStore(slow, 2_000);
    const session = await cached.create(data, 0);
    const update = cached.update(session.id, { role: 400 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await cached.delete(session.id);
    release();
    await update;
    expect(await cached.touch(session.id, 100)).toBeNull();
  });

  it('never trusts an entry when the clock goes backwards', async () => {
    const { store, calls } = counting(new MemorySessionStore(limits));
    const cached = new CachedSessionStore(store, 2_000);
    const session = await cached.create(data, 5_000);
    await cached.touch(session.id, 4_000);
    expect(calls.touch).toBe(1);
  });

  it('shares one store lookup among the requests that find an entry expired at the same time', async () => {
    const { store, calls } = counting(new MemorySessionStore(limits));
    const cached = new CachedSessionStore(store, 2_000);
    const session = await cached.create(data, 0);
    const all = await Promise.all(Array.from({ length: 20 }, () => cached.touch(session.id, 5_000)));
    expect(calls.touch).toBe(1);
    expect(all.every((s) => s?.id === session.id)).toBe(true);
    // The shared answer is remembered like any other.
    await cached.touch(session.id, 5_500);
    expect(calls.touch).toBe(1);
  });

  it('does not keep the answer of a lookup that a sign-out overtook', async () => {
    const inner = new MemorySessionStore(limits);
    let release: () => void = () => undefined;
    let hold = true;
    const slow: SessionStore = {
      create: (d, now) => inner.create(d, now),
      touch: async (id, now) => {
        const answer = await inner.touch(id, now);
        if (hold) await new Promise<void>((resolve) => (release = resolve));
        return answer;
      },
      update: (id, p) => inner.update(id, p),
      delete: (id) => inner.delete(id),
      deleteAllForUser: (u) => inner.deleteAllForUser(u),
      listForUser: (u, now) => inner.listForUser(u, now),
      deleteByHandle: (u, h) => inner.deleteByHandle(u, h),
    };
    const cached = new CachedSessionStore(slow, 2_000);
    const session = await cached.create(data, 0);
    const lookup = cached.touch(session.id, 5_000);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await cached.delete(session.id);
    hold = false;
    release();
    await lookup;
    // The lookup started before the sign-out: its (live) answer must not be trusted afterwards.
    expect(await cached.touch(session.id, 5_100)).toBeNull();
  });
});
