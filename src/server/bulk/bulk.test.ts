import { afterEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../shared/bff/protocol';
import type { BulkPreview, BulkRun } from '../../shared/bff/bulk';
import { closeTestBffs, createTestBff, ORIGIN, signIn } from '../test-support/test-bff';
import { bulkEngineFor } from './routes';

/** The test BFF over 40 generated people, `concurrency` requests in flight per run, and chat-server latency. */
function setup(options: { concurrency?: number; latencyMs?: number } = {}) {
  const h = createTestBff({
    sim: { generatedUsers: 40 },
    config: { upstreamTimeoutMs: 5_000, bulk: { concurrency: options.concurrency ?? 4 } },
  });
  if (options.latencyMs) h.sim.control.setLatency(options.latencyMs);
  return { ...h, engine: bulkEngineFor(h.config, h.deps) };
}
type Harness = ReturnType<typeof setup>;

afterEach(closeTestBffs);

function req(path: string, method = 'GET', body?: unknown, cookie?: string) {
  const headers = new Headers({ origin: ORIGIN, [CSRF_HEADER]: '1' });
  if (cookie) headers.set('cookie', cookie);
  if (body !== undefined) headers.set('content-type', 'application/json');
  return new Request(ORIGIN + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function call<T>(h: Harness, cookie: string, path: string, method = 'GET', body?: unknown) {
  const res = await h.app.request(req(path, method, body, cookie));
  return { status: res.status, body: (await res.json()) as T };
}

function id(h: Harness, email: string): number {
  return h.sim.store.userByDeliveryEmail(email)!.user_id;
}

/** Active generated members (not the named accounts). */
function members(h: Harness, count: number): number[] {
  return h.sim.store.users
    .filter((u) => u.role === 400 && u.isActive && !u.isBot && u.user_id > 9)
    .slice(0, count)
    .map((u) => u.user_id);
}

async function preview(h: Harness, cookie: string, action: unknown, userIds: number[]) {
  return call<BulkPreview>(h, cookie, '/bff/bulk/preview', 'POST', { action, userIds });
}

async function startRun(h: Harness, cookie: string, p: BulkPreview) {
  const res = await call<BulkRun>(h, cookie, '/bff/bulk/runs', 'POST', {
    previewId: p.previewId,
    confirmation: p.confirmation ?? undefined,
  });
  expect(res.status).toBe(200);
  return res.body;
}

describe('bulk preview', () => {
  it('skips yourself, the last owner, deactivated users and bots, with reasons', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const deactivated = h.sim.store.users.find((u) => !u.isActive && !u.isBot)!.user_id;
    const bot = h.sim.store.userByDeliveryEmail('deploy-bot@demo.test')!.user_id;
    const targets = members(h, 3);
    const { status, body } = await preview(h, cookie, { kind: 'deactivate', comment: null }, [
      id(h, 'admin@demo.test'),
      id(h, 'owner@demo.test'),
      deactivated,
      bot,
      ...targets,
      999_999,
    ]);
    expect(status).toBe(200);
    expect(body.affected.map((u) => u.userId)).toEqual(targets);
    const reasons = Object.fromEntries(body.skipped.map((s) => [s.userId, s.reason]));
    expect(reasons).toEqual({
      [id(h, 'admin@demo.test')]: 'self',
      [id(h, 'owner@demo.test')]: 'last_owner',
      [deactivated]: 'already_deactivated',
      // The admin owns the demo bots; bots are still not deactivated from here.
      [bot]: 'bot',
      999999: 'not_found',
    });
    expect(body.skipped.find((s) => s.reason === 'last_owner')!.reasonText).toMatch(/last owner/);
    expect(body.confirmation).toBe('deactivate 3 users');
    expect(body.label).toBe('Deactivate 3 users');
  });

  it("role changes: already in that role, a bot you don't own, and only owners make owners", async () => {
    const h = setup();
    const owner = await signIn(h, 'owner@demo.test');
    const bot = h.sim.store.userByDeliveryEmail('deploy-bot@demo.test')!.user_id;
    const [a, b] = members(h, 2);
    const mod = id(h, 'moderator@demo.test');
    const asOwner = await preview(h, owner, { kind: 'change_role', role: 300 }, [a!, mod, bot]);
    expect(asOwner.body.affected.map((u) => u.userId)).toEqual([a]);
    expect(asOwner.body.skipped.map((s) => [s.userId, s.reason])).toEqual([
      [mod, 'already_in_role'],
      [bot, 'bot_not_owned'],
    ]);

    const admin = await signIn(h, 'admin@demo.test');
    const toOwner = await preview(h, admin, { kind: 'change_role', role: 100 }, [b!]);
    expect(toOwner.body.skipped.map((s) => s.reason)).toEqual(['no_permission']);
    expect(toOwner.body.confirmation).toBeNull();
  });

  it('is for administrators only', async () => {
    const h = setup();
    const cookie = await signIn(h, 'moderator@demo.test');
    const res = await preview(h, cookie, { kind: 'deactivate', comment: null }, members(h, 1));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'BULK_FORBIDDEN' });
  });
});

