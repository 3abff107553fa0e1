import { beforeEach, describe, expect, it } from 'vitest';
import { callSim, createSvcSimulator, PROFILE_FIELD_IDS, type SvcSimulator } from '..';

/**
 * Custom profile fields: `use_for_user_matching` (level 455) and Paragraph fields on the profile card (476),
 * each on both sides of its level.
 */

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
});

const ADMIN = 'admin@demo.test';
const SHORT_TEXT = 1;
const PARAGRAPH = 2;
const DATE = 4;
const NOT_ON_CARD = 'Field type not supported for display in profile summary.';

const create = (params: Record<string, unknown>) =>
  callSim(sim, 'POST', '/realm/profile_fields', { as: ADMIN, params });
const update = (id: number, params: Record<string, unknown>) =>
  callSim(sim, 'PATCH', `/realm/profile_fields/${id}`, { as: ADMIN, params });
async function listed(id: number): Promise<Record<string, unknown>> {
  const { body } = await callSim(sim, 'GET', '/realm/profile_fields', { as: 'member@demo.test' });
  return (body.custom_fields as Record<string, unknown>[]).find((f) => f.id === id)!;
}

describe('use_for_user_matching', () => {
  it('is ignored and reported below level 455', async () => {
    sim.control.setFeatureLevel(454);
    const { body } = await create({ name: 'Employee ID', field_type: SHORT_TEXT, use_for_user_matching: true });
    expect(body.ignored_parameters_unsupported).toEqual(['use_for_user_matching']);
    expect(await listed(body.id as number)).not.toHaveProperty('use_for_user_matching');
  });

  it('is set at creation and by update from level 455, listed and announced only when true', async () => {
    sim.control.setFeatureLevel(455);
    const { body } = await create({ name: 'Employee ID', field_type: SHORT_TEXT, use_for_user_matching: true });
    const id = body.id as number;
    expect(await listed(id)).toMatchObject({ name: 'Employee ID', use_for_user_matching: true });
    const event = sim.store.emitted.at(-1) as { type: string; fields: Record<string, unknown>[] };
    expect(event.type).toBe('custom_profile_fields');
    expect(event.fields.find((f) => f.id === id)).toMatchObject({ use_for_user_matching: true });
    expect((await update(id, { use_for_user_matching: false })).status).toBe(200);
    expect(await listed(id)).not.toHaveProperty('use_for_user_matching');
  });

  it('is refused for types other than Short text and External account', async () => {
    sim.control.setFeatureLevel(455);
    const { body } = await create({ name: 'Start date', field_type: DATE, use_for_user_matching: true });
    expect(body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Field type not supported for user matching.' });
    const github = await create({
      field_type: 7,
      field_data: { subtype: 'github' },
      use_for_user_matching: true,
    });
    expect(github.status).toBe(200);
    expect((await update(PROFILE_FIELD_IDS.biography, { use_for_user_matching: true })).body.msg).toBe(
      'Field type not supported for user matching.',
    );
  });
});

describe('Paragraph fields on the profile card', () => {
  it('are refused below level 476', async () => {
    sim.control.setFeatureLevel(475);
    expect(
      (await create({ name: 'About', field_type: PARAGRAPH, display_in_profile_summary: true })).body,
    ).toMatchObject({ code: 'BAD_REQUEST', msg: NOT_ON_CARD });
    expect((await update(PROFILE_FIELD_IDS.biography, { display_in_profile_summary: true })).body.msg).toBe(
      NOT_ON_CARD,
    );
  });

  it('are allowed from level 476; Person picker fields still are not', async () => {
    sim.control.setFeatureLevel(476);
    expect((await update(PROFILE_FIELD_IDS.biography, { display_in_profile_summary: true })).status).toBe(200);
    expect(await listed(PROFILE_FIELD_IDS.biography)).toMatchObject({ display_in_profile_summary: true });
    expect((await create({ name: 'Mentor', field_type: 6, display_in_profile_summary: true })).body.msg).toBe(
      NOT_ON_CARD,
    );
  });
});
