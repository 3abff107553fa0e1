import { afterEach, describe, expect, it } from 'vitest';
import { closeTestBffs, consoleRequest, createTestBff, signIn } from './test-support/test-bff';

afterEach(closeTestBffs);

/**
 * Who can start new topics in a channel (`can_create_topic_group`, level 441) through the BFF and the simulator,
 * on both sides of the level: the catalog checks its shape, and a server before 441 (which would ignore it and
 * save or create the rest) never receives it.
 */
function setup(featureLevel: number) {
  return createTestBff({ sim: { generatedUsers: 0, featureLevel } });
}

function send(path: string, cookie: string, params: Record<string, unknown>, method = 'PATCH') {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    body.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return consoleRequest(path, cookie, {
    method,
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
}

function design(h: ReturnType<typeof setup>) {
  return h.sim.store.channels.find((c) => c.name === 'design')!;
}

const everyone = (h: ReturnType<typeof setup>) => h.sim.store.systemGroup('role:everyone').id;
const moderators = (h: ReturnType<typeof setup>) => h.sim.store.systemGroup('role:moderators').id;

describe('441: who can start new topics', () => {
  it('from 441 is changed as {new, old} and created with a channel; a malformed value is refused by the catalog', async () => {
    const h = setup(441);
    const cookie = await signIn(h, 'admin@demo.test');
    const channel = design(h);
    const path = `/bff/svc/streams/${channel.stream_id}`;
    const change = { new: moderators(h), old: everyone(h) };
    expect((await h.app.request(send(path, cookie, { can_create_topic_group: change }))).status).toBe(200);
    expect(channel.permissions.can_create_topic_group).toBe(moderators(h));

    const malformed = await h.app.request(send(path, cookie, { can_create_topic_group: 'moderators' }));
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'INVALID_PARAMS', field: 'can_create_topic_group' });

    const created = await h.app.request(
      send(
        '/bff/svc/channels/create',
        cookie,
        { name: 'quiet', subscribers: [], can_create_topic_group: moderators(h) },
        'POST',
      ),
    );
    expect(created.status).toBe(200);
    const quiet = h.sim.store.channels.find((c) => c.name === 'quiet')!;
    expect(quiet.permissions.can_create_topic_group).toBe(moderators(h));
  });

  it('below 441 is refused on its field before anything goes upstream; the other settings still save', async () => {
    const h = setup(440);
    const cookie = await signIn(h, 'admin@demo.test');
    const channel = design(h);
    const path = `/bff/svc/streams/${channel.stream_id}`;
    const refused = await h.app.request(
      send(path, cookie, { description: 'Quiet', can_create_topic_group: { new: moderators(h), old: everyone(h) } }),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      code: 'INVALID_PARAMS',
      field: 'can_create_topic_group',
      msg: 'Who can start new topics needs a newer chat server: feature level 441, this one is at 440.',
    });
    const created = await h.app.request(
      send('/bff/svc/channels/create', cookie, { name: 'quiet', subscribers: [], can_create_topic_group: 3 }, 'POST'),
    );
    expect(created.status).toBe(400);
    expect(h.apiCalls().some((r) => /\/(streams|channels)\//.test(r.url.pathname) && r.method !== 'GET')).toBe(false);
    expect(channel.description).not.toBe('Quiet');
    expect(h.sim.store.channels.some((c) => c.name === 'quiet')).toBe(false);

    expect((await h.app.request(send(path, cookie, { description: 'Quiet' }))).status).toBe(200);
    expect(channel.description).toBe('Quiet');
  });
});
