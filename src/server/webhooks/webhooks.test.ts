import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import type { AuditPage } from '../../shared/bff/audit';
import { CSRF_HEADER } from '../../shared/bff/protocol';
import {
  REDACTED_TOKEN,
  type WebhookDeliveriesResponse,
  type WebhookEndpoint,
  type WebhookEndpointsResponse,
} from '../../shared/bff/webhooks';
import { createSvcSimulator, type SvcSimulator } from '../../sim/svc';
import { MemoryAuditLog, openPglite, SqlWebhookRegistry, StoreUnavailableError, type AuditLog } from '../store';
import { closeTestBffs, createTestBff, ORIGIN, signIn } from '../test-support/test-bff';
import type { WebhookRegistry } from '../store/webhook-registry';
import { constantTimeEqual, createTokenVault } from '../store/token-vault';

const TOKEN = 'xvOzfurIutdRRVLzpXrIIHXJvNfaJLJ0';

afterEach(closeTestBffs);

/** The test BFF over 5 generated people (or a shared simulator), with the audit and webhook stores given. */
function setup(
  env: Record<string, string> = {},
  options: { audit?: AuditLog; webhooks?: WebhookRegistry; sim?: SvcSimulator } = {},
) {
  return createTestBff({
    env: { SESSION_SECRET: 'x'.repeat(40), ...env },
    sim: { generatedUsers: 5 },
    ...(options.sim ? { upstream: options.sim } : {}),
    deps: {
      ...(options.audit ? { audit: options.audit } : {}),
      ...(options.webhooks ? { webhooks: options.webhooks } : {}),
    },
  });
}
type Harness = ReturnType<typeof setup>;

