import { afterEach, describe, expect, it } from 'vitest';
import { GROUP_NAMES_STATE_PATH, groupNamesStateSchema } from '../../shared/bff/protocol';
import { callSim } from '../../sim/svc';
import { applyGroupNameEvent, groupNamesFromRegister } from '../event-hub/group-names';
import { closeTestBffs, createTestBff, ORIGIN, signInSession } from '../test-support/test-bff';

afterEach(closeTestBffs);

function setup() {
  return createTestBff({
    sim: { heartbeatSeconds: 0.2, longpollTimeoutSeconds: 1 },
    deps: { hub: { backoff: { initialMs: 20, maxMs: 80 }, reapEveryMs: null, longpollMarginMs: 500 } },
  });
}

describe('GET /bff/state/group-names', () => {
  it('gives a guest, who may not list user groups, every group by name', async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'guest@demo.test');
    const refused = await callSim(h.sim, 'GET', '/user_groups', { as: 'guest@demo.test' });
    expect(refused.body).toMatchObject({ result: 'error', msg: 'Not allowed for guest users' });
    const res = await h.app.request(ORIGIN + GROUP_NAMES_STATE_PATH, { headers: { cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { groups } = groupNamesStateSchema.parse(await res.json());
    const everyone = h.sim.store.userGroups.find((g) => g.name === 'role:everyone')!;
    expect(groups).toContainEqual({
      id: everyone.id,
      name: 'role:everyone',
      is_system_group: true,
      deactivated: false,
    });
    expect(groups!.length).toBe(h.sim.store.userGroups.length);
    // Names only: who is in a group stays with those who may read the groups.
    expect(Object.keys(groups![0]!).sort()).toEqual(['deactivated', 'id', 'is_system_group', 'name']);
  });

  it('follows a group made, renamed and deactivated after sign-in', async () => {
    const h = setup();
    const { cookie } = await signInSession(h, 'guest@demo.test');
    const read = async () =>
      groupNamesStateSchema.parse(
        await (await h.app.request(ORIGIN + GROUP_NAMES_STATE_PATH, { headers: { cookie } })).json(),
      ).groups ?? [];
    const made = await callSim(h.sim, 'POST', '/user_groups/create', {
      as: 'admin@demo.test',
      params: { name: 'night-shift', description: 'Nights.', members: [] },
    });
    const id = (made.body as { group_id: number }).group_id;
    await expect.poll(async () => (await read()).find((g) => g.id === id)?.name).toBe('night-shift');
    await callSim(h.sim, 'PATCH', `/user_groups/${id}`, { as: 'admin@demo.test', params: { name: 'late-shift' } });
    await expect.poll(async () => (await read()).find((g) => g.id === id)?.name).toBe('late-shift');
    await callSim(h.sim, 'POST', `/user_groups/${id}/deactivate`, { as: 'admin@demo.test' });
    await expect.poll(async () => (await read()).find((g) => g.id === id)?.deactivated).toBe(true);
  });
});

describe('group names from the register state', () => {
  const base = { id: 1, type: 'user_group' };
  const names = groupNamesFromRegister([
    { id: 7, name: 'role:members', is_system_group: true, members: [1, 2] },
    { id: 9, name: 'design', is_system_group: false, deactivated: false, members: [] },
    { id: 'x', name: 3 },
  ])!;

  it('keeps who each group is, not who is in it; odd entries are left out', () => {
    expect(names).toEqual([
      { id: 7, name: 'role:members', is_system_group: true, deactivated: false },
      { id: 9, name: 'design', is_system_group: false, deactivated: false },
    ]);
    expect(groupNamesFromRegister(undefined)).toBeNull();
  });

  it('adds, renames, marks deactivated (a `remove` too) and ignores membership changes', () => {
    const added = applyGroupNameEvent(names, {
      ...base,
      op: 'add',
      group: { id: 8, name: 'ops', is_system_group: false, members: [] },
    });
    expect(added!.map((g) => g.id)).toEqual([7, 8, 9]);
    expect(applyGroupNameEvent(names, { ...base, op: 'update', group_id: 9, data: { name: 'ux' } })![1]!.name).toBe(
      'ux',
    );
    expect(applyGroupNameEvent(names, { ...base, op: 'remove', group_id: 9 })![1]!.deactivated).toBe(true);
    expect(
      applyGroupNameEvent(names, { ...base, op: 'update', group_id: 9, data: { deactivated: true } })![1]!.deactivated,
    ).toBe(true);
    expect(applyGroupNameEvent(names, { ...base, op: 'add_members', group_id: 9, user_ids: [3] })).toBeNull();
    expect(applyGroupNameEvent(names, { ...base, op: 'update', group_id: 9, data: { description: 'x' } })).toBeNull();
  });
});
