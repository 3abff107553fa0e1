import { afterEach, describe, expect, it } from 'vitest';
import { escapeLogLine } from '../log-line';
import { MemoryAuditLog, openPglite, SqlAuditLog, StoreUnavailableError, type Database } from '../store';
import { closeHarnesses, consoleRequest, setupHarness, signIn } from './harness';

const databases: Database[] = [];
afterEach(async () => {
  await closeHarnesses();
  await Promise.all(databases.splice(0).map((d) => d.close()));
});

/** The BFF with its audit in SQL (embedded PostgreSQL in memory), as the running console has it. */
async function sqlHarness(env: Record<string, string> = {}) {
  const database = await openPglite(null);
  databases.push(database);
  await database.migrate();
  return setupHarness({ audit: new SqlAuditLog(database.db, 'test'), env: { LOG_REQUESTS: 'true', ...env } });
}

const form = (params: Record<string, string>): RequestInit => ({
  method: 'POST',
  body: new URLSearchParams(params),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code;

describe('input the database cannot hold is refused at the edge with 400, not 503', () => {
  it('a NUL in any mutation parameter (form, JSON inside a form, JSON body, query string)', async () => {
    const h = await sqlHarness();
    const cookie = await signIn(h, 'admin@demo.test');
    const before = h.apiCalls().length;
    const attempts: Request[] = [
      consoleRequest(
        '/bff/svc/users/me/subscriptions',
        cookie,
        form({ subscriptions: '[{"name":"evil\\u0000\\nchan"}]' }),
      ),
      consoleRequest(
        '/bff/svc/user_groups/create',
        cookie,
        form({ name: 'a\u0000b', description: 'x', members: '[]' }),
      ),
      consoleRequest('/bff/webhooks/endpoints', cookie, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ botUserId: 1, token: 'T\u0000'.repeat(20) }),
      }),
      consoleRequest('/bff/audit?actor=a%00b', cookie),
    ];
    for (const request of attempts) {
      const res = await h.app.request(request);
      expect(res.status, request.url).toBe(400);
      expect(await codeOf(res)).toBe('INVALID_PARAMS');
    }
    // Nothing reached the chat server for them.
    expect(h.apiCalls().slice(before)).toEqual([]);
  });

  it('impossible audit filter dates and actor ids too large for the id column', async () => {
    const h = await sqlHarness();
    const cookie = await signIn(h, 'admin@demo.test');
    for (const query of [
      'from=2026-02-30',
      'to=2026-13-01T00:00Z',
      'from=-271821-04-20',
      'from=%2B275760-09-13',
      'to=2026-01-01T25:00',
      'actor=99999999999999999999',
    ]) {
      for (const path of ['/bff/audit', '/bff/audit/export']) {
        const res = await h.app.request(consoleRequest(`${path}?${query}`, cookie));
        expect(res.status, `${path}?${query}`).toBe(400);
      }
    }
    // Sane filters still work, and a long number is still searched as part of an email.
    for (const query of ['from=2026-01-01', 'to=2026-01-31T09:00:00.000Z', 'actor=2147483647', 'actor=admin']) {
      expect((await h.app.request(consoleRequest(`/bff/audit?${query}`, cookie))).status, query).toBe(200);
    }
  });
});

describe('log lines', () => {
  it('escape control characters: a forged line stays inside the one that carried it', () => {
    expect(escapeLogLine('POST /x\u0000\ninfo sign-in user_id=1 role=100')).toBe(
      'POST /x\\u0000\\ninfo sign-in user_id=1 role=100',
    );
    expect(escapeLogLine('a\\nb\u2028c\u009b')).toBe('a\\\\nb\\u2028c\\u009b');
  });

  it('never carry query strings, bodies or a driver’s error text, whatever fails', async () => {
    const audit = new MemoryAuditLog();
    const h = setupHarness({ audit, env: { LOG_REQUESTS: 'true' } });
    const cookie = await signIn(h, 'admin@demo.test');
    await h.app.request(consoleRequest('/bff/svc/users?secret-query=QUERY-NEEDLE', cookie));
    // The audit write fails in the driver, whose error quotes the query and its parameters (as drizzle's does).
    audit.begin = () =>
      Promise.reject(
        new StoreUnavailableError(
          new Error('Failed query: insert into "console_audit" ... params: [{"name":"BODY-NEEDLE\ninfo forged"}]'),
        ),
      );
    const res = await h.app.request(
      consoleRequest('/bff/svc/users/me/subscriptions', cookie, form({ subscriptions: '[{"name":"BODY-NEEDLE"}]' })),
    );
    expect(res.status).toBe(503);
    const log = h.logs.join('\n');
    expect(log).toContain('/bff/svc/users');
    for (const needle of ['QUERY-NEEDLE', 'BODY-NEEDLE', 'insert into', 'console_audit']) {
      expect(log.toLowerCase()).not.toContain(needle.toLowerCase());
    }
    for (const line of h.logs) expect([...line].some((ch) => ch.charCodeAt(0) < 0x20)).toBe(false);
  });
});