function request(path: string, init: RequestInit & { cookie?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set('origin', ORIGIN);
  headers.set(CSRF_HEADER, '1');
  if (init.cookie) headers.set('cookie', init.cookie);
  return new Request(ORIGIN + path, { ...init, headers });
}

function json(method: string, body: unknown, cookie?: string): RequestInit & { cookie?: string } {
  return { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' }, cookie };
}

function bot(h: Harness) {
  return h.sim.store.users.find((u) => u.isBot && u.botType === 3)!;
}

async function createEndpoint(h: Harness, cookie: string, reply?: unknown): Promise<WebhookEndpoint> {
  const res = await h.app.request(
    request('/bff/webhooks/endpoints', json('POST', { botUserId: bot(h).user_id, token: TOKEN, reply }, cookie)),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { endpoint: WebhookEndpoint }).endpoint;
}

function payload(h: Harness, overrides: Record<string, unknown> = {}) {
  const b = bot(h);
  return {
    bot_email: b.deliveryEmail,
    bot_full_name: b.fullName,
    data: `@**${b.fullName}** hello *there*`,
    trigger: 'mention',
    token: TOKEN,
    message: {
      id: 112,
      type: 'stream',
      sender_id: 5,
      sender_email: 'iago@demo.test',
      sender_full_name: 'Iago',
      content: `@**${b.fullName}** hello *there*`,
      rendered_content: '<p>hello</p>',
      subject: 'Verona2',
      display_recipient: 'Verona',
      stream_id: 5,
      recipient_id: 20,
      timestamp: 1527876931,
      client: 'website',
      reactions: [],
      submessages: [],
    },
    ...overrides,
  };
}

/** As the chat server calls it: no cookie, no CSRF header, no Origin. */
function deliver(h: Harness, id: string, body: unknown, init: RequestInit = {}) {
  return h.app.request(
    new Request(`${ORIGIN}/hooks/outgoing/${id}`, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
      ...init,
    }),
  );
}

async function deliveries(h: Harness, cookie: string, id: string) {
  const res = await h.app.request(request(`/bff/webhooks/endpoints/${id}/deliveries`, { cookie }));
  expect(res.status).toBe(200);
  return ((await res.json()) as WebhookDeliveriesResponse).deliveries;
}

describe('outgoing webhook receiver', () => {
  it('accepts a delivery with the right token, stores it without the token and answers the reply template', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const endpoint = await createEndpoint(h, cookie, { kind: 'content', content: 'On it!' });
    expect(JSON.stringify(endpoint)).not.toContain(TOKEN);

    const res = await deliver(h, endpoint.id, payload(h));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ content: 'On it!' });

    const [stored, ...rest] = await deliveries(h, cookie, endpoint.id);
    expect(rest).toHaveLength(0);
    expect(stored).toMatchObject({
      trigger: 'mention',
      sender: { userId: 5, fullName: 'Iago' },
      where: { type: 'stream', channel: 'Verona', topic: 'Verona2' },
      data: `@**${bot(h).fullName}** hello *there*`,
      response: { content: 'On it!' },
    });
    expect(stored!.payload.token).toBe(REDACTED_TOKEN);
    expect(JSON.stringify(stored)).not.toContain(TOKEN);

    const list = (await (
      await h.app.request(request('/bff/webhooks/endpoints', { cookie }))
    ).json()) as WebhookEndpointsResponse;
    expect(list.endpoints[0]).toMatchObject({ id: endpoint.id, deliveryCount: 1 });
    expect(JSON.stringify(list)).not.toContain(TOKEN);
  });

  it('answers response_not_required when no reply is configured, and after the template changes', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const endpoint = await createEndpoint(h, cookie);
    expect(await (await deliver(h, endpoint.id, payload(h))).json()).toEqual({ response_not_required: true });
    const patched = await h.app.request(
      request(
        `/bff/webhooks/endpoints/${endpoint.id}`,
        json('PATCH', { reply: { kind: 'content', content: 'Hi' } }, cookie),
      ),
    );
    expect(patched.status).toBe(200);
    expect(await (await deliver(h, endpoint.id, payload(h))).json()).toEqual({ content: 'Hi' });
  });

  it('refuses a wrong token with 401 and stores nothing', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const endpoint = await createEndpoint(h, cookie);
    for (const token of ['wrong', TOKEN.slice(0, -1), TOKEN + 'x', TOKEN.toLowerCase()]) {
      const res = await deliver(h, endpoint.id, payload(h, { token }));
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe('WEBHOOK_BAD_TOKEN');
    }
    // A wrong token is refused before the rest of the body is judged.
    expect((await deliver(h, endpoint.id, { token: 'wrong' })).status).toBe(401);
    expect(await deliveries(h, cookie, endpoint.id)).toEqual([]);
  });

  it('refuses malformed bodies with 400 and the reason, and stores nothing', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const endpoint = await createEndpoint(h, cookie);
    const cases: [unknown, RegExp][] = [
      ['{not json', /not JSON/],
      [[1, 2], /not a JSON object/],
      [{ ...payload(h), token: undefined }, /token/],
      [payload(h, { trigger: 'stream_message' }), /^trigger: /],
      [payload(h, { data: 42 }), /^data: /],
      [payload(h, { message: { id: 1 } }), /^message\./],
      [payload(h, { bot_email: 'someone-else@demo.test' }), /^bot_email: /],
    ];
    for (const [body, reason] of cases) {
      const res = await deliver(h, endpoint.id, body);
      expect(res.status).toBe(400);
      const envelope = (await res.json()) as { code: string; msg: string };
      expect(envelope.code).toBe('WEBHOOK_INVALID_PAYLOAD');
      expect(envelope.msg).toMatch(reason);
    }
    expect(await deliveries(h, cookie, endpoint.id)).toEqual([]);
  });

  it('refuses bodies over the size limit with 413, declared or not', async () => {
    const h = setup({ WEBHOOK_MAX_BODY_KB: '1' });
    const cookie = await signIn(h, 'admin@demo.test');
    const endpoint = await createEndpoint(h, cookie);
    const big = payload(h, { data: 'x'.repeat(2000) });
    expect((await deliver(h, endpoint.id, big)).status).toBe(413);
    // Streamed without a Content-Length.
    const bytes = new TextEncoder().encode(JSON.stringify(big));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 256) controller.enqueue(bytes.slice(i, i + 256));
        controller.close();
      },
    });
    const streamed = await deliver(h, endpoint.id, '', { body: stream, duplex: 'half' } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await deliveries(h, cookie, endpoint.id)).toEqual([]);
    expect((await deliver(h, endpoint.id, payload(h))).status).toBe(200);
  });

  it('lists refused deliveries with their status and reason for the inspector, keeping nothing of the body', async () => {
    const h = setup({ WEBHOOK_MAX_BODY_KB: '1' });
    const cookie = await signIn(h, 'admin@demo.test');
    const endpoint = await createEndpoint(h, cookie);
    const wrongToken = 'WrongToken0123456789';
    expect((await deliver(h, endpoint.id, payload(h, { token: wrongToken }))).status).toBe(401);
    expect((await deliver(h, endpoint.id, payload(h, { trigger: 'stream_message' }))).status).toBe(400);
    expect((await deliver(h, endpoint.id, payload(h, { data: 'x'.repeat(2000) }))).status).toBe(413);
    expect((await deliver(h, endpoint.id, payload(h))).status).toBe(200);
    // Another endpoint's URL, unknown: refused, and listed nowhere.
    expect((await deliver(h, 'x'.repeat(22), payload(h))).status).toBe(404);

    const res = await h.app.request(request(`/bff/webhooks/endpoints/${endpoint.id}/deliveries`, { cookie }));
    const body = (await res.json()) as WebhookDeliveriesResponse;
    expect(body.deliveries).toHaveLength(1);
    expect(body.refused.map((r) => [r.status, r.code])).toEqual([
      [413, 'WEBHOOK_PAYLOAD_TOO_LARGE'],
      [400, 'WEBHOOK_INVALID_PAYLOAD'],
      [401, 'WEBHOOK_BAD_TOKEN'],
    ]);
    expect(body.refused[2]!.reason).toBe('The token does not match this endpoint’s bot.');
    expect(body.refused[1]!.reason).toMatch(/^trigger: /);
    expect(Date.parse(body.refusedSince)).not.toBeNaN();
    expect(JSON.stringify(body.refused)).not.toContain(wrongToken);

    await h.app.request(request(`/bff/webhooks/endpoints/${endpoint.id}`, { method: 'DELETE', cookie }));
    const again = await createEndpoint(h, cookie);
    const fresh = (await (
      await h.app.request(request(`/bff/webhooks/endpoints/${again.id}/deliveries`, { cookie }))
    ).json()) as WebhookDeliveriesResponse;
    expect(fresh.refused).toEqual([]);
  });

  it('reads the old private_message trigger as direct_message', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const endpoint = await createEndpoint(h, cookie);
    const message = {
      ...payload(h).message,
      type: 'private',
      display_recipient: [
        { id: 5, email: 'iago@demo.test', full_name: 'Iago' },
        { id: bot(h).user_id, email: bot(h).deliveryEmail, full_name: bot(h).fullName },
      ],
      subject: '',
    };
    const res = await deliver(h, endpoint.id, payload(h, { trigger: 'private_message', message }));
    expect(res.status).toBe(200);
    const [stored] = await deliveries(h, cookie, endpoint.id);
    expect(stored).toMatchObject({
      trigger: 'direct_message',
      rawTrigger: 'private_message',
      where: { type: 'private', recipients: ['Iago', bot(h).fullName] },
    });
  });

  it('answers 404 for an unknown endpoint and after deletion', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    expect((await deliver(h, 'nope', payload(h))).status).toBe(404);
    const endpoint = await createEndpoint(h, cookie);
    const res = await h.app.request(request(`/bff/webhooks/endpoints/${endpoint.id}`, { method: 'DELETE', cookie }));
    expect(res.status).toBe(204);
    expect((await deliver(h, endpoint.id, payload(h))).status).toBe(404);
  });

  it('keeps the newest deliveries only', async () => {
    const h = setup();
    const cookie = await signIn(h, 'admin@demo.test');
    const endpoint = await createEndpoint(h, cookie);
    for (let i = 0; i < 205; i++) {
      const body = payload(h);
      expect((await deliver(h, endpoint.id, { ...body, message: { ...body.message, id: i + 1 } })).status).toBe(200);
    }
    const kept = await deliveries(h, cookie, endpoint.id);
    expect(kept).toHaveLength(200);
    expect(kept[0]!.messageId).toBe(205);
    expect(kept.at(-1)!.messageId).toBe(6);
  });
});