describe('bulk runs', () => {
  it('require the typed confirmation for destructive actions, checked by the BFF', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const targets = members(h, 2);
    const p = (await preview(h, cookie, { kind: 'deactivate', comment: 'Cleaning up.' }, targets)).body;
    const missing = await call(h, cookie, '/bff/bulk/runs', 'POST', { previewId: p.previewId });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'BULK_CONFIRMATION_MISMATCH' });
    const wrong = await call(h, cookie, '/bff/bulk/runs', 'POST', {
      previewId: p.previewId,
      confirmation: 'deactivate 3 users',
    });
    expect(wrong.status).toBe(400);
    expect(targets.every((t) => h.sim.store.user(t)!.isActive)).toBe(true);

    const run = await startRun(h, cookie, { ...p, confirmation: '  Deactivate 2 users ' });
    await h.engine.settled(run.id);
    const done = (await call<BulkRun>(h, cookie, `/bff/bulk/runs/${run.id}`)).body;
    expect(done.status).toBe('done');
    expect(done.rows.map((r) => r.status)).toEqual(['done', 'done']);
    expect(targets.every((t) => !h.sim.store.user(t)!.isActive)).toBe(true);
    expect(h.sim.store.sentEmails.at(-1)).toMatchObject({ comment: 'Cleaning up.' });
    // A preview runs once.
    const again = await call(h, cookie, '/bff/bulk/runs', 'POST', {
      previewId: p.previewId,
      confirmation: p.confirmation,
    });
    expect(again.status).toBe(410);
  });

  it('waits out 429 answers (Retry-After) instead of failing rows', async () => {
    const h = setup({ concurrency: 4 });
    const cookie = await signIn(h, 'admin@demo.test');
    const targets = members(h, 8);
    const p = (await preview(h, cookie, { kind: 'change_role', role: 600 }, targets)).body;
    // The run's own changes are limited, not the role check that precedes the start.
    h.sim.control.failNext(3, 429, 'envelope', { method: 'PATCH', pathPrefix: '/users/' });
    const begun = Date.now();
    const run = await startRun(h, cookie, p);
    await h.engine.settled(run.id);
    const elapsed = Date.now() - begun;
    const done = (await call<BulkRun>(h, cookie, `/bff/bulk/runs/${run.id}`)).body;
    expect(done.counts).toMatchObject({ total: 8, done: 8, failed: 0 });
    expect(done.rateLimitWaits).toBeGreaterThanOrEqual(1);
    // The simulator asks for one second.
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(targets.every((t) => h.sim.store.user(t)!.role === 600)).toBe(true);
  });

  it('cancel stops before the next request; pause holds, resume goes on', async () => {
    const h = setup({ concurrency: 1, latencyMs: 30 });
    const cookie = await signIn(h, 'admin@demo.test');
    const targets = members(h, 12);
    const p = (await preview(h, cookie, { kind: 'deactivate', comment: null }, targets)).body;
    const deletes = () => h.upstream.filter((s) => s.method === 'DELETE' && s.url.pathname.includes('/users/'));
    const run = await startRun(h, cookie, p);

    await expect.poll(() => deletes().length, { timeout: 3_000, interval: 5 }).toBeGreaterThanOrEqual(2);
    await call(h, cookie, `/bff/bulk/runs/${run.id}/pause`, 'POST');
    const heldAt = deletes().length;
    // Once the request in flight at the pause has settled, the worker is parked until resume or cancel.
    await expect
      .poll(async () => (await call<BulkRun>(h, cookie, `/bff/bulk/runs/${run.id}`)).body.rows.map((r) => r.status))
      .not.toContain('running');
    expect(deletes().length).toBeLessThanOrEqual(heldAt);
    const paused = (await call<BulkRun>(h, cookie, `/bff/bulk/runs/${run.id}`)).body;
    expect(paused.status).toBe('paused');
    await call(h, cookie, `/bff/bulk/runs/${run.id}/resume`, 'POST');
    await expect.poll(() => deletes().length, { timeout: 3_000, interval: 5 }).toBeGreaterThan(heldAt);

    const startedBefore = deletes().length;
    await call(h, cookie, `/bff/bulk/runs/${run.id}/cancel`, 'POST');
    await h.engine.settled(run.id);
    const after = deletes().slice(startedBefore);
    expect(after).toEqual([]);
    const final = (await call<BulkRun>(h, cookie, `/bff/bulk/runs/${run.id}`)).body;
    expect(final.status).toBe('cancelled');
    expect(final.counts.done).toBe(startedBefore);
    expect(final.counts.cancelled).toBe(12 - startedBefore);
    expect(final.rows.filter((r) => r.status === 'cancelled').every((r) => h.sim.store.user(r.userId)!.isActive)).toBe(
      true,
    );
  });

  it("reports each failure with the server's msg; undo reactivates exactly the succeeded rows", async () => {
    const h = setup({ concurrency: 1 });
    const cookie = await signIn(h, 'admin@demo.test');
    const targets = members(h, 5);
    const p = (await preview(h, cookie, { kind: 'deactivate', comment: null }, targets)).body;
    // The second row's user is deactivated meanwhile by someone else: the server refuses that row.
    h.sim.store.user(targets[1]!)!.isActive = false;
    const run = await startRun(h, cookie, p);
    await h.engine.settled(run.id);
    const done = (await call<BulkRun>(h, cookie, `/bff/bulk/runs/${run.id}`)).body;
    expect(done.rows.map((r) => r.status)).toEqual(['done', 'failed', 'done', 'done', 'done']);
    expect(done.rows[1]).toMatchObject({ code: 'BAD_REQUEST', msg: 'No such user' });
    expect(done.undoable).toBe(true);

    const undo = await call<BulkPreview>(h, cookie, `/bff/bulk/runs/${run.id}/undo-preview`, 'POST');
    expect(undo.body.kind).toBe('reactivate');
    expect(undo.body.affected.map((u) => u.userId)).toEqual([targets[0], targets[2], targets[3], targets[4]]);
    expect(undo.body.confirmation).toBeNull();
    const undoRun = (
      await call<BulkRun>(h, cookie, `/bff/bulk/runs/${run.id}/undo`, 'POST', { previewId: undo.body.previewId })
    ).body;
    await h.engine.settled(undoRun.id);
    expect(targets.map((t) => h.sim.store.user(t)!.isActive)).toEqual([true, false, true, true, true]);
    const original = (await call<BulkRun>(h, cookie, `/bff/bulk/runs/${run.id}`)).body;
    expect(original).toMatchObject({ undoneBy: undoRun.id, undoable: false });
  });

  it('restores previous roles, and records every row in the audit log with the run id', async () => {
    const h = setup();
    const cookie = await signIn(h, 'owner@demo.test');
    const mod = id(h, 'moderator@demo.test');
    const [m] = members(h, 1);
    const p = (await preview(h, cookie, { kind: 'change_role', role: 200 }, [mod, m!])).body;
    expect(p.confirmation).toBe('change role of 2 users');
    const run = await startRun(h, cookie, p);
    await h.engine.settled(run.id);
    expect([h.sim.store.user(mod)!.role, h.sim.store.user(m!)!.role]).toEqual([200, 200]);
    const entries = await h.deps.audit.export({}, 100);
    const rows = entries.filter((e) => e.params.bulk_run_id === run.id);
    expect(rows.map((e) => [e.operation, e.target?.id, e.outcome]).sort()).toEqual(
      [
        ['updateUser', String(mod), 'success'],
        ['updateUser', String(m), 'success'],
      ].sort(),
    );

    const undo = (await call<BulkPreview>(h, cookie, `/bff/bulk/runs/${run.id}/undo-preview`, 'POST')).body;
    expect(undo.kind).toBe('restore_roles');
    const undoRun = (
      await call<BulkRun>(h, cookie, `/bff/bulk/runs/${run.id}/undo`, 'POST', { previewId: undo.previewId })
    ).body;
    await h.engine.settled(undoRun.id);
    expect([h.sim.store.user(mod)!.role, h.sim.store.user(m!)!.role]).toEqual([300, 400]);
  });

  it('adds to channels (skipping those already in), and a run is visible only to its user', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const design = h.sim.store.channels.find((c) => c.name === 'design')!;
    const [m] = members(h, 1);
    const p = (
      await preview(h, cookie, { kind: 'add_channels', channelIds: [design.stream_id] }, [
        m!,
        id(h, 'member@demo.test'),
      ])
    ).body;
    expect(p.affected.map((u) => u.userId)).toEqual([m]);
    expect(p.skipped.map((s) => s.reason)).toEqual(['already_in_channels']);
    expect(p.confirmation).toBeNull();
    const run = await startRun(h, cookie, p);
    await h.engine.settled(run.id);
    expect(design.subscribers.has(m!)).toBe(true);
    const done = (await call<BulkRun>(h, cookie, `/bff/bulk/runs/${run.id}`)).body;
    expect(done.rows[0]).toMatchObject({ status: 'done', changedChannels: ['design'] });

    const other = await signIn(h, 'owner@demo.test');
    expect((await call(h, other, `/bff/bulk/runs/${run.id}`)).status).toBe(404);
  });
});
