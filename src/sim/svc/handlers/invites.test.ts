import { beforeEach, describe, expect, it } from 'vitest';
import { callSim, createSvcSimulator, type SvcSimulator } from '..';

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
});

function invite(params: Record<string, unknown>, as = 'admin@demo.test') {
  return callSim(sim, 'POST', '/invites', { as, params: { stream_ids: [], ...params } });
}

async function list(as = 'admin@demo.test') {
  const { body } = await callSim(sim, 'GET', '/invites', { as });
  return body.invites as Record<string, unknown>[];
}

describe('POST /invites', () => {
  it('invites new addresses, lists them and tells administrators and the inviter', async () => {
    const res = await invite({ invitee_emails: 'new1@example.com,\nNew Two <new2@example.com>', invite_as: 600 });
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const invites = await list();
    expect(invites.map((i) => i.email)).toEqual(['new1@example.com', 'new2@example.com']);
    expect(invites[0]).toMatchObject({ invited_as: 600, is_multiuse: false, notify_referrer_on_join: true });
    expect(sim.emitted.map((e) => e.type)).toEqual(['invites_changed']);
  });

  it('refuses everything when one address is invalid, naming each address', async () => {
    const res = await invite({ invitee_emails: 'notanemail, member@demo.test, fine@example.com' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      result: 'error',
      code: 'INVITATION_FAILED',
      msg: "Some emails did not validate, so we didn't send any invitations.",
      errors: [
        ['notanemail', 'Invalid address.', false],
        ['member@demo.test', 'Already has an account.', false],
      ],
      sent_invitations: false,
      license_limit_reached: false,
      daily_limit_reached: false,
    });
    expect(await list()).toEqual([]);
  });

  it('invites the rest when some already have accounts, flagging deactivated ones', async () => {
    await callSim(sim, 'DELETE', `/users/${sim.store.userByDeliveryEmail('guest@demo.test')!.user_id}`, {
      as: 'admin@demo.test',
    });
    const res = await invite({ invitee_emails: 'guest@demo.test, fresh@example.com' });
    expect(res.body).toMatchObject({
      code: 'INVITATION_FAILED',
      errors: [['guest@demo.test', 'Account has been deactivated.', true]],
      sent_invitations: true,
    });
    expect((await list()).map((i) => i.email)).toEqual(['fresh@example.com']);
    const none = await invite({ invitee_emails: 'member@demo.test' });
    expect(none.body).toMatchObject({ msg: "We weren't able to invite anyone.", sent_invitations: false });
  });

  it('checks roles, channels and groups as the server does', async () => {
    expect((await invite({ invitee_emails: 'a@example.com', invite_as: 100 })).body).toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization owner',
    });
    expect((await invite({ invitee_emails: 'a@example.com', invite_as: 200 }, 'member@demo.test')).body.msg).toBe(
      'Must be an organization administrator',
    );
    expect((await invite({ invitee_emails: 'a@example.com' }, 'guest@demo.test')).body.msg).toBe(
      'Not allowed for guest users',
    );
    expect((await invite({ invitee_emails: 'a@example.com', stream_ids: [9999] })).body.msg).toBe(
      'Invalid channel ID 9999. No invites were sent.',
    );
    const members = sim.store.systemGroup('role:members').id;
    expect((await invite({ invitee_emails: 'a@example.com', group_ids: [members] })).body.msg).toBe(
      'Insufficient permission',
    );
    expect(
      (await callSim(sim, 'POST', '/invites', { as: 'admin@demo.test', params: { invitee_emails: 'a@b.co' } })).body,
    ).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'stream_ids' argument" });
  });
});

describe('invite links, resend and revoke', () => {
  it('creates links for administrators only and revokes them once', async () => {
    const member = await callSim(sim, 'POST', '/invites/multiuse', { as: 'member@demo.test', params: {} });
    expect(member.body.msg).toBe('Insufficient permission');
    const res = await callSim(sim, 'POST', '/invites/multiuse', {
      as: 'admin@demo.test',
      params: { invite_expires_in_minutes: null, invite_as: 400 },
    });
    expect(res.body.invite_link).toMatch(/\/join\/[a-z0-9]+\/$/);
    const [link] = await list();
    expect(link).toMatchObject({ is_multiuse: true, expiry_date: null, link_url: res.body.invite_link });
    expect(
      (await callSim(sim, 'DELETE', `/invites/multiuse/${String(link!.id)}`, { as: 'admin@demo.test' })).status,
    ).toBe(200);
    const again = await callSim(sim, 'DELETE', `/invites/multiuse/${String(link!.id)}`, { as: 'admin@demo.test' });
    expect(again.body.msg).toBe('Invitation has already been revoked');
    expect(await list()).toEqual([]);
  });

  it('lets members see and revoke only their own invitations', async () => {
    await invite({ invitee_emails: 'mine@example.com' }, 'member@demo.test');
    await invite({ invitee_emails: 'admins@example.com' });
    const own = await list('member@demo.test');
    expect(own.map((i) => i.email)).toEqual(['mine@example.com']);
    const adminsId = (await list()).find((i) => i.email === 'admins@example.com')!.id as number;
    const refused = await callSim(sim, 'DELETE', `/invites/${adminsId}`, { as: 'member@demo.test' });
    expect(refused.body.msg).toBe('Must be an organization administrator');
    expect((await callSim(sim, 'POST', `/invites/${adminsId}/resend`, { as: 'admin@demo.test' })).status).toBe(200);
    expect((await callSim(sim, 'DELETE', `/invites/999`, { as: 'admin@demo.test' })).body.msg).toBe(
      'No such invitation',
    );
    expect((await callSim(sim, 'DELETE', `/invites/${own[0]!.id as number}`, { as: 'member@demo.test' })).status).toBe(
      200,
    );
  });

  it('leaves expired invitations out of the list', async () => {
    await invite({ invitee_emails: 'soon@example.com', invite_expires_in_minutes: 0 });
    sim.control.advance(61_000);
    expect((await list()).map((i) => i.email)).not.toContain('soon@example.com');
  });
});
