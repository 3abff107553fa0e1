import { describe, expect, it } from 'vitest';
import { basicAuthHeader, callSim, createSvcSimulator } from '.';

const sim = createSvcSimulator({ generatedUsers: 5 });
const NOT_FOUND = { result: 'error', code: 'BAD_REQUEST', msg: 'Endpoint does not exist.' };

describe('routing', () => {
  it.each([
    ['GET', '/no_such_thing'],
    ['GET', '/users/me/whatever'],
    ['POST', '/messages'],
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
    expect((await callSim(s, 'GET', '/server_settings')).body.svc_feature_level).toBe(100);
  });

  it('reads path parameters strictly: IDs are digits', async () => {
    expect((await callSim(sim, 'PATCH', '/users/abc', { as: 'admin@demo.test' })).status).toBe(405);
    expect((await callSim(sim, 'POST', '/users/abc/reactivate', { as: 'admin@demo.test' })).status).toBe(404);
  });
});

describe('parameters', () => {
  it('lists unknown parameters in ignored_parameters_unsupported', async () => {
    const { status, body } = await callSim(sim, 'GET', '/users/me', {
      as: 'member@demo.test',
      params: { client_gravatar: true, colour: 'blue' },
    });
    expect(status).toBe(200);
    expect(body.ignored_parameters_unsupported).toEqual(['client_gravatar', 'colour']);
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
    const { status, body } = await callSim(old, 'GET', '/users/me', {
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

  it('reports a malformed value as "Invalid <name>"', async () => {
    const { status, body } = await callSim(sim, 'GET', '/users', {
      as: 'member@demo.test',
      params: { client_gravatar: 'yes please' },
    });
    expect(status).toBe(400);
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Invalid client_gravatar' });
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