describe('webhook administration', () => {
  it('is for administrators only, needs the CSRF header, and checks the bot', async () => {
    const h = setup();
    const member = await signIn(h, 'member@demo.test');
    expect((await h.app.request(request('/bff/webhooks/endpoints', { cookie: member }))).status).toBe(403);
    const admin = await signIn(h, 'admin@demo.test');
    const noCsrf = await h.app.request(
      new Request(`${ORIGIN}/bff/webhooks/endpoints`, {
        method: 'POST',
        body: JSON.stringify({ botUserId: bot(h).user_id, token: TOKEN }),
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: admin },
      }),
    );
    expect(noCsrf.status).toBe(403);
    const human = h.sim.store.userByDeliveryEmail('member@demo.test')!;
    const notBot = await h.app.request(
      request('/bff/webhooks/endpoints', json('POST', { botUserId: human.user_id, token: TOKEN }, admin)),
    );
    expect(notBot.status).toBe(400);
    const badToken = await h.app.request(
      request('/bff/webhooks/endpoints', json('POST', { botUserId: bot(h).user_id, token: 'not a token!' }, admin)),
    );
    expect(badToken.status).toBe(400);
  });
});

describe('demo: pointing the simulator’s bot at the console', () => {
  it('creates an endpoint with the bot’s token and points the bot at it, in one request; only in the demo', async () => {
    const sim = createSvcSimulator({ generatedUsers: 5 });
    onTestFinished(() => sim.close());
    const h = createTestBff({
      env: { SESSION_SECRET: 'x'.repeat(40) },
      upstream: sim,
      deps: {
        demoWebhooks: {
          token: (botEmail) => sim.control.setOutgoingWebhook!({ botEmail }).token,
          pointAt: (botEmail, url) => void sim.control.setOutgoingWebhook!({ botEmail, url }),
        },
      },
    });
    const cookie = await signIn(h, 'admin@demo.test');
    const member = await signIn(h, 'member@demo.test');
    const b = bot(h);
    const path = '/bff/webhooks/demo-connect';
    expect((await h.app.request(request(path, json('POST', { botUserId: b.user_id }, member)))).status).toBe(403);

    const res = await h.app.request(request(path, json('POST', { botUserId: b.user_id }, cookie)));
    expect(res.status).toBe(201);
    const { endpoint } = (await res.json()) as { endpoint: WebhookEndpoint };
    expect(endpoint.bot.userId).toBe(b.user_id);
    const { token, url } = sim.control.setOutgoingWebhook!({ botEmail: b.deliveryEmail });
    expect(url).toBe(`${ORIGIN}/hooks/outgoing/${endpoint.id}`);
    expect(JSON.stringify(endpoint)).not.toContain(token);
    // The endpoint took the bot's own token: its notifications are accepted.
    expect((await deliver(h, endpoint.id, payload(h, { token }))).status).toBe(200);

    const notDemo = setup();
    const admin = await signIn(notDemo, 'admin@demo.test');
    const refused = await notDemo.app.request(request(path, json('POST', { botUserId: bot(notDemo).user_id }, admin)));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { msg: string }).msg).toMatch(/Only the demo/);
  });
});

