import { afterEach, describe, expect, it } from 'vitest';
import type { BulkPreview, BulkRun, BulkRunSummary } from '../../shared/bff/bulk';
import { bulkEngineFor } from '../bulk/routes';
import { RUN_HEARTBEAT_MS, RUN_STALE_MS } from '../bulk/engine';
import type { BulkRunStore, StoredBulkRun } from '../store/bulk-runs';
import { MemoryAuditLog, openPglite, SqlAuditLog, SqlBulkRunStore, type Database } from '../store';
import { closeHarnesses, consoleRequest, setupHarness, signIn, type Harness } from './harness';

const databases: Database[] = [];
afterEach(async () => {
  await closeHarnesses();
  await Promise.all(databases.splice(0).map((d) => d.close()));
});

async function json<T>(h: Harness, cookie: string, path: string, method = 'GET', body?: unknown) {
  const res = await h.app.request(
    consoleRequest(path, cookie, {
      method,
      ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    }),
  );
  return { status: res.status, body: (await res.json()) as T };
}

function members(h: Harness, count: number): number[] {
  return h.sim.store.users
    .filter((u) => u.role === 400 && u.isActive && !u.isBot && u.user_id > 9)
    .slice(0, count)
    .map((u) => u.user_id);
}

async function deactivateRun(h: Harness, cookie: string, userIds: number[]): Promise<BulkRun> {
  const p = await json<BulkPreview>(h, cookie, '/bff/bulk/preview', 'POST', {
    action: { kind: 'deactivate', comment: null },
    userIds,
  });
  expect(p.status).toBe(200);
  const run = await json<BulkRun>(h, cookie, '/bff/bulk/runs', 'POST', {
    previewId: p.body.previewId,
    confirmation: p.body.confirmation,
  });
  expect(run.status).toBe(200);
  return run.body;
}

