import { beforeEach, describe, expect, it } from 'vitest';
import { basicAuthHeader, callSim, createSvcSimulator, SIM_ORIGIN, type SvcSimulator } from '..';

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
});

const admin = 'admin@demo.test';

async function fields() {
  const { body } = await callSim(sim, 'GET', '/realm/profile_fields', { as: 'member@demo.test' });
  return body.custom_fields as Record<string, unknown>[];
}

describe('custom profile field administration', () => {
  it('adds every type with its settings, and announces the whole list', async () => {
    const select = await callSim(sim, 'POST', '/realm/profile_fields', {
      as: admin,
      params: {
        name: 'Team',
        field_type: 3,
        field_data: { a: { text: 'Red', order: '1' }, b: { text: 'Blue', order: '2' } },
        required: true,
        editable_by_user: false,
        display_in_profile_summary: true,
      },
    });
    expect(select.status).toBe(200);
    const github = await callSim(sim, 'POST', '/realm/profile_fields', {
      as: admin,
      params: { field_type: 7, field_data: { subtype: 'github' } },
    });
    expect(github.status).toBe(200);
    const list = await fields();
    expect(list.at(-2)).toMatchObject({
      name: 'Team',
      type: 3,
      required: true,
      editable_by_user: false,
      display_in_profile_summary: true,
    });
    expect(list.at(-1)).toMatchObject({ name: 'GitHub username', type: 7, field_data: '{"subtype":"github"}' });
    expect(list.at(-1)).not.toHaveProperty('display_in_profile_summary');
    expect(sim.emitted.map((e) => e.type)).toEqual(['custom_profile_fields', 'custom_profile_fields']);
  });

  it("refuses what the server refuses, in the server's words", async () => {
    const post = (params: Record<string, unknown>, as = admin) =>
      callSim(sim, 'POST', '/realm/profile_fields', { as, params });
    expect((await post({ field_type: 1 }, 'member@demo.test')).body).toMatchObject({
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
    });
    expect((await post({ field_type: 3, name: 'x' })).body.msg).toBe('Field must have at least one choice.');
    expect((await post({ field_type: 1, name: 'Phone' })).body.msg).toBe('A field with that label already exists.');
    expect((await post({ field_type: 1, name: ' ' })).body.msg).toBe('Label cannot be blank.');
    expect((await post({ field_type: 99, name: 'x' })).body.msg).toBe('Invalid field type.');
    // A Person picker field (Paragraph fields may be on the card from level 476, see profile-field-levels.test.ts).
    expect((await post({ field_type: 6, name: 'y', display_in_profile_summary: true })).body.msg).toBe(
      'Field type not supported for display in profile summary.',
    );
    const patch = await callSim(sim, 'PATCH', '/realm/profile_fields', { as: admin, params: { order: [1, 2] } });
    expect(patch.body.msg).toBe('Invalid order mapping.');
    expect((await callSim(sim, 'DELETE', '/realm/profile_fields/999', { as: admin })).body.msg).toBe(
      'Field id 999 not found.',
    );
  });

  it('edits, reorders and deletes fields', async () => {
    const before = await fields();
    const ids = before.map((f) => f.id as number);
    await callSim(sim, 'PATCH', `/realm/profile_fields/${ids[0]!}`, {
      as: admin,
      params: { name: 'Mobile', hint: 'With country code', required: true },
    });
    await callSim(sim, 'PATCH', '/realm/profile_fields', { as: admin, params: { order: [...ids].reverse() } });
    await callSim(sim, 'DELETE', `/realm/profile_fields/${ids[1]!}`, { as: admin });
    const after = await fields();
    expect(after.map((f) => f.id)).toEqual([...ids].reverse().filter((id) => id !== ids[1]));
    expect(after.at(-1)).toMatchObject({ name: 'Mobile', hint: 'With country code', required: true });
  });
});

