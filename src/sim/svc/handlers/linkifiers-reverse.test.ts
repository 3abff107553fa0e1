import { beforeEach, describe, expect, it } from 'vitest';
import { callSim, createSvcSimulator, type SvcSimulator } from '..';

/** Levels 471 and 478: `example_input`, `reverse_template` and `alternative_url_templates` on linkifiers. */

let sim: SvcSimulator;
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0 });
});

const ADMIN = 'admin@demo.test';
const TRACKER = { pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example/{id}' };

const add = (params: Record<string, unknown>) => callSim(sim, 'POST', '/realm/filters', { as: ADMIN, params });
const edit = (id: number, params: Record<string, unknown>) =>
  callSim(sim, 'PATCH', `/realm/filters/${id}`, { as: ADMIN, params });
async function listed(id: number): Promise<Record<string, unknown>> {
  const { body } = await callSim(sim, 'GET', '/realm/linkifiers', { as: 'member@demo.test' });
  return (body.linkifiers as Record<string, unknown>[]).find((l) => l.id === id)!;
}

describe('reverse linkifiers below their levels', () => {
  it('ignores the new parameters and lists none of the new fields at level 470', async () => {
    sim.control.setFeatureLevel(470);
    const { body } = await add({ ...TRACKER, example_input: '#12', reverse_template: '#{id}' });
    expect(body.ignored_parameters_unsupported).toEqual(['example_input', 'reverse_template']);
    const record = await listed(body.id as number);
    expect(Object.keys(record).sort()).toEqual(['id', 'pattern', 'url_template']);
  });

  it('has example_input and reverse_template but not alternative_url_templates at level 477', async () => {
    sim.control.setFeatureLevel(477);
    const { body } = await add({
      ...TRACKER,
      example_input: '#12',
      alternative_url_templates: ['https://t.example/{id}'],
    });
    expect(body.ignored_parameters_unsupported).toEqual(['alternative_url_templates']);
    expect(await listed(body.id as number)).toEqual({
      ...TRACKER,
      id: body.id,
      example_input: '#12',
      reverse_template: null,
    });
  });
});

describe('reverse linkifiers from level 478', () => {
  beforeEach(() => sim.control.setFeatureLevel(478));

  it('stores and lists the three fields, and announces them', async () => {
    const { body } = await add({
      ...TRACKER,
      example_input: ' #1234 ',
      reverse_template: '#{id}',
      alternative_url_templates: ['https://tracker.example/issues/{id}'],
    });
    const expected = {
      ...TRACKER,
      id: body.id,
      example_input: '#1234',
      reverse_template: '#{id}',
      alternative_url_templates: ['https://tracker.example/issues/{id}'],
    };
    expect(await listed(body.id as number)).toEqual(expected);
    const event = sim.store.emitted.at(-1) as { realm_linkifiers: Record<string, unknown>[] };
    expect(event.realm_linkifiers.at(-1)).toEqual(expected);
    const demo = await listed(1);
    expect(demo).toMatchObject({ example_input: null, reverse_template: null, alternative_url_templates: [] });
  });

  it("refuses what the server's validation refuses, in its words", async () => {
    const first = (params: Record<string, unknown>) => add({ ...TRACKER, ...params }).then((r) => r.body);
    expect(await first({ example_input: 'no number' })).toMatchObject({
      code: 'BAD_REQUEST',
      msg: 'Example input does not match the linkifier pattern.',
      errors: { __all__: ['Example input does not match the linkifier pattern.'] },
    });
    expect((await first({ reverse_template: '#{id}' })).msg).toBe(
      'Example text is required when auto-conversion field is set.',
    );
    expect((await first({ example_input: '#12', reverse_template: 'T-{id}' })).msg).toBe(
      'Example text does not match auto-conversion field.',
    );
    expect((await first({ example_input: '#12', reverse_template: '#{num}' })).msg).toBe(
      "Group 'num' in auto-conversion field is not present in linkifier pattern.",
    );
    expect((await first({ example_input: '#12', reverse_template: '#{id' })).msg).toBe(
      "Invalid auto-conversion field: missing '}' character.",
    );
    expect((await first({ example_input: '#12', reverse_template: '#{}' })).msg).toBe(
      'Invalid auto-conversion field: empty field name.',
    );
    expect((await first({ alternative_url_templates: ['https://x/{id'] })).errors).toEqual({
      alternative_url_templates: ['Invalid URL template.'],
    });
  });

  it('keeps what PATCH leaves out and clears what it sends empty', async () => {
    const { body } = await add({ ...TRACKER, example_input: '#7', reverse_template: '#{id}' });
    const id = body.id as number;
    expect((await edit(id, { ...TRACKER, alternative_url_templates: ['https://tracker.example/t/{id}'] })).status).toBe(
      200,
    );
    expect(await listed(id)).toMatchObject({ example_input: '#7', reverse_template: '#{id}' });
    // An example without its reverse template is fine; a reverse template without an example is not.
    expect((await edit(id, { ...TRACKER, example_input: '' })).body.msg).toBe(
      'Example text is required when auto-conversion field is set.',
    );
    expect((await edit(id, { ...TRACKER, reverse_template: '' })).status).toBe(200);
    expect((await edit(id, { ...TRACKER, example_input: '' })).status).toBe(200);
    expect(await listed(id)).toMatchObject({
      example_input: null,
      reverse_template: null,
      alternative_url_templates: ['https://tracker.example/t/{id}'],
    });
  });
});
