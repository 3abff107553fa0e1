import { describe, expect, it } from 'vitest';
import { serverSettingsSchema, svcOps } from '../../shared/svc';
import { basicAuthHeader, callSim, createSvcSimulator, DEMO_ACCOUNTS, DEMO_PASSWORD, SIM_ORIGIN } from '.';

const sim = createSvcSimulator({ generatedUsers: 20 });

function withAuth(header: string) {
  return { headers: { authorization: header } };
}

describe('GET /server_settings', () => {
  it('needs no credentials and describes the demo realm', async () => {
    const { status, body } = await callSim(sim, 'GET', '/server_settings');
    expect(status).toBe(200);
    expect(svcOps.getServerSettings.response.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      result: 'success',
      msg: '',
      realm_name: 'Demo Organization',
      realm_url: 'http://127.0.0.1:9991',
      realm_uri: 'http://127.0.0.1:9991',
      realm_icon: 'http://127.0.0.1:9991/static/realm-icon.svg',
      zulip_feature_level: 500,
      zulip_version: '12.2-demo',
      zulip_merge_base: '12.2-demo',
      email_auth_enabled: true,
      require_email_format_usernames: true,
      is_incompatible: false,
      authentication_methods: { password: true, dev: false },
    });
    expect(serverSettingsSchema.parse(body).realm_description).toMatch(/^<p>/);
  });

  it('follows the base URL and the feature level', async () => {
    const old = createSvcSimulator({ generatedUsers: 0, baseUrl: 'http://sim.example:1234/', featureLevel: 200 });
    const { body } = await callSim(old, 'GET', '/server_settings');
    expect(body.zulip_feature_level).toBe(200);
    expect(body.realm_uri).toBe('http://sim.example:1234');
    // realm_url arrived at level 257.
    expect(body).not.toHaveProperty('realm_url');
  });

  it('serves the realm icon it points at', async () => {
    const res = await sim.fetch(new Request(`${SIM_ORIGIN}/static/realm-icon.svg`));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('image/svg+xml');
    expect(await res.text()).toContain('<svg');
  });
});

describe('POST /fetch_api_key', () => {
  it('returns the key of every demo account for the demo password', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const { status, body } = await callSim(sim, 'POST', '/fetch_api_key', {
        params: { username: account.email, password: DEMO_PASSWORD },
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ result: 'success', email: account.email, api_key: sim.apiKeyOf(account.email) });
      expect(body.user_id).toBe(sim.store.userByDeliveryEmail(account.email)?.user_id);
    }
  });

  it('accepts the username in any letter case', async () => {
    const { status } = await callSim(sim, 'POST', '/fetch_api_key', {
      params: { username: 'Admin@Demo.Test', password: DEMO_PASSWORD },
    });
    expect(status).toBe(200);
  });

  it.each([
    ['wrong password', 'admin@demo.test', 'nope'],
    ['unknown user', 'nobody@demo.test', DEMO_PASSWORD],
    ['bot (no password)', 'deploy-bot@demo.test', DEMO_PASSWORD],
  ])('refuses a %s with 401 AUTHENTICATION_FAILED', async (_case, username, password) => {
    const { status, body } = await callSim(sim, 'POST', '/fetch_api_key', { params: { username, password } });
    expect(status).toBe(401);
    expect(body).toEqual({
      result: 'error',
      code: 'AUTHENTICATION_FAILED',
      msg: 'Your username or password is incorrect',
    });
  });

  it('refuses a deactivated account with USER_DEACTIVATED', async () => {
    const s = createSvcSimulator({ generatedUsers: 0 });
    await callSim(s, 'DELETE', `/users/${s.store.userByDeliveryEmail('member@demo.test')?.user_id}`, {
      as: 'admin@demo.test',
    });
    const { status, body } = await callSim(s, 'POST', '/fetch_api_key', {
      params: { username: 'member@demo.test', password: DEMO_PASSWORD },
    });
    expect(status).toBe(401);
    expect(body).toEqual({ result: 'error', code: 'USER_DEACTIVATED', msg: 'Account is deactivated' });
  });

  it('reports missing arguments', async () => {
    const { status, body } = await callSim(sim, 'POST', '/fetch_api_key', { params: { username: 'admin@demo.test' } });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'REQUEST_VARIABLE_MISSING', msg: "Missing 'password' argument" });
  });

  it('omits user_id before level 171', async () => {
    const old = createSvcSimulator({ generatedUsers: 0, featureLevel: 170 });
    const { body } = await callSim(old, 'POST', '/fetch_api_key', {
      params: { username: 'admin@demo.test', password: DEMO_PASSWORD },
    });
    expect(body).not.toHaveProperty('user_id');
    expect(body.api_key).toBe(old.apiKeyOf('admin@demo.test'));
  });
});

