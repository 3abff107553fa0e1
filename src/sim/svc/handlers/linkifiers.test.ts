import { beforeEach, describe, expect, it } from 'vitest';
import { realmLinkifiersEventSchema } from '../../../shared/svc/linkifiers';
import { callSim, createSvcSimulator, type SvcSimulator } from '..';

let sim: SvcSimulator;
// The records these tests spell out are a level-420 server's; reverse linkifiers (471, 478) have their own file.
beforeEach(() => {
  sim = createSvcSimulator({ generatedUsers: 0, featureLevel: 420 });
});

const TRACKER = { pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example/{id}' };

async function list(as = 'member@demo.test') {
  const { body } = await callSim(sim, 'GET', '/realm/linkifiers', { as });
  return body.linkifiers as { id: number; pattern: string; url_template?: string; url_format?: string }[];
}

function add(params: Record<string, unknown>, as = 'admin@demo.test') {
  return callSim(sim, 'POST', '/realm/filters', { as, params });
}

describe('GET /realm/linkifiers', () => {
  it('lists the demo linkifiers in the order they apply, to anyone signed in', async () => {
    const { status, body } = await callSim(sim, 'GET', '/realm/linkifiers', { as: 'guest@demo.test' });
    expect(status).toBe(200);
    expect(body).toEqual({
      result: 'success',
      msg: '',
      linkifiers: [
        {
          id: 1,
          pattern: '(?P<org>[a-zA-Z0-9_-]+)/(?P<repo>[a-zA-Z0-9_.-]+)#(?P<id>[0-9]+)',
          url_template: 'https://github.com/{org}/{repo}/issues/{id}',
        },
        {
          id: 2,
          pattern: 'CVE-(?P<year>[0-9]{4})-(?P<number>[0-9]{4,})',
          url_template: 'https://www.cve.org/CVERecord?id=CVE-{year}-{number}',
        },
        {
          id: 3,
          pattern: '(?P<project>[A-Z][A-Z0-9]+)-(?P<number>[0-9]+)',
          url_template: 'https://issues.demo.test/browse/{project}-{number}',
        },
      ],
    });
  });

  it('lists `url_format` format strings before level 176, and does not exist before level 54', async () => {
    sim.control.setFeatureLevel(175);
    expect((await list())[0]).toEqual({
      id: 1,
      pattern: '(?P<org>[a-zA-Z0-9_-]+)/(?P<repo>[a-zA-Z0-9_.-]+)#(?P<id>[0-9]+)',
      url_format: 'https://github.com/%(org)s/%(repo)s/issues/%(id)s',
    });
    sim.control.setFeatureLevel(53);
    const { status, body } = await callSim(sim, 'GET', '/realm/linkifiers', { as: 'member@demo.test' });
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: 'BAD_REQUEST', msg: 'Endpoint does not exist.' });
  });
});

