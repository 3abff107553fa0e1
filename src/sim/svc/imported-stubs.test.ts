import { describe, expect, it } from 'vitest';
import { callSim, createSvcSimulator } from '.';

/** Level 433: `is_imported_stub` on user objects (the demo realm has two imported accounts), both sides. */

const MEMBER = 'member@demo.test';

function setup(level: number) {
  const sim = createSvcSimulator({ generatedUsers: 0, featureLevel: level });
  const stub = sim.store.users.find((u) => u.isImportedStub)!;
  return { sim, stub };
}

describe('is_imported_stub', () => {
  it('is not sent below level 433', async () => {
    const { sim, stub } = setup(432);
    const list = await callSim(sim, 'GET', '/users', { as: MEMBER });
    for (const u of list.body.members as Record<string, unknown>[]) expect(u).not.toHaveProperty('is_imported_stub');
    const one = await callSim(sim, 'GET', `/users/${stub.user_id}`, { as: MEMBER });
    expect(one.body.user).not.toHaveProperty('is_imported_stub');
    const me = await callSim(sim, 'GET', '/users/me', { as: MEMBER });
    expect(me.body).not.toHaveProperty('is_imported_stub');
  });

  it('is on every user object from level 433: true for the imported accounts only', async () => {
    const { sim, stub } = setup(433);
    const list = await callSim(sim, 'GET', '/users', { as: MEMBER });
    const members = list.body.members as { user_id: number; is_imported_stub: boolean }[];
    expect(members.filter((u) => u.is_imported_stub).map((u) => u.user_id)).toEqual(
      sim.store.users.filter((u) => u.isImportedStub).map((u) => u.user_id),
    );
    expect(members.every((u) => typeof u.is_imported_stub === 'boolean')).toBe(true);
    const one = await callSim(sim, 'GET', `/users/${stub.user_id}`, { as: MEMBER });
    expect(one.body.user).toMatchObject({ user_id: stub.user_id, is_imported_stub: true, is_active: true });
    const byEmail = await callSim(sim, 'GET', `/users/${encodeURIComponent(stub.deliveryEmail)}`, { as: MEMBER });
    expect(byEmail.body.user).toMatchObject({ is_imported_stub: true });
    const me = await callSim(sim, 'GET', '/users/me', { as: MEMBER });
    expect(me.body).toMatchObject({ is_imported_stub: false });
  });

  it('is in the register state and in realm_user add events', async () => {
    const { sim, stub } = setup(433);
    const { body } = await callSim(sim, 'POST', '/register', {
      as: MEMBER,
      params: { fetch_event_types: ['realm_user'] },
    });
    const record = (body.realm_users as { user_id: number }[]).find((u) => u.user_id === stub.user_id);
    expect(record).toMatchObject({ is_imported_stub: true });
    // A new account is announced with its whole record, the field included.
    const created = await callSim(sim, 'POST', '/users', {
      as: 'owner@demo.test',
      params: { email: 'new.person@demo.test', password: 'a-long-password-1', full_name: 'New Person' },
    });
    expect(created.status).toBe(200);
    const add = sim.store.emitted.find((e) => e.type === 'realm_user' && e.op === 'add');
    expect(add).toMatchObject({ person: { full_name: 'New Person', is_imported_stub: false } });
  });
});
