import { beforeEach, describe, expect, it } from 'vitest';
import { svcOps } from '../../shared/svc';
import { callSim, createSvcSimulator, DEMO_ACCOUNTS, PROFILE_FIELD_IDS, type SvcSimulator } from '.';

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 40 });
});

function idOf(email: string): number {
  const user = sim.store.userByDeliveryEmail(email);
  if (!user) throw new Error(`no ${email}`);
  return user.user_id;
}

const NON_ADMINS = ['moderator@demo.test', 'member@demo.test', 'guest@demo.test'];

describe('GET /users/me', () => {
  it('returns the own-user record without bot fields', async () => {
    const { status, body } = await callSim(sim, 'GET', '/users/me', { as: 'member@demo.test' });
    expect(status).toBe(200);
    expect(svcOps.getOwnUser.response.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      user_id: idOf('member@demo.test'),
      email: 'member@demo.test',
      delivery_email: 'member@demo.test',
      full_name: 'Mia Member',
      role: 400,
      is_admin: false,
      is_owner: false,
      is_guest: false,
      is_bot: false,
      is_active: true,
    });
    expect(body).not.toHaveProperty('bot_type');
    expect(body).not.toHaveProperty('is_billing_admin');
    expect(typeof body.avatar_url).toBe('string');
    expect(typeof body.max_message_id).toBe('number');
    expect(body.profile_data).toMatchObject({ [PROFILE_FIELD_IDS.pronouns]: { value: 'she/her' } });
  });

  it('gives every named account its role and readable name', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const { body } = await callSim(sim, 'GET', '/users/me', { as: account.email });
      expect(body).toMatchObject({ role: account.role, full_name: account.fullName, email: account.email });
    }
  });
});

describe('GET /users', () => {
  it('lists everyone, bots and deactivated users included', async () => {
    const { status, body } = await callSim(sim, 'GET', '/users', { as: 'guest@demo.test' });
    expect(status).toBe(200);
    const parsed = svcOps.getUsers.response.parse(body);
    expect(parsed.members).toHaveLength(sim.store.users.length);
    expect(parsed.members.some((m) => m.is_bot)).toBe(true);
    expect(parsed.members.filter((m) => m.is_bot).map((m) => m.bot_type)).toEqual([1, 2, 3, 4]);
    const bot = parsed.members.find((m) => m.bot_type === 3);
    expect(bot).toMatchObject({ bot_owner_id: idOf('admin@demo.test'), email: 'standup-bot@demo.test' });
    expect(bot?.delivery_email).toBe('standup-bot@demo.test');
    expect(parsed.members.find((m) => !m.is_bot)).not.toHaveProperty('bot_owner_id');
  });

  it('includes custom profile fields only when asked, and never for bots', async () => {
    const plain = await callSim(sim, 'GET', '/users', { as: 'admin@demo.test' });
    const members = plain.body.members as Record<string, unknown>[];
    expect(members.every((m) => !('profile_data' in m))).toBe(true);

    const withFields = await callSim(sim, 'GET', '/users', {
      as: 'admin@demo.test',
      params: { include_custom_profile_fields: true },
    });
    const all = withFields.body.members as { is_bot: boolean; user_id: number; profile_data?: unknown }[];
    expect(all.filter((m) => m.is_bot).every((m) => m.profile_data === undefined)).toBe(true);
    expect(all.filter((m) => !m.is_bot).every((m) => typeof m.profile_data === 'object')).toBe(true);
    const mia = all.find((m) => m.user_id === idOf('member@demo.test'));
    expect(mia?.profile_data).toMatchObject({
      [PROFILE_FIELD_IDS.biography]: {
        value: 'Product designer. I care about **accessible** interfaces.',
        rendered_value: '<p>Product designer. I care about <strong>accessible</strong> interfaces.</p>',
      },
    });
  });

  it('filters by user_ids', async () => {
    const ids = [idOf('owner@demo.test'), idOf('guest@demo.test')];
    const { body } = await callSim(sim, 'GET', '/users', { as: 'member@demo.test', params: { user_ids: ids } });
    expect((body.members as { user_id: number }[]).map((m) => m.user_id)).toEqual(ids);
  });

  it('refuses an unknown ID in user_ids', async () => {
    const { status, body } = await callSim(sim, 'GET', '/users', {
      as: 'member@demo.test',
      params: { user_ids: [99999] },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Invalid user ID: 99999' });
  });

  it('rejects a malformed user_ids value', async () => {
    const { status, body } = await callSim(sim, 'GET', '/users', {
      as: 'member@demo.test',
      params: { user_ids: 'one,two' },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'BAD_REQUEST', msg: 'user_ids is not valid JSON' });
  });
});

describe('GET /users/{user_id}', () => {
  it('returns one user, deactivated or bot alike', async () => {
    const bot = sim.store.users.find((u) => u.isBot);
    const { status, body } = await callSim(sim, 'GET', `/users/${bot?.user_id}`, { as: 'member@demo.test' });
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ user_id: bot?.user_id, is_bot: true });
  });

  it.each(['/users/99999', '/users/0'])('answers "No such user" for %s', async (path) => {
    const { status, body } = await callSim(sim, 'GET', path, { as: 'member@demo.test' });
    expect(status).toBe(400);
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
  });
});