describe('POST /realm/filters', () => {
  it('adds a linkifier last, answers its ID and announces the whole ordered list', async () => {
    const { status, body } = await add(TRACKER);
    expect(status).toBe(200);
    expect(body).toEqual({ result: 'success', msg: '', id: 4 });
    const after = await list();
    expect(after.at(-1)).toEqual({ id: 4, ...TRACKER });
    expect(sim.emitted).toHaveLength(1);
    const event = realmLinkifiersEventSchema.parse({ id: 0, ...sim.emitted[0] });
    expect(event.realm_linkifiers).toEqual(after);
  });

  it('stores the pattern and template without surrounding whitespace', async () => {
    await add({ pattern: '  #(?P<id>[0-9]+) ', url_template: ' https://tracker.example/{id}\n' });
    expect((await list()).at(-1)).toEqual({ id: 4, ...TRACKER });
  });

  it('is for administrators only, checked before the parameters', async () => {
    const { status, body } = await add({}, 'moderator@demo.test');
    expect(status).toBe(400);
    expect(body).toEqual({
      result: 'error',
      code: 'UNAUTHORIZED_PRINCIPAL',
      msg: 'Must be an organization administrator',
    });
    expect(sim.emitted).toEqual([]);
  });

  it.each([
    [
      { pattern: '#(?P<id>[0-9]+', url_template: 'https://x.example/{id}' },
      // RE2's wording, as a real server (level 372) sends it.
      'Bad regular expression: missing ): #(?P<id>[0-9]+',
    ],
    [
      { pattern: '#(?=[0-9])(?P<id>[0-9]+)', url_template: 'https://x.example/{id}' },
      'Bad regular expression: invalid perl operator: (?=',
    ],
    [{ pattern: '#(?P<id>[0-9]+)', url_template: 'https://x.example/{id' }, 'Invalid URL template.'],
    [
      { pattern: '#(?P<id>[0-9]+)', url_template: 'https://x.example/{ticket}' },
      "Group 'ticket' in URL template is not present in linkifier pattern.",
    ],
    [
      { pattern: '(?P<b>[a-z]+)#(?P<id>[0-9]+)', url_template: 'https://x.example/{id}' },
      "Group 'b' in linkifier pattern is not present in URL template.",
    ],
    [{ pattern: ' ', url_template: 'https://x.example/' }, 'This field cannot be blank.'],
  ])('refuses %j with "%s"', async (params, msg) => {
    const { status, body } = await add(params);
    expect(status).toBe(400);
    expect(body).toMatchObject({ result: 'error', code: 'BAD_REQUEST', msg });
    expect(sim.store.linkifiers).toHaveLength(3);
    expect(sim.emitted).toEqual([]);
  });

  it('names field errors before whole-record ones, listing them all in `errors`', async () => {
    const { body } = await add({ pattern: '#(?P<id>[0-9]+', url_template: 'https://x.example/{id' });
    expect(body).toEqual({
      result: 'error',
      code: 'BAD_REQUEST',
      msg: 'Invalid URL template.',
      errors: {
        url_template: ['Invalid URL template.'],
        __all__: ['Bad regular expression: missing ): #(?P<id>[0-9]+'],
      },
    });
  });

  it('refuses a pattern that another linkifier already has', async () => {
    await add(TRACKER);
    const { body } = await add({ pattern: TRACKER.pattern, url_template: 'https://other.example/{id}' });
    expect(body).toMatchObject({ msg: 'Realm filter with this Realm and Pattern already exists.' });
  });

  it('requires url_template, and before level 176 url_format_string instead', async () => {
    expect((await add({ pattern: TRACKER.pattern, url_format_string: 'https://x.example/%(id)s' })).body).toEqual({
      result: 'error',
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'url_template' argument",
      var_name: 'url_template',
    });
    sim.control.setFeatureLevel(170);
    expect((await add(TRACKER)).body).toMatchObject({
      code: 'REQUEST_VARIABLE_MISSING',
      var_name: 'url_format_string',
    });
    const ok = await add({ pattern: TRACKER.pattern, url_format_string: 'https://tracker.example/%(id)s' });
    expect(ok.status).toBe(200);
    expect((await list()).at(-1)).toEqual({
      id: 4,
      pattern: TRACKER.pattern,
      url_format: 'https://tracker.example/%(id)s',
    });
    // Stored as a template, as servers migrated them.
    expect(sim.store.linkifiers.at(-1)?.urlTemplate).toBe('https://tracker.example/{id}');
    const bad = await add({ pattern: '(?P<x>[a-z]+)', url_format_string: 'https://x.example/100%/%(x)s' });
    expect(bad.body).toMatchObject({ msg: 'Invalid URL format string.' });
  });
});