describe('Basic authentication', () => {
  it('answers 401 UNAUTHORIZED without credentials', async () => {
    const { status, body } = await callSim(sim, 'GET', '/users/me');
    expect(status).toBe(401);
    expect(body).toEqual({
      result: 'error',
      code: 'UNAUTHORIZED',
      msg: 'Not logged in: API authentication or user session required',
    });
  });

  it('answers 401 UNAUTHORIZED for another scheme', async () => {
    const { status, body } = await callSim(sim, 'GET', '/users/me', withAuth('Bearer abc'));
    expect(status).toBe(401);
    expect(body.code).toBe('UNAUTHORIZED');
  });

  // A real server (level 372) answers every refused key with UNAUTHORIZED, the reason in the message.
  it.each([
    ['unknown email', basicAuthHeader('nobody@demo.test', 'x'.repeat(32))],
    ['wrong key', basicAuthHeader('admin@demo.test', 'y'.repeat(32))],
    ['key of another user', basicAuthHeader('admin@demo.test', sim.apiKeyOf('member@demo.test'))],
  ])('answers 401 UNAUTHORIZED "Invalid API key" for an %s', async (_case, header) => {
    const { status, body } = await callSim(sim, 'GET', '/users/me', withAuth(header));
    expect(status).toBe(401);
    expect(body).toEqual({ result: 'error', code: 'UNAUTHORIZED', msg: 'Invalid API key' });
  });

  it('answers 401 UNAUTHORIZED "Malformed API key" for a key that is not 32 characters', async () => {
    const header = basicAuthHeader('admin@demo.test', 'not-the-key');
    const { status, body } = await callSim(sim, 'GET', '/users/me', withAuth(header));
    expect(status).toBe(401);
    expect(body).toEqual({ result: 'error', code: 'UNAUTHORIZED', msg: 'Malformed API key' });
  });

  it('answers 401 UNAUTHORIZED "Account is deactivated" for a deactivated account', async () => {
    const s = createSvcSimulator({ generatedUsers: 0 });
    const memberKey = s.apiKeyOf('member@demo.test');
    const member = s.store.userByDeliveryEmail('member@demo.test');
    await callSim(s, 'DELETE', `/users/${member?.user_id}`, { as: 'admin@demo.test' });
    const { status, body } = await callSim(
      s,
      'GET',
      '/users/me',
      withAuth(basicAuthHeader('member@demo.test', memberKey)),
    );
    expect(status).toBe(401);
    expect(body).toEqual({ result: 'error', code: 'UNAUTHORIZED', msg: 'Account is deactivated' });
  });

  it('accepts the API email of a user whose real address is hidden', async () => {
    const hidden = sim.store.users.find((u) => !u.isBot && u.apiEmail !== u.deliveryEmail && u.isActive);
    expect(hidden).toBeDefined();
    if (!hidden) return;
    const { status, body } = await callSim(
      sim,
      'GET',
      '/users/me',
      withAuth(basicAuthHeader(hidden.apiEmail, hidden.apiKey)),
    );
    expect(status).toBe(200);
    expect(body.user_id).toBe(hidden.user_id);
  });

  it('checks credentials only after the endpoint exists', async () => {
    const { status, body } = await callSim(sim, 'GET', '/no/such/endpoint');
    expect(status).toBe(404);
    expect(body).toEqual({ result: 'error', code: 'BAD_REQUEST', msg: 'Endpoint does not exist.' });
  });
});