async function upload(name: string, as: string, file?: File) {
  const form = new FormData();
  if (file) form.append('file', file);
  const response = await sim.fetch(
    new Request(`${SIM_ORIGIN}/api/v1/realm/emoji/${name}`, {
      method: 'POST',
      headers: { authorization: basicAuthHeader(as, sim.apiKeyOf(as)) },
      body: form,
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'x.png', { type: 'image/png' });

describe('custom emoji', () => {
  it('uploads an image, lists it with its URL and serves the image', async () => {
    const res = await upload('rocket_ship', 'member@demo.test', png());
    expect(res.body).toEqual({ result: 'success', msg: '' });
    const { body } = await callSim(sim, 'GET', '/realm/emoji', { as: 'guest@demo.test' });
    const added = Object.values(body.emoji as Record<string, Record<string, unknown>>).find(
      (e) => e.name === 'rocket_ship',
    )!;
    expect(added).toMatchObject({ deactivated: false, still_url: null });
    const image = await sim.fetch(new Request(`${SIM_ORIGIN}${String(added.source_url)}`));
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(sim.emitted.map((e) => e.type)).toEqual(['realm_emoji']);
  });

  it("checks names, files and permission in the server's order", async () => {
    expect((await upload('Bad', 'member@demo.test', png())).body.msg).toBe(
      'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.',
    );
    expect((await upload('abc_', 'member@demo.test', png())).body.msg).toBe(
      'Emoji names must end with either a letter or digit.',
    );
    expect((await upload('abc', 'guest@demo.test', png())).body.msg).toBe('Not allowed for guest users');
    expect((await upload('abc', 'member@demo.test')).body.msg).toBe('You must upload exactly one file.');
    expect((await upload('green_tick', 'member@demo.test', png())).body.msg).toBe(
      'A custom emoji with this name already exists.',
    );
  });

  it('deactivates for administrators and authors only', async () => {
    const refused = await callSim(sim, 'DELETE', '/realm/emoji/green_tick', { as: 'member@demo.test' });
    expect(refused.body.msg).toBe('Must be an organization administrator or emoji author');
    const missing = await callSim(sim, 'DELETE', '/realm/emoji/nope', { as: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.msg).toBe("Emoji 'nope' does not exist");
    expect((await callSim(sim, 'DELETE', '/realm/emoji/green_tick', { as: admin })).status).toBe(200);
    expect(sim.store.realmEmoji.get('1')?.deactivated).toBe(true);
  });
});

describe('POST /users', () => {
  const params = { email: 'made@example.com', password: 'long-enough-1', full_name: 'Made Here' };

  it('creates an account only for holders of can_create_users', async () => {
    const refused = await callSim(sim, 'POST', '/users', { as: admin, params });
    expect(refused.body).toMatchObject({ code: 'BAD_REQUEST', msg: 'User not authorized to create users' });
    const member = await callSim(sim, 'POST', '/users', { as: 'member@demo.test', params });
    expect(member.body).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL' });
    const made = await callSim(sim, 'POST', '/users', { as: 'owner@demo.test', params });
    expect(made.body.user_id).toEqual(expect.any(Number));
    expect(sim.emitted.at(-1)).toMatchObject({ type: 'realm_user', op: 'add' });
    const again = await callSim(sim, 'POST', '/users', { as: 'owner@demo.test', params });
    expect(again.body.msg).toBe('Email is already in use.');
  });
});

describe('PATCH /users/{id} profile_data by type', () => {
  it('checks dates, links and options', async () => {
    const team = await callSim(sim, 'POST', '/realm/profile_fields', {
      as: admin,
      params: { name: 'Team', field_type: 3, field_data: { a: { text: 'Red', order: '1' } } },
    });
    const birthday = await callSim(sim, 'POST', '/realm/profile_fields', {
      as: admin,
      params: { name: 'Birthday', field_type: 4 },
    });
    const member = sim.store.userByDeliveryEmail('member@demo.test')!.user_id;
    const set = (id: unknown, value: unknown) =>
      callSim(sim, 'PATCH', `/users/${member}`, { as: admin, params: { profile_data: [{ id, value }] } });
    expect((await set(team.body.id, 'zz')).body.msg).toBe("'zz' is not a valid choice for 'Team'.");
    expect((await set(birthday.body.id, 'soon')).body.msg).toBe('Birthday is not a date');
    expect((await set(birthday.body.id, '2000-01-31')).status).toBe(200);
    expect((await set(team.body.id, 'a')).status).toBe(200);
  });
});
