import { afterEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from '../../shared/bff/protocol';
import type { BulkPreview, BulkRun, BulkRunSummary } from '../../shared/bff/bulk';
import { closeTestBffs, createTestBff, ORIGIN, signIn } from '../test-support/test-bff';
import { bulkEngineFor } from './routes';

/** The Bulk runs page's BFF side: every administrator's runs, who started each, and undo kept to its owner. */
function setup(featureLevel?: number) {
  const h = createTestBff({
    sim: { generatedUsers: 20, ...(featureLevel === undefined ? {} : { featureLevel }) },
    config: { bulk: { concurrency: 2 } },
  });
  return { ...h, engine: bulkEngineFor(h.config, h.deps) };
}
type Harness = ReturnType<typeof setup>;

afterEach(closeTestBffs);

async function call<T>(h: Harness, cookie: string, path: string, method = 'GET', body?: unknown) {
  const headers = new Headers({ origin: ORIGIN, [CSRF_HEADER]: '1', cookie });
  if (body !== undefined) headers.set('content-type', 'application/json');
  const res = await h.app.request(
    new Request(ORIGIN + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }),
  );
  return { status: res.status, body: (await res.json()) as T };
}

/** Active generated members whose API address differs from their real one (the server hides it). */
function hiddenEmailMembers(h: Harness, count: number) {
  return h.sim.store.users
    .filter((u) => u.role === 400 && u.isActive && !u.isBot && u.user_id > 9 && u.apiEmail !== u.deliveryEmail)
    .slice(0, count);
}

async function deactivate(h: Harness, cookie: string, userIds: number[]) {
  const p = (
    await call<BulkPreview>(h, cookie, '/bff/bulk/preview', 'POST', {
      action: { kind: 'deactivate', comment: null },
      userIds,
    })
  ).body;
  const run = (
    await call<BulkRun>(h, cookie, '/bff/bulk/runs', 'POST', {
      previewId: p.previewId,
      confirmation: p.confirmation ?? undefined,
    })
  ).body;
  await h.engine.settled(run.id);
  return { preview: p, run };
}

describe('bulk runs page (BFF)', () => {
  it('names people in the preview and the run by the address the users table shows, not the API one', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const people = hiddenEmailMembers(h, 2);
    expect(people).toHaveLength(2);
    const { preview, run } = await deactivate(
      h,
      cookie,
      people.map((u) => u.user_id),
    );
    expect(preview.affected.map((u) => u.email)).toEqual(people.map((u) => u.deliveryEmail));
    expect(preview.affected.some((u) => /^user\d+@/.test(u.email))).toBe(false);
    const done = (await call<BulkRun>(h, cookie, `/bff/bulk/runs/${run.id}`)).body;
    expect(done.rows.map((r) => r.email)).toEqual(people.map((u) => u.deliveryEmail));
  });

  it('lists every administrator’s runs with who started them; only the owner may undo', async () => {
    const h = setup();
    const admin = await signIn(h, 'admin@demo.test');
    const owner = await signIn(h, 'owner@demo.test');
    const [a, b] = hiddenEmailMembers(h, 2);
    const { run: first } = await deactivate(h, admin, [a!.user_id]);
    const { run: second } = await deactivate(h, owner, [b!.user_id]);

    const listed = (await call<{ runs: BulkRunSummary[] }>(h, admin, '/bff/bulk/history')).body.runs;
    expect(listed.map((r) => [r.id, r.startedBy?.name, r.mine])).toEqual([
      [second.id, 'Olivia Owner', false],
      [first.id, 'Adam Admin', true],
    ]);
    expect(listed[1]).toMatchObject({ status: 'done', undoable: true, counts: { done: 1, total: 1 } });

    // Another administrator's run is readable here (the audit shows its rows anyway), not controllable.
    const theirs = await call<BulkRun>(h, admin, `/bff/bulk/history/${second.id}`);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({ mine: false, startedBy: { name: 'Olivia Owner' } });
    expect(theirs.body.rows[0]).toMatchObject({ userId: b!.user_id, status: 'done', email: b!.deliveryEmail });
    expect((await call(h, admin, `/bff/bulk/runs/${second.id}/undo-preview`, 'POST')).status).toBe(404);
    expect((await call(h, admin, `/bff/bulk/runs/${second.id}/cancel`, 'POST')).status).toBe(404);

    const mine = await call<BulkRun>(h, admin, `/bff/bulk/history/${first.id}`);
    expect(mine.body).toMatchObject({ mine: true, rows: [{ status: 'done' }] });
    expect((await call(h, admin, '/bff/bulk/history/no-such-run')).status).toBe(404);
  });

  it('an undo once everyone is back has nothing left to do, and says why per person', async () => {
    const h = setup();
    const admin = await signIn(h, 'admin@demo.test');
    const [a] = hiddenEmailMembers(h, 1);
    const { run } = await deactivate(h, admin, [a!.user_id]);
    // Someone reactivates the person outside the run.
    h.sim.store.user(a!.user_id)!.isActive = true;
    const undo = (await call<BulkPreview>(h, admin, `/bff/bulk/runs/${run.id}/undo-preview`, 'POST')).body;
    expect(undo.affected).toEqual([]);
    expect(undo.skipped).toMatchObject([{ userId: a!.user_id, reason: 'already_active' }]);
  });

  it.each([
    ['user IDs', undefined],
    ['API emails (before level 289)', 288],
  ])('a subscribe someone else made first is done with nothing changed (answers keyed by %s)', async (_, level) => {
    const h = setup(level);
    const admin = await signIn(h, 'admin@demo.test');
    const design = h.sim.store.channels.find((c) => c.name === 'design')!;
    const [a, b] = hiddenEmailMembers(h, 2).filter((u) => !design.subscribers.has(u.user_id));
    const p = (
      await call<BulkPreview>(h, admin, '/bff/bulk/preview', 'POST', {
        action: { kind: 'add_channels', channelIds: [design.stream_id] },
        userIds: [a!.user_id, b!.user_id],
      })
    ).body;
    expect(p.affected).toHaveLength(2);
    // Between the preview and the run, someone else subscribes one of them.
    design.subscribers.add(a!.user_id);
    const run = (await call<BulkRun>(h, admin, '/bff/bulk/runs', 'POST', { previewId: p.previewId })).body;
    await h.engine.settled(run.id);
    const done = (await call<BulkRun>(h, admin, `/bff/bulk/runs/${run.id}`)).body;
    expect(done.rows.find((r) => r.userId === a!.user_id)).toMatchObject({
      status: 'done',
      changedChannels: [],
      msg: 'No change: already subscribed to these channels.',
    });
    expect(done.rows.find((r) => r.userId === b!.user_id)).toMatchObject({ changedChannels: ['design'], msg: null });
    const undo = (await call<BulkPreview>(h, admin, `/bff/bulk/runs/${run.id}/undo-preview`, 'POST')).body;
    expect(undo.affected.map((u) => u.userId)).toEqual([b!.user_id]);
  });

  it('is for administrators only', async () => {
    const h = setup();
    const member = await signIn(h, 'member@demo.test');
    expect((await call(h, member, '/bff/bulk/history')).status).toBe(403);
  });
});
