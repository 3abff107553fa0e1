import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditPage } from '../shared/bff/audit';
import { redactParams } from './audit';
import { TOO_DEEP_MARKER } from './audit-params';
import { closeTestBffs, consoleRequest, createTestBff, signIn } from './test-support/test-bff';
import { MemorySessionStore } from './session-store';
import {
  MemoryAuditLog,
  openConsoleStore,
  openPglite,
  SqlAuditLog,
  StoreUnavailableError,
  type AuditLog,
  type ConsoleStore,
} from './store';

afterEach(closeTestBffs);

/** The test BFF over 20 generated people, with the audit (or the whole store) given. */
function setup(options: { audit?: AuditLog; store?: ConsoleStore } = {}) {
  const audit = options.store?.audit ?? options.audit;
  return createTestBff({
    sim: { generatedUsers: 20 },
    deps: { ...(options.store ? { sessions: options.store.sessions } : {}), ...(audit ? { audit } : {}) },
  });
}
type Harness = ReturnType<typeof setup>;

function request(path: string, init: RequestInit & { cookie?: string } = {}) {
  const { cookie = '', ...rest } = init;
  return consoleRequest(path, cookie, rest);
}

function form(params: Record<string, string>) {
  return { body: new URLSearchParams(params), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

async function memberId(h: Harness, cookie: string): Promise<number> {
  const res = await h.app.request(request('/bff/svc/users', { cookie }));
  const { members } = (await res.json()) as { members: { user_id: number; role: number; is_bot: boolean }[] };
  return members.find((m) => m.role === 400 && !m.is_bot && m.user_id > 10)!.user_id;
}

describe('audit recording', () => {
  it('records a channel change with the name it had before and a label of what changed; a preview is not recorded', async () => {
    const audit = new MemoryAuditLog();
    const h = setup({ audit });
    const cookie = await signIn(h, 'admin@demo.test');
    const design = h.sim.store.channels.find((c) => c.name === 'design')!.stream_id;
    const res = await h.app.request(
      request(`/bff/svc/streams/${design}`, {
        method: 'PATCH',
        cookie,
        ...form({ new_name: 'design-reviews', is_private: 'true' }),
      }),
    );
    expect(res.status).toBe(200);
    const entry = audit.all.find((e) => e.operation === 'updateChannel')!;
    expect(entry).toMatchObject({
      target: { type: 'channel', id: String(design), name: 'design' },
      outcome: 'success',
      note: 'Renamed to “design-reviews”; made private.',
    });
    const preview = await h.app.request(
      request('/bff/svc/messages/render', { method: 'POST', cookie, ...form({ content: '**x**' }) }),
    );
    expect(preview.status).toBe(200);
    expect(audit.all.some((e) => e.operation === 'renderMessage')).toBe(false);
  });

  it('records a deactivation with the comment, the target name and the outcome; admins read and export it', async () => {
    const audit = new MemoryAuditLog();
    const h = setup({ audit });
    const cookie = await signIn(h, 'admin@demo.test');
    const id = await memberId(h, cookie);
    const res = await h.app.request(
      request(`/bff/svc/users/${id}`, {
        method: 'DELETE',
        cookie,
        ...form({ deactivation_notification_comment: 'Contract ended' }),
      }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const entry = audit.all.find((e) => e.operation === 'deactivateUser')!;
    expect(entry).toMatchObject({
      area: 'chat',
      outcome: 'success',
      actor: { email: 'admin@demo.test', role: 200 },
      target: { type: 'user', id: String(id) },
      params: { user_id: id, deactivation_notification_comment: 'Contract ended' },
      requestId: res.headers.get('x-request-id'),
    });
    expect(entry.target!.name).toBeTruthy();
    expect(audit.all[0]).toMatchObject({ operation: 'session.signIn', params: { method: 'password' } });

    // A refusal is recorded with the server's code and message.
    const again = await h.app.request(request(`/bff/svc/users/${id}`, { method: 'DELETE', cookie }));
    expect(again.status).toBe(400);
    const refused = audit.all.at(-1)!;
    expect(refused.outcome).toBe('error');
    expect(refused.error?.msg).toBeTruthy();

    const page = (await (
      await h.app.request(request('/bff/audit?operation=deactivateUser', { cookie }))
    ).json()) as AuditPage;
    expect(page.entries.map((e) => e.outcome)).toEqual(['error', 'success']);
    const csv = await (await h.app.request(request('/bff/audit/export?format=csv&actor=admin', { cookie }))).text();
    expect(csv.split('\r\n')[0]).toContain('operation');
    expect(csv).toContain('Contract ended');
    const json = (await (
      await h.app.request(request('/bff/audit/export?format=json&outcome=error', { cookie }))
    ).json()) as {
      entries: AuditEntry[];
    };
    expect(json.entries.map((e) => e.operation)).toEqual(['deactivateUser']);
  });

  it('refuses the audit API to anyone but owners and administrators', async () => {
    const h = setup();
    const cookie = await signIn(h, 'member@demo.test');
    const res = await h.app.request(request('/bff/audit', { cookie }));
    expect(res.status).toBe(403);
    expect((await h.app.request(request('/bff/audit/export?format=csv', { cookie }))).status).toBe(403);
    expect((await h.app.request(request('/bff/audit'))).status).toBe(401);
  });

  it('refuses a mutation with 503 when its entry cannot be written, and does not perform it', async () => {
    const audit = new MemoryAuditLog();
    const h = setup({ audit });
    const cookie = await signIn(h, 'admin@demo.test');
    const id = await memberId(h, cookie);
    audit.begin = () => Promise.reject(new StoreUnavailableError(new Error('connection refused')));
    const res = await h.app.request(request(`/bff/svc/users/${id}`, { method: 'DELETE', cookie }));
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'AUDIT_UNAVAILABLE' });
    const user = await (await h.app.request(request(`/bff/svc/users/${id}`, { cookie }))).json();
    expect(user.user.is_active).toBe(true);
  });

  it('keeps every id of a long list: 149 members added to a group in one call are 149 ids in the entry', async () => {
    const audit = new MemoryAuditLog();
    const h = createTestBff({ sim: { generatedUsers: 170 }, deps: { audit } });
    const cookie = await signIn(h, 'admin@demo.test');
    const group = h.sim.store.userGroups.find((g) => !g.isSystemGroup && !g.deactivated)!;
    const add = h.sim.store.users
      .filter((u) => u.isActive && !u.isBot && !group.members.has(u.user_id))
      .slice(0, 149)
      .map((u) => u.user_id);
    expect(add).toHaveLength(149);
    const res = await h.app.request(
      request(`/bff/svc/user_groups/${group.id}/members`, {
        method: 'POST',
        cookie,
        ...form({ add: JSON.stringify(add) }),
      }),
    );
    expect(res.status).toBe(200);
    const entry = audit.all.find((e) => e.operation === 'updateUserGroupMembers')!;
    expect(entry.params.add).toEqual(add);
  });

  it('stores a select field’s option texts (settings, not message content)', async () => {
    const audit = new MemoryAuditLog();
    const h = setup({ audit });
    const cookie = await signIn(h, 'admin@demo.test');
    const fieldData = { '0': { text: 'Design', order: '1' }, '1': { text: 'Operations', order: '2' } };
    const res = await h.app.request(
      request('/bff/svc/realm/profile_fields', {
        method: 'POST',
        cookie,
        ...form({ name: 'Team', field_type: '3', field_data: JSON.stringify(fieldData) }),
      }),
    );
    expect(res.status).toBe(200);
    const entry = audit.all.find((e) => e.operation === 'createCustomProfileField')!;
    expect(entry.params.field_data).toEqual(fieldData);
  });

  // Each create, its form, and the field its answer names the new thing by.
  const creates: [string, string, Record<string, string>, string][] = [
    [
      'addLinkifier',
      '/bff/svc/realm/filters',
      { pattern: '#(?P<id>[0-9]+)', url_template: 'https://t.example/{id}' },
      'id',
    ],
    ['createChannelFolder', '/bff/svc/channel_folders/create', { name: 'Teams', description: '' }, 'channel_folder_id'],
    [
      'createUserGroup',
      '/bff/svc/user_groups/create',
      { name: 'reviewers', description: 'r', members: '[]' },
      'group_id',
    ],
    ['createSavedSnippet', '/bff/svc/saved_snippets', { title: 'Hi', content: 'Hello' }, 'saved_snippet_id'],
    [
      'addCodePlayground',
      '/bff/svc/realm/playgrounds',
      { name: 'Rust', pygments_language: 'Rust', url_template: 'https://play.example/?c={code}' },
      'id',
    ],
    ['createCustomProfileField', '/bff/svc/realm/profile_fields', { name: 'Desk', field_type: '1' }, 'id'],
  ];
  it.each(creates)(
    '%s: the entry’s target id is the id the server answered',
    async (operation, path, params, field) => {
      const audit = new MemoryAuditLog();
      const h = setup({ audit });
      const cookie = await signIn(h, 'admin@demo.test');
      const res = await h.app.request(request(path, { method: 'POST', cookie, ...form(params) }));
      expect(res.status).toBe(200);
      const answered = ((await res.json()) as Record<string, unknown>)[field];
      expect(typeof answered).toBe('number');
      expect(audit.all.find((e) => e.operation === operation)!.target!.id).toBe(String(answered));
    },
  );

  it('the SQL audit keeps a create’s answered id too (a linkifier answered id N: target id N)', async () => {
    const database = await openPglite(null);
    await database.migrate();
    try {
      const audit = new SqlAuditLog(database.db, 'test');
      const h = setup({ audit });
      const cookie = await signIn(h, 'admin@demo.test');
      const res = await h.app.request(
        request('/bff/svc/realm/filters', {
          method: 'POST',
          cookie,
          ...form({ pattern: '#(?P<id>[0-9]+)', url_template: 'https://t.example/{id}' }),
        }),
      );
      const { id } = (await res.json()) as { id: number };
      const { entries } = await audit.page({ operation: 'addLinkifier', limit: 1 });
      expect(entries[0]!.target).toMatchObject({ type: 'linkifier', id: String(id) });
    } finally {
      await database.close();
    }
  });

  it("signs out all of a user's sessions", async () => {
    const sessions = new MemorySessionStore({ idleMs: 60_000, maxMs: 3_600_000 });
    const h = setup();
    h.deps.sessions = sessions;
    const a = await signIn(h, 'admin@demo.test');
    const b = await signIn(h, 'admin@demo.test');
    const other = await signIn(h, 'owner@demo.test');
    const res = await h.app.request(request('/bff/session/all', { method: 'DELETE', cookie: a }));
    expect(await res.json()).toEqual({ ended: 2 });
    expect((await h.app.request(request('/bff/svc/users/me', { cookie: b }))).status).toBe(401);
    expect((await h.app.request(request('/bff/svc/users/me', { cookie: other }))).status).toBe(200);
  });
});

describe('redactParams', () => {
  it('drops credentials and message content, keeps ids, names and the deactivation comment', () => {
    expect(
      redactParams({
        user_id: 4,
        password: 'hunter2',
        api_key: 'abc',
        token: 't',
        deactivation_notification_comment: 'Bye',
        content: 'private words',
        prev_content_sha256: 'ff00',
        drafts: [{ topic: 't', content: 'draft body' }],
        nested: { apiKey: 'k', name: 'ok' },
      }),
    ).toEqual({
      user_id: 4,
      password: '[redacted]',
      api_key: '[redacted]',
      token: '[redacted]',
      deactivation_notification_comment: 'Bye',
      content: '[redacted: 13 characters]',
      prev_content_sha256: 'ff00',
      drafts: [{ topic: 't', content: '[redacted: 10 characters]' }],
      nested: { apiKey: '[redacted]', name: 'ok' },
    });
  });

  // One row per redacted field: the operation that carries it, its parameters, and what the audit keeps.
  const redacted: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ['createUser: password', { email: 'a@x.test', password: 'pw', full_name: 'A' }, { password: '[redacted]' }],
    ['signIn-style api_key', { api_key: 'k' }, { api_key: '[redacted]' }],
    ['addApnsDeviceToken: token', { token: 'device', appid: 'app' }, { token: '[redacted]', appid: 'app' }],
    ['webhooks.createEndpoint: token', { botUserId: 5, token: 'bot-token' }, { token: '[redacted]' }],
    ['a proxy credential: apiKey', { apiKey: 'k' }, { apiKey: '[redacted]' }],
    ['sendMessage: content', { type: 'stream', to: 3, content: 'hi' }, { content: '[redacted: 2 characters]' }],
    ['updateMessage: content', { message_id: 9, content: 'edit' }, { content: '[redacted: 4 characters]' }],
    [
      'createSavedSnippet: content',
      { title: 'T', content: 'body' },
      { title: 'T', content: '[redacted: 4 characters]' },
    ],
    [
      'createDrafts: drafts[].content',
      { drafts: [{ type: 'stream', to: [3], topic: 't', content: 'abc', timestamp: 1 }] },
      { drafts: [{ type: 'stream', to: [3], topic: 't', content: '[redacted: 3 characters]', timestamp: 1 }] },
    ],
    [
      'updateDraft: draft.content',
      { draft_id: 2, draft: { topic: 't', content: 'abcd' } },
      { draft: { topic: 't', content: '[redacted: 4 characters]' } },
    ],
    [
      'webhooks.updateEndpoint: reply.content',
      { reply: { kind: 'content', content: 'Thanks!' } },
      { reply: { kind: 'content', content: '[redacted: 7 characters]' } },
    ],
  ];
  it.each(redacted)('redacts %s', (_field, params, kept) => {
    expect(redactParams(params)).toMatchObject(kept);
  });

  it('keeps an emoji image as its type, size and digest, never its bytes', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    expect(redactParams({ emoji_name: 'party', file: png })).toEqual({
      emoji_name: 'party',
      file: { type: 'image/png', bytes: 8, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });
  });

  // Fields that only look like content or credentials: settings, and kept whole.
  const kept: [string, Record<string, unknown>][] = [
    [
      'createCustomProfileField: field_data option texts',
      {
        name: 'Team',
        field_type: 3,
        field_data: { '0': { text: 'Design', order: '1' }, '1': { text: 'Ops', order: '2' } },
      },
    ],
    ['updateOwnStatus: status_text', { status_text: 'On holiday', emoji_name: 'palm_tree' }],
    ['sendInvites: welcome_message_custom_text', { welcome_message_custom_text: 'Welcome aboard' }],
    ['deactivateUser: deactivation_notification_comment', { deactivation_notification_comment: 'Contract ended' }],
    [
      'updateRealmUserSettingsDefaults: message_content_in_email_notifications',
      { message_content_in_email_notifications: false },
    ],
    ['updateMessage: prev_content_sha256 and topic', { prev_content_sha256: 'ab'.repeat(32), topic: 'plans' }],
    ['a name that merely contains a secret-looking word', { passive_mode: true, compass: 'north' }],
    ['a long description, whole', { description: 'x'.repeat(5_000) }],
  ];
  it.each(kept)('keeps %s', (_field, params) => {
    expect(redactParams(params)).toEqual(params);
  });

  it('keeps lists whole, however long (149 members added in one call are 149 ids)', () => {
    const add = Array.from({ length: 149 }, (_, i) => i + 100);
    expect(redactParams({ user_group_id: 3, add })).toEqual({ user_group_id: 3, add });
  });

  it('says so, never silently, when a value is nested deeper than it keeps', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(JSON.stringify(redactParams({ deep }))).toContain(TOO_DEEP_MARKER);
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the SQL store behind the BFF', () => {
  it('never writes the password, the API key or the session cookie to the database in plain form', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rc-bff-store-'));
    const store = await openConsoleStore({
      databaseUrl: null,
      dataDir,
      secret: null,
      limits: { idleMs: 60_000, maxMs: 3_600_000 },
    });
    const h = setup({ store });
    const apiKey = h.sim.apiKeyOf('admin@demo.test');
    const cookie = await signIn(h, 'admin@demo.test');
    const sessionId = cookie.split('=')[1]!;
    // A message edit carries content: it is recorded without it.
    await h.app.request(
      request('/bff/svc/messages/1', { method: 'PATCH', cookie, ...form({ content: 'TOP-SECRET-MESSAGE-TEXT' }) }),
    );
    const page = await store.audit.page({ limit: 10 });
    expect(page.entries.map((e) => e.operation)).toContain('updateMessage');
    await h.deps.hub.close();
    await store.close();

    const needles = ['demo1234', apiKey, sessionId, 'TOP-SECRET-MESSAGE-TEXT'];
    let sawEmail = false;
    for (const file of filesUnder(dataDir)) {
      const bytes = readFileSync(file);
      sawEmail ||= bytes.includes('admin@demo.test');
      for (const needle of needles) expect(bytes.includes(needle), `${needle} in ${file}`).toBe(false);
    }
    // The scan does read the stored rows: the (plain) email is there.
    expect(sawEmail).toBe(true);
  });
});
