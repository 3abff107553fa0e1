import { afterEach, describe, expect, it } from 'vitest';
import { allHandlers } from './handlers';
import { UNREPORTING_ENDPOINTS } from './params';
import { basicAuthHeader, callSim, createSvcSimulator, SIM_ORIGIN, type SvcSimulator } from '.';

const sim = createSvcSimulator({ generatedUsers: 5 });
const NOT_FOUND = { result: 'error', code: 'BAD_REQUEST', msg: 'Endpoint does not exist.' };

describe('routing', () => {
  it.each([
    ['GET', '/no_such_thing'],
    ['GET', '/users/me/whatever'],
    ['POST', '/widgets'],
  ] as const)('answers 404 for unknown %s %s', async (method, path) => {
    const { status, body } = await callSim(sim, method, path, { as: 'admin@demo.test' });
    expect(status).toBe(404);
    expect(body).toEqual(NOT_FOUND);
  });

  it('answers 404 outside /api/v1', async () => {
    const res = await sim.fetch(new Request('http://svc.sim.test/json/users'));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(NOT_FOUND);
  });

  it('answers 405 for a known path with another method', async () => {
    const { status, body } = await callSim(sim, 'DELETE', '/users/me', { as: 'admin@demo.test' });
    expect(status).toBe(405);
    expect(body).toMatchObject({ result: 'error', msg: 'Method Not Allowed' });
  });

  it('serves the API under any prefix', async () => {
    const res = await sim.fetch(new Request('http://proxy.test/chat/api/v1/server_settings'));
    expect(res.status).toBe(200);
  });

  it('hides operations newer than the configured level', async () => {
    const s = createSvcSimulator({ generatedUsers: 0, featureLevel: 420 });
    const member = s.store.userByDeliveryEmail('member@demo.test')?.user_id;
    expect((await callSim(s, 'GET', `/users/${member}/status`, { as: 'admin@demo.test' })).status).toBe(200);
    s.control.setFeatureLevel(100);
    const { status, body } = await callSim(s, 'GET', `/users/${member}/status`, { as: 'admin@demo.test' });
    expect(status).toBe(404);
    expect(body).toEqual(NOT_FOUND);
    expect((await callSim(s, 'GET', '/server_settings')).body.zulip_feature_level).toBe(100);
  });

  it('reads path parameters strictly: IDs are digits', async () => {
    expect((await callSim(sim, 'PATCH', '/users/abc', { as: 'admin@demo.test' })).status).toBe(405);
    expect((await callSim(sim, 'POST', '/users/abc/reactivate', { as: 'admin@demo.test' })).status).toBe(404);
  });
});