describe('PATCH /users/{user_id}', () => {
  it.each(NON_ADMINS)('refuses %s with UNAUTHORIZED_PRINCIPAL, before looking at parameters', async (as) => {
    const { status, body } = await callSim(sim, 'PATCH', `/users/${idOf('guest@demo.test')}`, {
      as,
      params: { role: 12345 },
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      result: 'error',
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
    });
  });

  it('lets an administrator rename and change roles, with events', async () => {
    const guest = idOf('guest@demo.test');
    const { status, body } = await callSim(sim, 'PATCH', `/users/${guest}`, {
      as: 'admin@demo.test',
      params: { full_name: '  Gustav Guest ', role: 400 },
    });
    expect(status).toBe(200);
    expect(body).toEqual({ result: 'success', msg: '' });
    expect(sim.store.user(guest)).toMatchObject({ fullName: 'Gustav Guest', role: 400 });
    expect(sim.emitted).toEqual([
      { type: 'realm_user', op: 'update', person: { user_id: guest, role: 400 } },
      { type: 'realm_user', op: 'update', person: { user_id: guest, full_name: 'Gustav Guest' } },
    ]);
  });

  it('emits nothing for values that do not change', async () => {
    const member = idOf('member@demo.test');
    await callSim(sim, 'PATCH', `/users/${member}`, {
      as: 'admin@demo.test',
      params: { full_name: 'Mia Member', role: 400 },
    });
    expect(sim.emitted).toEqual([]);
  });

  it('needs an owner to grant the owner role', async () => {
    const member = idOf('member@demo.test');
    const refused = await callSim(sim, 'PATCH', `/users/${member}`, { as: 'admin@demo.test', params: { role: 100 } });
    expect(refused.body).toEqual({
      result: 'error',
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization owner',
    });
    const granted = await callSim(sim, 'PATCH', `/users/${member}`, { as: 'owner@demo.test', params: { role: 100 } });
    expect(granted.status).toBe(200);
    expect(sim.store.user(member)?.role).toBe(100);
  });

  it('needs an owner to remove the owner role', async () => {
    const owner = idOf('owner@demo.test');
    const { body } = await callSim(sim, 'PATCH', `/users/${owner}`, { as: 'admin@demo.test', params: { role: 200 } });
    expect(body).toEqual({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' });
    expect(sim.store.user(owner)?.role).toBe(100);
  });

  it('refuses to demote the only owner', async () => {
    const owner = idOf('owner@demo.test');
    const { status, body } = await callSim(sim, 'PATCH', `/users/${owner}`, {
      as: 'owner@demo.test',
      params: { role: 200 },
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'The owner permission cannot be removed from the only organization owner.',
    });
  });

  it('lets an owner step down once another owner exists', async () => {
    const owner = idOf('owner@demo.test');
    await callSim(sim, 'PATCH', `/users/${idOf('admin@demo.test')}`, { as: 'owner@demo.test', params: { role: 100 } });
    const { status } = await callSim(sim, 'PATCH', `/users/${owner}`, { as: 'owner@demo.test', params: { role: 200 } });
    expect(status).toBe(200);
    expect(sim.store.user(owner)?.role).toBe(200);
  });

  it.each([
    // The wording a real server (level 372) gives for each.
    [{ role: 250 }, 'Invalid role: Value error, Not in the list of possible values'],
    [{ role: 'admin' }, 'role is not valid JSON'],
    [{ full_name: 'x'.repeat(101) }, 'Name too long!'],
    [{ profile_data: [{ id: 99, value: 'x' }] }, 'Field id 99 not found.'],
    [{ profile_data: [{ id: PROFILE_FIELD_IDS.phone, value: 5 }] }, 'Phone is not a string'],
    [{ profile_data: 'nope' }, 'profile_data is not valid JSON'],
  ])('validates %j', async (params, msg) => {
    const { status, body } = await callSim(sim, 'PATCH', `/users/${idOf('member@demo.test')}`, {
      as: 'admin@demo.test',
      params,
    });
    expect(status).toBe(400);
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
  });

  it('keeps the name when the new one is blank, answering success as a real server does', async () => {
    const member = idOf('member@demo.test');
    const before = sim.store.user(member)?.fullName;
    const { status } = await callSim(sim, 'PATCH', `/users/${member}`, {
      as: 'admin@demo.test',
      params: { full_name: '   ' },
    });
    expect(status).toBe(200);
    expect(sim.store.user(member)?.fullName).toBe(before);
  });

  it('answers "No such user" for an unknown target', async () => {
    const { body } = await callSim(sim, 'PATCH', '/users/99999', { as: 'admin@demo.test', params: { full_name: 'X' } });
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
  });

  it('updates and clears custom profile fields', async () => {
    const member = idOf('member@demo.test');
    await callSim(sim, 'PATCH', `/users/${member}`, {
      as: 'admin@demo.test',
      params: {
        profile_data: [
          { id: PROFILE_FIELD_IDS.department, value: 'Design' },
          { id: PROFILE_FIELD_IDS.phone, value: '' },
        ],
      },
    });
    const user = sim.store.user(member);
    expect(user?.profileData.get(PROFILE_FIELD_IDS.department)).toBe('Design');
    expect(user?.profileData.has(PROFILE_FIELD_IDS.phone)).toBe(false);
    expect(sim.emitted).toEqual([
      {
        type: 'realm_user',
        op: 'update',
        person: {
          user_id: member,
          custom_profile_field: { id: PROFILE_FIELD_IDS.department, value: 'Design', rendered_value: '<p>Design</p>' },
        },
      },
      {
        type: 'realm_user',
        op: 'update',
        person: { user_id: member, custom_profile_field: { id: PROFILE_FIELD_IDS.phone, value: null } },
      },
    ]);
  });
});

describe('DELETE /users/{user_id}', () => {
  it.each(NON_ADMINS)('refuses %s as a real server does (BAD_REQUEST, "Insufficient permission")', async (as) => {
    const { body } = await callSim(sim, 'DELETE', `/users/${idOf('guest@demo.test')}`, { as });
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Insufficient permission' });
    expect(sim.store.user(idOf('guest@demo.test'))?.isActive).toBe(true);
  });

  it('deactivates without an email when no comment is given', async () => {
    const guest = idOf('guest@demo.test');
    const { status, body } = await callSim(sim, 'DELETE', `/users/${guest}`, { as: 'admin@demo.test' });
    expect(status).toBe(200);
    expect(body).toEqual({ result: 'success', msg: '' });
    expect(sim.store.user(guest)?.isActive).toBe(false);
    expect(sim.store.sentEmails).toEqual([]);
    expect(sim.emitted).toEqual([{ type: 'realm_user', op: 'update', person: { user_id: guest, is_active: false } }]);
  });

  it('emails the user when a comment is given, even an empty one', async () => {
    const guest = idOf('guest@demo.test');
    const member = idOf('member@demo.test');
    sim.control.advance(60_000);
    await callSim(sim, 'DELETE', `/users/${guest}`, {
      as: 'admin@demo.test',
      params: { deactivation_notification_comment: 'Thanks for visiting!' },
    });
    await callSim(sim, 'DELETE', `/users/${member}`, {
      as: 'admin@demo.test',
      params: { deactivation_notification_comment: '' },
    });
    expect(sim.store.sentEmails).toEqual([
      {
        to: 'guest@demo.test',
        userId: guest,
        kind: 'account_deactivated',
        comment: 'Thanks for visiting!',
        sentAt: expect.any(Number),
      },
      { to: 'member@demo.test', userId: member, kind: 'account_deactivated', comment: '', sentAt: expect.any(Number) },
    ]);
    expect(sim.store.sentEmails[0]?.sentAt).toBeGreaterThanOrEqual(Date.now() + 59_000);
  });

  it.each([
    ['unknown', () => 99999],
    ['a bot', () => sim.store.users.find((u) => u.isBot)?.user_id ?? 0],
    ['already deactivated', () => sim.store.users.find((u) => !u.isActive && !u.isBot)?.user_id ?? 0],
  ])('answers "No such user" for a target that is %s', async (_case, target) => {
    const { status, body } = await callSim(sim, 'DELETE', `/users/${target()}`, { as: 'admin@demo.test' });
    expect(status).toBe(400);
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
  });

  it('does not let an administrator deactivate an owner', async () => {
    const { body } = await callSim(sim, 'DELETE', `/users/${idOf('owner@demo.test')}`, { as: 'admin@demo.test' });
    expect(body).toEqual({ result: 'error', code: 'UNAUTHORIZED_PRINCIPAL', msg: 'Must be an organization owner' });
  });

  it('refuses to deactivate the only owner', async () => {
    const { status, body } = await callSim(sim, 'DELETE', `/users/${idOf('owner@demo.test')}`, {
      as: 'owner@demo.test',
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Cannot deactivate the only organization owner',
    });
    expect(sim.store.user(idOf('owner@demo.test'))?.isActive).toBe(true);
  });

  it('deactivates the bots of a deactivated person', async () => {
    const admin = idOf('admin@demo.test');
    await callSim(sim, 'DELETE', `/users/${admin}`, { as: 'owner@demo.test' });
    const bots = sim.store.users.filter((u) => u.botOwnerId === admin);
    expect(bots).toHaveLength(4);
    expect(bots.every((b) => !b.isActive)).toBe(true);
    expect(sim.emitted.map((e) => (e.type === 'realm_user' ? e.person.user_id : null))).toEqual([
      admin,
      ...bots.map((b) => b.user_id),
    ]);
  });

  it('announces deactivation as removal before level 222', async () => {
    sim.control.setFeatureLevel(221);
    const guest = idOf('guest@demo.test');
    await callSim(sim, 'DELETE', `/users/${guest}`, { as: 'admin@demo.test' });
    expect(sim.emitted).toEqual([
      { type: 'realm_user', op: 'remove', person: { user_id: guest, full_name: 'Gus Guest' } },
    ]);
  });
});

describe('POST /users/{user_id}/reactivate', () => {
  it.each(NON_ADMINS)('refuses %s with UNAUTHORIZED_PRINCIPAL', async (as) => {
    const inactive = sim.store.users.find((u) => !u.isActive);
    const { body } = await callSim(sim, 'POST', `/users/${inactive?.user_id}/reactivate`, { as });
    expect(body).toEqual({
      result: 'error',
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
    });
  });

  it('reactivates a deactivated user', async () => {
    const guest = idOf('guest@demo.test');
    await callSim(sim, 'DELETE', `/users/${guest}`, { as: 'admin@demo.test' });
    const { status } = await callSim(sim, 'POST', `/users/${guest}/reactivate`, { as: 'admin@demo.test' });
    expect(status).toBe(200);
    expect(sim.store.user(guest)?.isActive).toBe(true);
    expect(sim.emitted.at(-1)).toEqual({
      type: 'realm_user',
      op: 'update',
      person: { user_id: guest, is_active: true },
    });
  });

  it('announces reactivation as an added user before level 222', async () => {
    sim.control.setFeatureLevel(200);
    const guest = idOf('guest@demo.test');
    await callSim(sim, 'DELETE', `/users/${guest}`, { as: 'admin@demo.test' });
    await callSim(sim, 'POST', `/users/${guest}/reactivate`, { as: 'admin@demo.test' });
    expect(sim.emitted.at(-1)).toMatchObject({
      type: 'realm_user',
      op: 'add',
      person: { user_id: guest, full_name: 'Gus Guest', is_active: true, email: 'guest@demo.test' },
    });
  });

  it('refuses an active user', async () => {
    const { status, body } = await callSim(sim, 'POST', `/users/${idOf('member@demo.test')}/reactivate`, {
      as: 'admin@demo.test',
    });
    expect(status).toBe(400);
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'User is already active.' });
  });

  it('answers "No such user" for an unknown target', async () => {
    const { body } = await callSim(sim, 'POST', '/users/99999/reactivate', { as: 'admin@demo.test' });
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
  });
});