describe('bulk runs tell the truth when answers are lost', () => {
  it('rows whose answer was lost are read back: done when the change is there (not "cannot be reached")', async () => {
    const audit = new MemoryAuditLog();
    const h = setupHarness({ sim: { generatedUsers: 40 }, audit, config: { bulk: { concurrency: 2 } } });
    const cookie = await signIn(h, 'admin@demo.test');
    const targets = members(h, 13);
    // Every deactivation is applied, and every answer is dropped.
    h.sim.control.failNext(13, 500, 'lost', { method: 'DELETE', pathPrefix: '/users/' });
    const started = await deactivateRun(h, cookie, targets);
    await bulkEngineFor(h.config, h.deps).settled(started.id);
    const run = (await json<BulkRun>(h, cookie, `/bff/bulk/runs/${started.id}`)).body;
    expect(targets.every((id) => !h.sim.store.user(id)!.isActive)).toBe(true);
    expect(run.counts).toMatchObject({ total: 13, done: 13, failed: 0, unknown: 0 });
    // The audit says what happened: unknown, then confirmed by reading the user back.
    const { entries } = await audit.page({ operation: 'deactivateUser', limit: 50 });
    expect(entries).toHaveLength(13);
    for (const e of entries) {
      expect(e.outcome).toBe('success');
      expect(e.error?.msg).toMatch(/^unknown → confirmed/);
    }
    // And the undo offers all 13.
    const undo = await json<BulkPreview>(h, cookie, `/bff/bulk/runs/${started.id}/undo-preview`, 'POST');
    expect(undo.body.affected).toHaveLength(13);
  });

  it('a row that cannot be read back either is "unknown" until it can; the undo plans it from the user’s state', async () => {
    const audit = new MemoryAuditLog();
    const h = setupHarness({ sim: { generatedUsers: 40 }, audit, config: { bulk: { concurrency: 1 } } });
    const cookie = await signIn(h, 'admin@demo.test');
    const targets = members(h, 3);
    // The first deactivation is applied and its answer lost; so are both reads of that user (read and retry).
    h.sim.control.failNext(3, 500, 'lost', { pathPrefix: `/users/${targets[0]}` });
    const started = await deactivateRun(h, cookie, targets);
    await bulkEngineFor(h.config, h.deps).settled(started.id);
    const listed = (await json<{ runs: BulkRunSummary[] }>(h, cookie, '/bff/bulk/runs')).body.runs[0]!;
    expect(listed.counts).toMatchObject({ done: 2, unknown: 1, failed: 0 });
    expect(listed.undoable).toBe(true);
    const pending = await audit.page({ outcome: 'unknown', limit: 5 });
    expect(pending.entries.map((e) => e.target?.id)).toEqual([String(targets[0])]);
    // The undo reads the users as they are now: all three are deactivated, so all three are reactivated.
    const undo = await json<BulkPreview>(h, cookie, `/bff/bulk/runs/${started.id}/undo-preview`, 'POST');
    expect(undo.body.affected.map((u) => u.userId).sort()).toEqual([...targets].sort());
    // Reading the user back (now possible) settled the row and its audit entry.
    const run = (await json<BulkRun>(h, cookie, `/bff/bulk/runs/${started.id}`)).body;
    expect(run.counts).toMatchObject({ done: 3, unknown: 0 });
    expect((await audit.page({ outcome: 'unknown', limit: 5 })).entries).toEqual([]);
  });

  it('a row whose read-back shows no change is "not applied", and the audit says so', async () => {
    const audit = new MemoryAuditLog();
    const h = setupHarness({ sim: { generatedUsers: 40 }, audit, config: { bulk: { concurrency: 1 } } });
    const cookie = await signIn(h, 'admin@demo.test');
    const targets = members(h, 2);
    // The connection drops before the server does anything.
    h.sim.control.failNext(1, 500, 'reset', { method: 'DELETE', pathPrefix: '/users/' });
    const started = await deactivateRun(h, cookie, targets);
    await bulkEngineFor(h.config, h.deps).settled(started.id);
    const run = (await json<BulkRun>(h, cookie, `/bff/bulk/runs/${started.id}`)).body;
    expect(run.counts).toMatchObject({ done: 1, failed: 1 });
    expect(run.rows.find((r) => r.status === 'failed')).toMatchObject({ code: 'NOT_APPLIED' });
    const { entries } = await audit.page({ operation: 'deactivateUser', outcome: 'error', limit: 5 });
    expect(entries[0]!.error).toMatchObject({
      code: 'NOT_APPLIED',
      msg: expect.stringMatching(/^unknown → not applied/),
    });
  });
});

describe('channel changes are read back too', () => {
  it('a lost answer to adding users to a channel: done where the subscriber list shows them', async () => {
    const audit = new MemoryAuditLog();
    const h = setupHarness({ sim: { generatedUsers: 40 }, audit, config: { bulk: { concurrency: 1 } } });
    const cookie = await signIn(h, 'admin@demo.test');
    const design = h.sim.store.channels.find((c) => c.name === 'design')!;
    const targets = members(h, 6)
      .filter((id) => !design.subscribers.has(id))
      .slice(0, 3);
    const p = await json<BulkPreview>(h, cookie, '/bff/bulk/preview', 'POST', {
      action: { kind: 'add_channels', channelIds: [design.stream_id] },
      userIds: targets,
    });
    h.sim.control.failNext(3, 500, 'lost', { method: 'POST', pathPrefix: '/users/me/subscriptions' });
    const started = await json<BulkRun>(h, cookie, '/bff/bulk/runs', 'POST', { previewId: p.body.previewId });
    await bulkEngineFor(h.config, h.deps).settled(started.body.id);
    const listed = (await json<{ runs: BulkRunSummary[] }>(h, cookie, '/bff/bulk/runs')).body.runs[0]!;
    expect(targets.every((id) => design.subscribers.has(id))).toBe(true);
    expect(listed.counts).toMatchObject({ done: 3, failed: 0, unknown: 0 });
  });
});