describe('PATCH /realm/filters/{filter_id}', () => {
  it('changes pattern and template, announcing the list', async () => {
    const { status } = await callSim(sim, 'PATCH', '/realm/filters/3', {
      as: 'owner@demo.test',
      params: { pattern: 'TICKET-(?P<n>[0-9]+)', url_template: 'https://tickets.example/{n}' },
    });
    expect(status).toBe(200);
    expect((await list())[2]).toEqual({
      id: 3,
      pattern: 'TICKET-(?P<n>[0-9]+)',
      url_template: 'https://tickets.example/{n}',
    });
    expect(sim.emitted).toHaveLength(1);
  });

  it('may keep its own pattern, but not take another linkifier’s', async () => {
    const [, second] = await list();
    const same = await callSim(sim, 'PATCH', '/realm/filters/2', {
      as: 'admin@demo.test',
      params: { pattern: second!.pattern, url_template: 'https://cve.example/{year}/{number}' },
    });
    expect(same.status).toBe(200);
    const taken = await callSim(sim, 'PATCH', '/realm/filters/3', {
      as: 'admin@demo.test',
      params: { pattern: second!.pattern, url_template: 'https://cve.example/{year}/{number}' },
    });
    expect(taken.body).toMatchObject({ msg: 'Realm filter with this Realm and Pattern already exists.' });
  });

  it('answers "Linkifier not found." for an unknown ID', async () => {
    const { body } = await callSim(sim, 'PATCH', '/realm/filters/99', { as: 'admin@demo.test', params: TRACKER });
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Linkifier not found.' });
  });
});

describe('DELETE /realm/filters/{filter_id}', () => {
  it('removes the linkifier and announces the rest', async () => {
    const { status } = await callSim(sim, 'DELETE', '/realm/filters/2', { as: 'admin@demo.test' });
    expect(status).toBe(200);
    expect((await list()).map((l) => l.id)).toEqual([1, 3]);
    expect(sim.emitted).toEqual([{ type: 'realm_linkifiers', realm_linkifiers: await list() }]);
    const again = await callSim(sim, 'DELETE', '/realm/filters/2', { as: 'admin@demo.test' });
    expect(again.body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Linkifier not found.' });
  });

  it('is refused to members', async () => {
    const { body } = await callSim(sim, 'DELETE', '/realm/filters/2', { as: 'member@demo.test' });
    expect(body).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL' });
    expect(sim.store.linkifiers).toHaveLength(3);
  });
});

describe('PATCH /realm/linkifiers', () => {
  const reorder = (ids: unknown, as = 'admin@demo.test') =>
    callSim(sim, 'PATCH', '/realm/linkifiers', { as, params: { ordered_linkifier_ids: ids } });

  it('sets the order in which linkifiers apply, and lists them in it', async () => {
    expect((await reorder([3, 1, 2])).status).toBe(200);
    expect((await list()).map((l) => l.id)).toEqual([3, 1, 2]);
    expect(sim.emitted).toHaveLength(1);
    // A new linkifier goes last.
    await add(TRACKER);
    expect((await list()).map((l) => l.id)).toEqual([3, 1, 2, 4]);
  });

  it.each([
    [[1, 1, 2, 3], 'The ordered list must not contain duplicated linkifiers'],
    [[1, 2], 'The ordered list must enumerate all existing linkifiers exactly once'],
    [[1, 2, 3, 9], 'The ordered list must enumerate all existing linkifiers exactly once'],
  ])('refuses %j', async (ids, msg) => {
    const { body } = await reorder(ids);
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg });
    expect(sim.emitted).toEqual([]);
  });

  it('is for administrators, and does not exist before level 202 (ID order then)', async () => {
    expect((await reorder([3, 2, 1], 'member@demo.test')).body).toMatchObject({ code: 'UNAUTHORIZED_PRINCIPAL' });
    await reorder([3, 2, 1]);
    sim.control.setFeatureLevel(201);
    expect((await reorder([1, 2, 3])).status).toBe(404);
    expect((await list()).map((l) => l.id)).toEqual([1, 2, 3]);
  });
});
