import { beforeEach, describe, expect, it } from 'vitest';
import { callSim, createSvcSimulator, type SvcSimulator } from '.';

let sim: SvcSimulator;
let member: number;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
  member = sim.store.userByDeliveryEmail('member@demo.test')?.user_id ?? 0;
});

function setStatus(params: Record<string, unknown>, as = 'admin@demo.test', target = member) {
  return callSim(sim, 'POST', `/users/${target}/status`, { as, params });
}

async function statusOf(target = member) {
  const { body } = await callSim(sim, 'GET', `/users/${target}/status`, { as: 'member@demo.test' });
  return body.status;
}

describe('GET /users/{user_id}/status', () => {
  it('returns an empty object when no status is set', async () => {
    const { status, body } = await callSim(sim, 'GET', `/users/${member}/status`, { as: 'guest@demo.test' });
    expect(status).toBe(200);
    expect(body).toEqual({ result: 'success', msg: '', status: {} });
  });

  it('returns the seeded statuses', async () => {
    const moderator = sim.store.userByDeliveryEmail('moderator@demo.test')?.user_id;
    expect(await statusOf(moderator)).toEqual({
      status_text: 'In a meeting',
      emoji_name: 'calendar',
      emoji_code: '1f4c5',
      reaction_type: 'unicode_emoji',
    });
  });

  it('answers "No such user" for an unknown user', async () => {
    const { body } = await callSim(sim, 'GET', '/users/99999/status', { as: 'member@demo.test' });
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
  });

  it('does not exist before level 262', async () => {
    sim.control.setFeatureLevel(261);
    const { status, body } = await callSim(sim, 'GET', `/users/${member}/status`, { as: 'member@demo.test' });
    expect(status).toBe(404);
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Endpoint does not exist.' });
  });
});

describe('POST /users/{user_id}/status', () => {
  it('sets text and emoji by name, and announces exactly what changed', async () => {
    const { status, body } = await setStatus({ status_text: 'On vacation', emoji_name: 'palm_tree' });
    expect(status).toBe(200);
    expect(body).toEqual({ result: 'success', msg: '' });
    const expected = {
      status_text: 'On vacation',
      emoji_name: 'palm_tree',
      emoji_code: '1f334',
      reaction_type: 'unicode_emoji',
    };
    expect(await statusOf()).toEqual(expected);
    expect(sim.emitted).toEqual([{ type: 'user_status', user_id: member, ...expected }]);
  });

  it('accepts a consistent unicode triple, a custom emoji and the extra emoji', async () => {
    expect((await setStatus({ emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' })).status).toBe(
      200,
    );
    expect(await statusOf()).toEqual({ emoji_name: 'car', emoji_code: '1f697', reaction_type: 'unicode_emoji' });
    expect((await setStatus({ emoji_name: 'green_tick' })).status).toBe(200);
    expect(await statusOf()).toEqual({ emoji_name: 'green_tick', emoji_code: '1', reaction_type: 'realm_emoji' });
    expect(
      (await setStatus({ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' })).status,
    ).toBe(200);
    expect(await statusOf()).toEqual({ emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' });
  });

  it('keeps what the request leaves out, and clears with empty strings', async () => {
    await setStatus({ status_text: 'Commuting', emoji_name: 'bus' });
    await setStatus({ status_text: 'Still commuting' });
    expect(await statusOf()).toMatchObject({ status_text: 'Still commuting', emoji_name: 'bus' });
    await setStatus({ emoji_name: '' });
    expect(await statusOf()).toEqual({ status_text: 'Still commuting' });
    expect(sim.emitted.at(-1)).toEqual({
      type: 'user_status',
      user_id: member,
      emoji_name: '',
      emoji_code: '',
      reaction_type: 'unicode_emoji',
    });
    await setStatus({ status_text: '' });
    expect(await statusOf()).toEqual({});
    expect(sim.store.statuses.has(member)).toBe(false);
  });

  it.each(['moderator@demo.test', 'member@demo.test', 'guest@demo.test'])(
    'refuses %s with "Insufficient permission"',
    async (as) => {
      const { status, body } = await setStatus({ status_text: 'Hacked' }, as);
      expect(status).toBe(400);
      expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Insufficient permission' });
      expect(sim.emitted).toEqual([]);
    },
  );

  it.each([
    [{}, 'Client did not pass any new values.'],
    // Without emoji_name the request carries nothing the server would store.
    [{ emoji_code: '1f697' }, 'Client did not pass any new values.'],
    [{ status_text: 'x'.repeat(61) }, 'status_text is too long (limit: 60 characters)'],
    [
      { status_text: 'Driving', emoji_code: '1f697', reaction_type: 'unicode_emoji' },
      'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
    ],
    [
      { status_text: 'Driving', reaction_type: 'unicode_emoji' },
      'Client must pass emoji_name if they pass either emoji_code or reaction_type.',
    ],
    [{ emoji_name: 'no_such_emoji' }, "Emoji 'no_such_emoji' does not exist"],
    // A deactivated custom emoji cannot be found by name.
    [{ emoji_name: 'old_logo' }, "Emoji 'old_logo' does not exist"],
    [{ emoji_name: 'car', emoji_code: '1f334', reaction_type: 'unicode_emoji' }, 'Invalid emoji name.'],
    [{ emoji_name: 'zulip_logo', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' }, 'Invalid emoji name.'],
    [{ emoji_name: 'green_tick', emoji_code: '999', reaction_type: 'realm_emoji' }, 'Invalid custom emoji.'],
    [{ emoji_name: 'party_parrot', emoji_code: '1', reaction_type: 'realm_emoji' }, 'Invalid custom emoji name.'],
    [
      { emoji_name: 'old_logo', emoji_code: '3', reaction_type: 'realm_emoji' },
      'This custom emoji has been deactivated.',
    ],
    [{ emoji_name: 'car', emoji_code: 'zzzz', reaction_type: 'unicode_emoji' }, 'Invalid emoji code.'],
    [{ emoji_name: 'car', emoji_code: '1f697', reaction_type: 'sticker' }, 'Invalid reaction_type'],
  ])('refuses %j with its message', async (params, msg) => {
    const { status, body } = await setStatus(params);
    expect(status).toBe(400);
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
    expect(sim.emitted).toEqual([]);
  });

  it('checks the text length before permission, as parameter parsing does', async () => {
    const { body } = await setStatus({ status_text: 'x'.repeat(61) }, 'member@demo.test');
    expect(body.msg).toBe('status_text is too long (limit: 60 characters)');
  });

  it('answers "No such user" for unknown users and bots', async () => {
    const bot = sim.store.users.find((u) => u.isBot)?.user_id;
    for (const target of [99999, bot ?? 0]) {
      const { body } = await setStatus({ status_text: 'x' }, 'admin@demo.test', target);
      expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'No such user' });
    }
  });

  it('does not exist before level 407', async () => {
    sim.control.setFeatureLevel(406);
    const { status, body } = await setStatus({ status_text: 'Hi' });
    expect(status).toBe(404);
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Endpoint does not exist.' });
    // Reading statuses still works at that level.
    expect((await callSim(sim, 'GET', `/users/${member}/status`, { as: 'member@demo.test' })).status).toBe(200);
  });
});
