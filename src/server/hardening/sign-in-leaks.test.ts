import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../sim/svc';
import { MemoryAuditLog, openConsoleStore } from '../store';
import { closeHarnesses, consoleRequest, setupHarness, signIn, signInResponse } from './harness';

afterEach(closeHarnesses);

describe('sign-in leaks nothing and records nothing it should not', () => {
  it('a deactivated account gets the same answer as a wrong password (no USER_DEACTIVATED)', async () => {
    const h = setupHarness();
    const wrong = await signInResponse(h, 'member@demo.test', 'not-the-password');
    const owner = await signIn(h, 'owner@demo.test');
    const memberId = h.sim.store.userByDeliveryEmail('member@demo.test')!.user_id;
    const off = await h.app.request(consoleRequest(`/bff/svc/users/${memberId}`, owner, { method: 'DELETE' }));
    expect(off.status).toBe(200);
    const deactivated = await signInResponse(h, 'member@demo.test', DEMO_PASSWORD);
    expect(deactivated.status).toBe(wrong.status);
    expect(await deactivated.json()).toEqual(await wrong.json());
    // With an API key: the same as an invalid key.
    const byKey = (apiKey: string) =>
      h.app.request(
        consoleRequest('/bff/session', '', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'member@demo.test', apiKey }),
        }),
      );
    const badKey = await byKey('x'.repeat(32));
    const deadKey = await byKey(h.sim.apiKeyOf('member@demo.test'));
    expect(deadKey.status).toBe(badKey.status);
    expect(await deadKey.json()).toEqual(await badKey.json());
  });

  it('a failed sign-in keeps the typed name in the audit only when it is an email address', async () => {
    const audit = new MemoryAuditLog();
    const h = setupHarness({ audit });
    await signInResponse(h, 'Tr0ub4dor&3 typed in the wrong field', 'x');
    await signInResponse(h, 'nobody@demo.test', 'x');
    const { entries } = await audit.page({ limit: 10 });
    const actors = entries.map((e) => e.actor.email);
    expect(actors).toContain('nobody@demo.test');
    expect(actors.join(' ')).not.toContain('Tr0ub4dor');
  });

  it('X-Request-Id from the client is used only behind a trusted proxy', async () => {
    const chosen = 'attacker-chosen-id-0001';
    for (const [trust, expected] of [
      ['false', false],
      ['true', true],
    ] as const) {
      const h = setupHarness({ env: { TRUST_PROXY: trust } });
      const res = await signInResponse(h, 'admin@demo.test', DEMO_PASSWORD, { 'x-request-id': chosen });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id') === chosen, `TRUST_PROXY=${trust}`).toBe(expected);
    }
  });
});

describe('the session cookie', () => {
  it('under HTTPS only __Host-rc_session counts; a planted unprefixed cookie is not a session', async () => {
    const h = setupHarness({ env: { PUBLIC_ORIGIN: 'https://console.test' } });
    const res = await h.app.request(
      consoleRequest(
        '/bff/session',
        '',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }),
        },
        'https://console.test',
      ),
    );
    const set = res.headers.get('set-cookie')!;
    expect(set).toMatch(/^__Host-rc_session=/);
    const id = set.split(';')[0]!.split('=')[1]!;
    const as = (cookie: string) =>
      h.app.request(consoleRequest('/bff/svc/users/me', cookie, {}, 'https://console.test'));
    expect((await as(`__Host-rc_session=${id}`)).status).toBe(200);
    expect((await as(`rc_session=${id}`)).status).toBe(401);
  });
});

describe('DATA_DIR', () => {
  it('is 0700 and everything in it 0600 (0700 for directories), the embedded database included', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'rc-private-')), 'data');
    const store = await openConsoleStore({
      databaseUrl: null,
      dataDir,
      secret: null,
      limits: { idleMs: 60_000, maxMs: 3_600_000 },
    });
    await store.close();
    const loose: string[] = [];
    const walk = (path: string) => {
      const stat = statSync(path);
      const mode = stat.mode & 0o777;
      if (mode !== (stat.isDirectory() ? 0o700 : 0o600)) loose.push(`${mode.toString(8)} ${path}`);
      if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
    };
    walk(dataDir);
    expect(loose).toEqual([]);
  });
});