describe('parameters', () => {
  it('lists unknown parameters in ignored_parameters_unsupported, sorted', async () => {
    const { status, body } = await callSim(sim, 'GET', '/streams', {
      as: 'member@demo.test',
      params: { colour: 'blue', client_gravatar: true },
    });
    expect(status).toBe(200);
    expect(body.ignored_parameters_unsupported).toEqual(['client_gravatar', 'colour']);
  });

  it('reports nothing on endpoints whose views read parameters by hand (GET /users/me)', async () => {
    const { status, body } = await callSim(sim, 'GET', '/users/me', {
      as: 'member@demo.test',
      params: { colour: 'blue' },
    });
    expect(status).toBe(200);
    expect(body).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('names only endpoints it serves among those that report nothing', () => {
    const served = new Set(allHandlers.map((h) => `${h.endpoint.method} ${h.endpoint.path}`));
    expect([...UNREPORTING_ENDPOINTS].filter((e) => !served.has(e))).toEqual([]);
  });

  it('reports a path parameter sent again as a parameter', async () => {
    const member = sim.store.userByDeliveryEmail('member@demo.test')!.user_id;
    const { body } = await callSim(sim, 'GET', `/users/${member}`, {
      as: 'member@demo.test',
      params: { user_id: member },
    });
    expect(body.ignored_parameters_unsupported).toEqual(['user_id']);
  });

  it('leaves the field out when every parameter is supported', async () => {
    const { body } = await callSim(sim, 'GET', '/users', {
      as: 'member@demo.test',
      params: { client_gravatar: false },
    });
    expect(body).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('does not report ignored parameters before level 167', async () => {
    const old = createSvcSimulator({ generatedUsers: 0, featureLevel: 166 });
    const { status, body } = await callSim(old, 'GET', '/streams', {
      as: 'member@demo.test',
      params: { colour: 'x' },
    });
    expect(status).toBe(200);
    expect(body).not.toHaveProperty('ignored_parameters_unsupported');
  });

  it('reports ignored parameters on form bodies too, without failing the request', async () => {
    const s = createSvcSimulator({ generatedUsers: 0 });
    const guest = s.store.userByDeliveryEmail('guest@demo.test')?.user_id;
    const { status, body } = await callSim(s, 'DELETE', `/users/${guest}`, {
      as: 'admin@demo.test',
      params: { reason: 'spam', deactivation_notification_comment: 'Bye' },
    });
    expect(status).toBe(200);
    expect(body.ignored_parameters_unsupported).toEqual(['reason']);
    expect(s.store.sentEmails).toHaveLength(1);
  });

  it('treats parameters newer than the level as unknown', async () => {
    const s = createSvcSimulator({ generatedUsers: 0, featureLevel: 383 });
    const { body } = await callSim(s, 'GET', '/users', { as: 'member@demo.test', params: { user_ids: [1] } });
    expect(body.ignored_parameters_unsupported).toEqual(['user_ids']);
    expect((body.members as unknown[]).length).toBe(s.store.users.length);
  });

  it('pretends not to support the parameters named in options.ignoredParameters', async () => {
    const s = createSvcSimulator({ generatedUsers: 0, ignoredParameters: ['deactivation_notification_comment'] });
    const guest = s.store.userByDeliveryEmail('guest@demo.test')?.user_id;
    const { status, body } = await callSim(s, 'DELETE', `/users/${guest}`, {
      as: 'admin@demo.test',
      params: { deactivation_notification_comment: 'Bye' },
    });
    expect(status).toBe(200);
    expect(body.ignored_parameters_unsupported).toEqual(['deactivation_notification_comment']);
    expect(s.store.sentEmails).toEqual([]);
  });

  it('reports a missing required parameter with its name', async () => {
    const { status, body } = await callSim(sim, 'POST', '/fetch_api_key', { params: { password: 'x' } });
    expect(status).toBe(400);
    expect(body).toEqual({
      result: 'error',
      code: 'REQUEST_VARIABLE_MISSING',
      msg: "Missing 'username' argument",
      var_name: 'username',
    });
  });

  it("reports a malformed JSON value in the real server's words", async () => {
    const { status, body } = await callSim(sim, 'GET', '/users', {
      as: 'member@demo.test',
      params: { client_gravatar: 'yes please' },
    });
    expect(status).toBe(400);
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'client_gravatar is not valid JSON' });
  });

  it('reads non-GET parameters from the query string when the body lacks them', async () => {
    const s = createSvcSimulator({ generatedUsers: 0 });
    const guest = s.store.userByDeliveryEmail('guest@demo.test')?.user_id;
    const res = await s.fetch(
      new Request(`http://svc.sim.test/api/v1/users/${guest}?full_name=Query+Name`, {
        method: 'PATCH',
        headers: { authorization: basicAuthHeader('admin@demo.test', s.apiKeyOf('admin@demo.test')) },
      }),
    );
    expect(res.status).toBe(200);
    expect(s.store.user(guest ?? 0)?.fullName).toBe('Query Name');
  });
});

describe('control knobs', () => {
  it('fails the next N calls with the given status, then recovers', async () => {
    const s = createSvcSimulator({ generatedUsers: 0 });
    s.control.failNext(2);
    const first = await callSim(s, 'GET', '/users/me', { as: 'member@demo.test' });
    expect(first.status).toBe(500);
    expect(first.body).toMatchObject({ result: 'error', code: 'INTERNAL_SERVER_ERROR' });
    expect((await callSim(s, 'GET', '/server_settings')).status).toBe(500);
    expect((await callSim(s, 'GET', '/users/me', { as: 'member@demo.test' })).status).toBe(200);
  });

  it('can inject rate limiting with a Retry-After header', async () => {
    const s = createSvcSimulator({ generatedUsers: 0 });
    s.control.failNext(1, 429);
    const { status, body, headers } = await callSim(s, 'GET', '/users/me', { as: 'member@demo.test' });
    expect(status).toBe(429);
    expect(body).toMatchObject({ code: 'RATE_LIMIT_HIT', msg: 'API usage exceeded rate limit' });
    expect(headers.get('retry-after')).toBe('1');
  });

  it('does not change data when a call is failed', async () => {
    const s = createSvcSimulator({ generatedUsers: 0 });
    const guest = s.store.userByDeliveryEmail('guest@demo.test')?.user_id;
    s.control.failNext(1, 503);
    const { status } = await callSim(s, 'DELETE', `/users/${guest}`, { as: 'admin@demo.test' });
    expect(status).toBe(503);
    expect(s.store.user(guest ?? 0)?.isActive).toBe(true);
    expect(s.emitted).toEqual([]);
  });

  it('adds latency to every API call', async () => {
    const s = createSvcSimulator({ generatedUsers: 0 });
    s.control.setLatency(60);
    const started = performance.now();
    await callSim(s, 'GET', '/server_settings');
    expect(performance.now() - started).toBeGreaterThanOrEqual(50);
    s.control.setLatency(0);
  });

  it('has a clock that can be advanced', () => {
    const s = createSvcSimulator({ generatedUsers: 0 });
    const before = s.control.now();
    s.control.advance(3_600_000);
    expect(s.control.now() - before).toBeGreaterThanOrEqual(3_600_000);
    expect(s.control.now() - before).toBeLessThan(3_600_000 + 5_000);
  });

  it('rejects nonsense knob values', () => {
    expect(() => sim.control.failNext(-1)).toThrow(RangeError);
    expect(() => sim.control.failNext(1, 200)).toThrow(RangeError);
    expect(() => sim.control.setLatency(-5)).toThrow(RangeError);
    expect(() => sim.control.setFeatureLevel(1.5)).toThrow(RangeError);
  });
});

const controlSims: SvcSimulator[] = [];
afterEach(() => {
  for (const s of controlSims.splice(0)) s.close();
});

function newControlSim(controlApi: boolean): SvcSimulator {
  const s = createSvcSimulator({ generatedUsers: 0, controlApi });
  controlSims.push(s);
  return s;
}

async function control(sim: SvcSimulator, method: 'GET' | 'POST', path: string, form: Record<string, string> = {}) {
  const response = await sim.fetch(
    new Request(`${SIM_ORIGIN}/__sim/${path}`, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      body: method === 'POST' ? new URLSearchParams(form).toString() : undefined,
    }),
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function openQueue(sim: SvcSimulator): Promise<string> {
  const { body } = await callSim(sim, 'POST', '/register', {
    as: 'member@demo.test',
    params: { fetch_event_types: [] },
  });
  return body.queue_id as string;
}

describe('HTTP control API', () => {
  it('is absent unless the controlApi option is on: its paths 404 like any unknown path', async () => {
    const sim = newControlSim(false);
    for (const [method, path] of [
      ['POST', 'expire-queues'],
      ['POST', 'fail-next'],
      ['GET', 'queues'],
    ] as const) {
      expect(await control(sim, method, path, { count: '1' })).toEqual({
        status: 404,
        body: { result: 'error', code: 'BAD_REQUEST', msg: 'Endpoint does not exist.' },
      });
    }
  });

  it('counts and expires queues', async () => {
    const sim = newControlSim(true);
    const queueId = await openQueue(sim);
    await openQueue(sim);
    expect(await control(sim, 'GET', 'queues')).toEqual({
      status: 200,
      body: { result: 'success', msg: '', queues: 2 },
    });
    expect((await control(sim, 'POST', 'expire-queues')).body).toEqual({ result: 'success', msg: '', expired: 2 });
    expect((await control(sim, 'GET', 'queues')).body.queues).toBe(0);
    const { body } = await callSim(sim, 'GET', '/events', { as: 'member@demo.test', params: { queue_id: queueId } });
    expect(body.code).toBe('BAD_EVENT_QUEUE_ID');
  });

  it('fails the next calls with the given status', async () => {
    const sim = newControlSim(true);
    expect((await control(sim, 'POST', 'fail-next', { count: '1', status: '503' })).status).toBe(200);
    expect((await callSim(sim, 'GET', '/server_settings')).status).toBe(503);
    expect((await callSim(sim, 'GET', '/server_settings')).status).toBe(200);
    await control(sim, 'POST', 'fail-next', { count: '1' });
    expect((await callSim(sim, 'GET', '/server_settings')).status).toBe(500);
    // Control calls themselves are never failed or delayed.
    await control(sim, 'POST', 'fail-next', { count: '5' });
    expect((await control(sim, 'GET', 'queues')).status).toBe(200);
  });

  it('sets latency, feature level and heartbeat', async () => {
    const sim = newControlSim(true);
    expect((await control(sim, 'POST', 'latency', { ms: '40' })).status).toBe(200);
    const started = performance.now();
    await callSim(sim, 'GET', '/server_settings');
    expect(performance.now() - started).toBeGreaterThanOrEqual(30);
    await control(sim, 'POST', 'latency', { ms: '0' });

    expect((await control(sim, 'POST', 'feature-level', { level: '300' })).status).toBe(200);
    expect((await callSim(sim, 'GET', '/server_settings')).body.zulip_feature_level).toBe(300);

    const queueId = await openQueue(sim);
    expect((await control(sim, 'POST', 'heartbeat', { seconds: '0.02' })).status).toBe(200);
    const { body } = await callSim(sim, 'GET', '/events', { as: 'member@demo.test', params: { queue_id: queueId } });
    expect(body.events).toEqual([{ type: 'heartbeat', id: 0 }]);
  });

  it('refuses missing or nonsense values with a 400 envelope', async () => {
    const sim = newControlSim(true);
    expect(await control(sim, 'POST', 'fail-next')).toEqual({
      status: 400,
      body: { result: 'error', code: 'BAD_REQUEST', msg: "Missing 'count' argument" },
    });
    expect((await control(sim, 'POST', 'fail-next', { count: 'lots' })).body.msg).toBe('Invalid count');
    expect((await control(sim, 'POST', 'fail-next', { count: '1', status: '200' })).status).toBe(400);
    expect((await control(sim, 'POST', 'latency', { ms: '-1' })).status).toBe(400);
    expect((await control(sim, 'POST', 'feature-level', { level: '1.5' })).status).toBe(400);
    expect((await control(sim, 'POST', 'heartbeat', { seconds: '0' })).status).toBe(400);
    // Nothing was changed by the refused calls.
    expect((await callSim(sim, 'GET', '/server_settings')).status).toBe(200);
  });
});
