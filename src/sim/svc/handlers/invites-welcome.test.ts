import { beforeEach, describe, expect, it } from 'vitest';
import { callSim, createSvcSimulator, type SvcSimulator } from '..';

/** Level 416: `welcome_message_custom_text` on email invitations and invite links, both sides of the level. */

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
  // Members may make invite links here, so that the administrator-only check is what refuses them.
  sim.store.realmSettings.create_multiuse_invite_group = 'role:members';
});

const WELCOME = { welcome_message_custom_text: 'Welcome aboard! Start in #general.' };
const byEmail = (params: Record<string, unknown>, as = 'admin@demo.test') =>
  callSim(sim, 'POST', '/invites', { as, params: { invitee_emails: 'new@example.com', stream_ids: [], ...params } });
const byLink = (params: Record<string, unknown>, as = 'admin@demo.test') =>
  callSim(sim, 'POST', '/invites/multiuse', { as, params });

describe('welcome_message_custom_text', () => {
  it('is ignored and reported below level 416', async () => {
    sim.control.setFeatureLevel(415);
    expect((await byEmail(WELCOME)).body.ignored_parameters_unsupported).toEqual(['welcome_message_custom_text']);
    expect((await byLink(WELCOME, 'member@demo.test')).body).toMatchObject({
      result: 'success',
      ignored_parameters_unsupported: ['welcome_message_custom_text'],
    });
  });

  it('is taken from administrators from level 416, on both kinds of invitation', async () => {
    sim.control.setFeatureLevel(416);
    expect((await byEmail(WELCOME)).body).toEqual({ result: 'success', msg: '' });
    const link = await byLink(WELCOME);
    expect(link.body).toMatchObject({ result: 'success', invite_link: expect.any(String) });
  });

  it('is refused from anyone else, and when too long', async () => {
    sim.control.setFeatureLevel(416);
    const refusal = { code: 'BAD_REQUEST', msg: 'Must be an organization administrator' };
    expect((await byEmail(WELCOME, 'member@demo.test')).body).toMatchObject(refusal);
    expect((await byLink(WELCOME, 'member@demo.test')).body).toMatchObject(refusal);
    expect((await byLink({ welcome_message_custom_text: 'x'.repeat(8001) })).body.msg).toBe(
      'welcome_message_custom_text is too long (limit: 8000 characters)',
    );
    // Without the text, members keep inviting as before.
    expect((await byLink({}, 'member@demo.test')).body.result).toBe('success');
  });
});