describe('bulk runs are kept in SQL', () => {
  it('a run survives a restart, is listed, and its unfinished rows are settled by reading the users back', async () => {
    const database = await openPglite(null);
    databases.push(database);
    await database.migrate();
    const bulkRuns = new SqlBulkRunStore(database.db);
    const audit = new SqlAuditLog(database.db, 'test');
    const before = setupHarness({ sim: { generatedUsers: 40 }, audit, bulkRuns, config: { bulk: { concurrency: 1 } } });
    const cookie = await signIn(before, 'admin@demo.test');
    const targets = members(before, 6);
    // Slow enough to stop it part-way: paused after the first rows, then the process "dies".
    before.sim.control.setLatency(20);
    const started = await deactivateRun(before, cookie, targets);
    const runOf = async () => (await json<BulkRun>(before, cookie, `/bff/bulk/runs/${started.id}`)).body;
    await expect.poll(async () => (await runOf()).counts.done, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await json(before, cookie, `/bff/bulk/runs/${started.id}/pause`, 'POST');
    await expect.poll(async () => (await runOf()).rows.some((r) => r.status === 'running')).toBe(false);
    before.sim.control.setLatency(0);
    const deactivated = targets.filter((id) => !before.sim.store.user(id)!.isActive);

    // A new process on the same database and chat server, later than any heartbeat of the old one.
    const after = setupHarness({
      upstream: before.sim,
      audit,
      bulkRuns,
      now: () => Date.now() + RUN_STALE_MS + 1_000,
    });
    const cookieAfter = await signIn(after, 'admin@demo.test');
    const listed = await json<{ runs: BulkRunSummary[] }>(after, cookieAfter, '/bff/bulk/runs');
    expect(listed.body.runs.map((r) => [r.id, r.status])).toContainEqual([started.id, 'interrupted']);
    const run = (await json<BulkRun>(after, cookieAfter, `/bff/bulk/runs/${started.id}`)).body;
    expect(run.status).toBe('interrupted');
    // Every row says what happened to its user, as the chat server shows it now.
    for (const row of run.rows) {
      const isDeactivated = deactivated.includes(row.userId);
      expect(row.status, `${row.userId}`).toBe(isDeactivated ? 'done' : 'cancelled');
    }
    // Its undo is offered for what it did.
    const undo = await json<BulkPreview>(after, cookieAfter, `/bff/bulk/runs/${started.id}/undo-preview`, 'POST');
    expect(undo.body.affected.map((u) => u.userId).sort()).toEqual([...deactivated].sort());
  });
});

/** The store as one process sees it; `die()` is that process killed: nothing it does is written any more. */
class MortalStore implements BulkRunStore {
  private dead = false;
  constructor(private readonly inner: BulkRunStore) {}
  die(): void {
    this.dead = true;
  }
  async save(run: StoredBulkRun) {
    if (!this.dead) await this.inner.save(run);
  }
  async heartbeat(ids: readonly string[], at: number) {
    if (!this.dead) await this.inner.heartbeat(ids, at);
  }
  get(id: string) {
    return this.inner.get(id);
  }
  list(ownerUserId: number, limit: number) {
    return this.inner.list(ownerUserId, limit);
  }
  listAll(limit: number) {
    return this.inner.listAll(limit);
  }
  prune(ownerUserId: number, keep: number) {
    return this.inner.prune(ownerUserId, keep);
  }
}

describe('a bulk run whose process died', () => {
  async function startSlowRun() {
    const database = await openPglite(null);
    databases.push(database);
    await database.migrate();
    const shared = new SqlBulkRunStore(database.db);
    const mortal = new MortalStore(shared);
    const before = setupHarness({
      sim: { generatedUsers: 40 },
      bulkRuns: mortal,
      config: { bulk: { concurrency: 1 } },
    });
    const cookie = await signIn(before, 'admin@demo.test');
    before.sim.control.setLatency(20);
    const started = await deactivateRun(before, cookie, members(before, 8));
    const runOf = async () => (await json<BulkRun>(before, cookie, `/bff/bulk/runs/${started.id}`)).body;
    await expect.poll(async () => (await runOf()).counts.done, { timeout: 5_000 }).toBeGreaterThanOrEqual(1);
    await json(before, cookie, `/bff/bulk/runs/${started.id}/pause`, 'POST');
    return { before, shared, mortal, started };
  }

  it('is called interrupted within seconds of its last heartbeat, not after 40', async () => {
    const { before, shared, mortal, started } = await startSlowRun();
    // Alive: the heartbeat is renewed every second while it runs (paused included).
    const first = (await shared.get(started.id))!.heartbeatAt;
    await expect
      .poll(async () => (await shared.get(started.id))!.heartbeatAt, { timeout: 3_000 })
      .toBeGreaterThan(first);
    mortal.die();
    const last = (await shared.get(started.id))!.heartbeatAt;
    // Another process looks 6 s after the last beat (a few seconds, not the 45 it took).
    const after = setupHarness({ upstream: before.sim, bulkRuns: shared, now: () => last + 6_000 });
    const cookie = await signIn(after, 'admin@demo.test');
    const run = (await json<BulkRun>(after, cookie, `/bff/bulk/runs/${started.id}`)).body;
    expect(RUN_STALE_MS).toBeLessThanOrEqual(6_000);
    expect(run.status).toBe('interrupted');
  });

  it('is not called interrupted while its process is alive, however long it runs', async () => {
    const { before, shared, started } = await startSlowRun();
    await new Promise((resolve) => setTimeout(resolve, RUN_HEARTBEAT_MS * 3));
    const after = setupHarness({ upstream: before.sim, bulkRuns: shared });
    const cookie = await signIn(after, 'admin@demo.test');
    const run = (await json<BulkRun>(after, cookie, `/bff/bulk/runs/${started.id}`)).body;
    expect(run.status).toBe('paused');
  });
});

describe('a single change whose answer was lost', () => {
  it('is read back: the audit says "unknown → confirmed" and the browser hears it was done', async () => {
    const audit = new MemoryAuditLog();
    const h = setupHarness({ sim: { generatedUsers: 40 }, audit });
    const cookie = await signIn(h, 'admin@demo.test');
    const [target] = members(h, 1);
    h.sim.control.failNext(1, 500, 'lost', { method: 'DELETE', pathPrefix: '/users/' });
    const res = await h.app.request(consoleRequest(`/bff/svc/users/${target}`, cookie, { method: 'DELETE' }));
    expect(h.sim.store.user(target!)!.isActive).toBe(false);
    expect(res.status).toBe(200);
    const [entry] = (await audit.page({ operation: 'deactivateUser', limit: 1 })).entries;
    expect(entry).toMatchObject({ outcome: 'success', error: { code: 'ANSWER_LOST' } });
    expect(entry!.error!.msg).toMatch(/^unknown → confirmed/);
  });

  it('is "unknown → not applied" when the read-back shows no change, and the browser may try again', async () => {
    const audit = new MemoryAuditLog();
    const h = setupHarness({ sim: { generatedUsers: 40 }, audit });
    const cookie = await signIn(h, 'admin@demo.test');
    const [target] = members(h, 1);
    h.sim.control.failNext(1, 500, 'reset', { method: 'DELETE', pathPrefix: '/users/' });
    const res = await h.app.request(consoleRequest(`/bff/svc/users/${target}`, cookie, { method: 'DELETE' }));
    expect(res.status).toBe(502);
    expect(((await res.json()) as { msg: string }).msg).toMatch(/not made/);
    const [entry] = (await audit.page({ operation: 'deactivateUser', limit: 1 })).entries;
    expect(entry).toMatchObject({ outcome: 'error', error: { code: 'NOT_APPLIED' } });
  });
});