describe('token vault', () => {
  it('seals per endpoint and compares in constant time', () => {
    const vault = createTokenVault(() => 'y'.repeat(40));
    const sealed = vault.seal('a', TOKEN);
    expect(sealed).not.toContain(TOKEN);
    expect(vault.matches('a', sealed, TOKEN)).toBe(true);
    expect(vault.matches('a', sealed, 'other')).toBe(false);
    // Sealed for another endpoint: does not open.
    expect(vault.matches('b', sealed, TOKEN)).toBe(false);
    expect(createTokenVault(() => 'z'.repeat(40)).matches('a', sealed, TOKEN)).toBe(false);
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
  });
});

describe('webhook auditing', () => {
  async function auditPage(h: Harness, cookie: string, query: string): Promise<AuditPage> {
    const res = await h.app.request(request(`/bff/audit?${query}`, { cookie }));
    expect(res.status).toBe(200);
    return (await res.json()) as AuditPage;
  }

  it('records creation, reply changes and deletion as webhook targets, without the token or the reply text', async () => {
    const audit = new MemoryAuditLog();
    const h = setup({}, { audit });
    const cookie = await signIn(h, 'admin@demo.test');
    const endpoint = await createEndpoint(h, cookie, { kind: 'content', content: 'Secret plan' });
    const patched = await h.app.request(
      request(`/bff/webhooks/endpoints/${endpoint.id}`, json('PATCH', { reply: { kind: 'none' } }, cookie)),
    );
    expect(patched.status).toBe(200);
    const deleted = await h.app.request(
      request(`/bff/webhooks/endpoints/${endpoint.id}`, { method: 'DELETE', cookie }),
    );
    expect(deleted.status).toBe(204);
    // Deleting it again: refused, and recorded as such.
    expect(
      (await h.app.request(request(`/bff/webhooks/endpoints/${endpoint.id}`, { method: 'DELETE', cookie }))).status,
    ).toBe(404);

    const entries = audit.all.filter((e) => e.operation.startsWith('webhooks.'));
    expect(entries.map((e) => [e.operation, e.outcome])).toEqual([
      ['webhooks.createEndpoint', 'success'],
      ['webhooks.updateEndpoint', 'success'],
      ['webhooks.deleteEndpoint', 'success'],
      ['webhooks.deleteEndpoint', 'error'],
    ]);
    const target = { type: 'webhook', id: endpoint.id, name: bot(h).fullName };
    for (const e of entries.slice(0, 3)) {
      expect(e).toMatchObject({ area: 'console', target, actor: { email: 'admin@demo.test' } });
    }
    // Already gone: no name to give.
    expect(entries[3]!.target).toEqual({ ...target, name: null });
    expect(entries[0]!.params).toEqual({
      botUserId: bot(h).user_id,
      token: '[redacted]',
      reply: { kind: 'content', content: '[redacted: 11 characters]' },
    });
    expect(entries[3]!.error).toMatchObject({ code: 'WEBHOOK_ENDPOINT_NOT_FOUND' });
    const text = JSON.stringify(audit.all);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain('Secret plan');

    // The audit page's target-type filter knows webhooks.
    const page = await auditPage(h, cookie, 'targetType=webhook');
    expect(page.entries.map((e) => e.operation)).toEqual([
      'webhooks.deleteEndpoint',
      'webhooks.deleteEndpoint',
      'webhooks.updateEndpoint',
      'webhooks.createEndpoint',
    ]);
    expect((await auditPage(h, cookie, `targetType=webhook&target=${endpoint.id}`)).entries).toHaveLength(4);
  });

  it('records a refused creation (not an outgoing-webhook bot) as an error', async () => {
    const audit = new MemoryAuditLog();
    const h = setup({}, { audit });
    const admin = await signIn(h, 'admin@demo.test');
    const human = h.sim.store.userByDeliveryEmail('member@demo.test')!;
    const res = await h.app.request(
      request('/bff/webhooks/endpoints', json('POST', { botUserId: human.user_id, token: TOKEN }, admin)),
    );
    expect(res.status).toBe(400);
    const [entry] = audit.all.filter((e) => e.operation === 'webhooks.createEndpoint');
    expect(entry).toMatchObject({ outcome: 'error', error: { code: 'NOT_AN_OUTGOING_WEBHOOK_BOT' } });
    expect(JSON.stringify(audit.all)).not.toContain(TOKEN);
  });

  it('changes nothing when the audit entry cannot be written', async () => {
    const audit = new MemoryAuditLog();
    const h = setup({}, { audit });
    const cookie = await signIn(h, 'admin@demo.test');
    const endpoint = await createEndpoint(h, cookie);
    audit.begin = async () => {
      throw new StoreUnavailableError(new Error('down'));
    };
    const created = await h.app.request(
      request('/bff/webhooks/endpoints', json('POST', { botUserId: bot(h).user_id, token: TOKEN }, cookie)),
    );
    expect(created.status).toBe(503);
    const patched = await h.app.request(
      request(`/bff/webhooks/endpoints/${endpoint.id}`, json('PATCH', { reply: { kind: 'none' } }, cookie)),
    );
    expect(patched.status).toBe(503);
    const deleted = await h.app.request(
      request(`/bff/webhooks/endpoints/${endpoint.id}`, { method: 'DELETE', cookie }),
    );
    expect(deleted.status).toBe(503);
    const list = (await (
      await h.app.request(request('/bff/webhooks/endpoints', { cookie }))
    ).json()) as WebhookEndpointsResponse;
    expect(list.endpoints.map((e) => e.id)).toEqual([endpoint.id]);
  });
});

describe('webhooks in the SQL store', () => {
  it('keep endpoints and deliveries across a BFF restart, and never keep the token in clear', async () => {
    const database = await openPglite(null);
    await database.migrate();
    // After afterEach has closed the two BFFs.
    onTestFinished(() => database.close());
    const sim = createSvcSimulator({ generatedUsers: 5 });
    onTestFinished(() => sim.close());
    const vault = () => createTokenVault(() => 'x'.repeat(40));

    const first = setup({}, { sim, webhooks: new SqlWebhookRegistry(database.db, vault()) });
    const cookie = await signIn(first, 'admin@demo.test');
    const endpoint = await createEndpoint(first, cookie, { kind: 'content', content: 'Persisted' });
    expect((await deliver(first, endpoint.id, payload(first))).status).toBe(200);
    expect((await deliver(first, endpoint.id, payload(first, { token: 'wrong' }))).status).toBe(401);

    // Another process over the same database (a restart, or a second replica).
    const second = setup({}, { sim, webhooks: new SqlWebhookRegistry(database.db, vault()) });
    const again = await signIn(second, 'admin@demo.test');
    const list = (await (
      await second.app.request(request('/bff/webhooks/endpoints', { cookie: again }))
    ).json()) as WebhookEndpointsResponse;
    expect(list.endpoints).toEqual([{ ...endpoint, deliveryCount: 1, lastDeliveryAt: expect.any(String) }]);
    const res = await deliver(second, endpoint.id, payload(second));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ content: 'Persisted' });
    const kept = await deliveries(second, again, endpoint.id);
    expect(kept).toHaveLength(2);
    expect(kept[0]!.seq).toBeGreaterThan(kept[1]!.seq);
    expect(kept[0]!.payload.token).toBe(REDACTED_TOKEN);

    const rows = await Promise.all(
      ['console_webhook_endpoints', 'console_webhook_deliveries'].map(
        async (table) =>
          (await database.db.execute(sql.raw(`SELECT * FROM ${table}`))) as unknown as { rows: unknown[] },
      ),
    );
    expect(rows[0]!.rows).toHaveLength(1);
    expect(rows[1]!.rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(TOKEN);
  });
});
