import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { expect, signIn, test } from './fixtures';
import { pickMembers, simCall } from './sim-api';
import { restartBff, startBff } from './stack';

interface AuditEntryJson {
  operation: string;
  replica: string;
  outcome: string;
  actor: { email: string };
  target: { id: string | null } | null;
  params: Record<string, unknown>;
}

/** A mutation through the console's BFF as the page's signed-in user (cookie, CSRF header, origin). */
async function bffMutate(
  page: Page,
  origin: string,
  method: string,
  path: string,
  params: Record<string, string> = {},
) {
  const res = await page.request.fetch(`${origin}${path}`, {
    method,
    headers: {
      origin,
      'x-realm-console': '1',
      'content-type': 'application/x-www-form-urlencoded',
    },
    data: new URLSearchParams(params).toString(),
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function auditEntries(page: Page, origin: string, query: string): Promise<AuditEntryJson[]> {
  const res = await page.request.get(`${origin}/bff/audit?${query}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { entries: AuditEntryJson[] }).entries;
}

test('a session survives a restart of the BFF', async ({ page, baseURL }) => {
  await signIn(page, 'admin@demo.test', undefined, '/audit');
  await expect(page.getByRole('heading', { name: 'Audit' })).toBeVisible();
  await restartBff(baseURL!);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Audit' })).toBeVisible();
  await expect(page).not.toHaveURL(/sign-in/);
  // And it acts: the audit log answers for this (still signed-in) administrator.
  expect((await page.request.get('/bff/audit?limit=1')).status()).toBe(200);
});

test('a deactivation with a comment shows in the Audit page, filters by actor, exports to CSV, and new entries appear live', async ({
  page,
  baseURL,
}) => {
  const [user] = await pickMembers(1, 30);
  const comment = `Audit e2e ${randomBytes(4).toString('hex')}`;
  try {
    await signIn(page, 'admin@demo.test');
    await page.getByLabel('Search users').fill(user!.full_name);
    await page.getByRole('row', { name: new RegExp(user!.full_name) }).click();
    const detail = page.getByRole('dialog', { name: new RegExp(user!.full_name) });
    await detail.getByRole('button', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('dialog', { name: `Deactivate ${user!.full_name}?` });
    await confirm.getByRole('switch', { name: 'Send notification email' }).click();
    await confirm.getByLabel('Notification comment').fill(comment);
    await confirm.getByRole('button', { name: 'Deactivate user' }).click();
    await expect(confirm).toBeHidden();

    await page.goto('/audit');
    const row = page.getByRole('row', { name: new RegExp(comment) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Deactivate user');
    await expect(row).toContainText('admin@demo.test');
    await expect(row).toContainText(user!.full_name);
    await expect(row).toContainText('Done');

    // Filter by actor: kept in the URL; someone else's view does not hold the row.
    await page.getByLabel('Actor').fill('owner@demo.test');
    await expect(page).toHaveURL(/actor=owner%40demo.test/);
    await expect(page.getByRole('row', { name: new RegExp(comment) })).toHaveCount(0);
    await page.getByLabel('Actor').fill('admin@demo.test');
    await expect(page).toHaveURL(/actor=admin%40demo.test/);
    await expect(row).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Actor')).toHaveValue('admin@demo.test');
    await expect(row).toBeVisible();

    // Export of the filtered view.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync((await download.path())!, 'utf8');
    const line = csv.split('\r\n').find((l) => l.includes(comment));
    expect(line).toContain('deactivateUser');
    expect(line).toContain('admin@demo.test');
    expect(csv).not.toContain('owner@demo.test');

    // Live: a new entry appears without a reload.
    await bffMutate(page, baseURL!, 'POST', `/bff/svc/users/${user!.user_id}/reactivate`);
    await expect(
      page.getByRole('row', {
        name: new RegExp(`Reactivate user.*${user!.full_name}|${user!.full_name}.*Reactivate user`),
      }),
    ).toBeVisible({ timeout: 10_000 });
  } finally {
    await simCall('admin@demo.test', 'POST', `/users/${user!.user_id}/reactivate`);
  }
});

test('two replicas sharing one PostgreSQL: sign in through A, deactivate through B, one timeline', async ({ page }) => {
  const url = process.env.DATABASE_URL_TEST;
  test.skip(
    !url,
    'DATABASE_URL_TEST is not set: no PostgreSQL to share (PGlite cannot be shared by two processes). .ci/run sets it.',
  );
  const schema = `rc_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const databaseUrl = new URL(url!);
  databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
  const extraEnv = { DATABASE_URL: databaseUrl.toString(), SESSION_SECRET: randomBytes(32).toString('base64url') };
  const [user] = await pickMembers(1, 31);
  const replicas: Awaited<ReturnType<typeof startBff>>[] = [];
  try {
    for (const name of ['a', 'b']) {
      replicas.push(
        await startBff({
          svcUrl: process.env.E2E_SVC_URL!,
          port: '0',
          dataDir: join(tmpdir(), `rc-replica-${schema}-${name}`),
          extraEnv,
        }),
      );
    }
    const [a, b] = replicas.map((r) => r.ready.consoleUrl);

    await page.goto(`${a}/sign-in?next=/users`);
    await page.getByLabel('Email').fill('admin@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).not.toHaveURL(/sign-in/);

    // The session made by A works on B (the cookie is the same host's).
    await page.goto(`${b}/audit`);
    await expect(page.getByRole('heading', { name: 'Audit' })).toBeVisible();
    await bffMutate(page, b!, 'DELETE', `/bff/svc/users/${user!.user_id}`, {
      deactivation_notification_comment: 'Two replicas',
    });

    const entries = await auditEntries(page, a!, 'actor=admin%40demo.test');
    const signInEntry = entries.find((e) => e.operation === 'session.signIn')!;
    const deactivation = entries.find((e) => e.operation === 'deactivateUser')!;
    expect(signInEntry).toBeTruthy();
    expect(deactivation).toMatchObject({
      outcome: 'success',
      target: { id: String(user!.user_id) },
      params: { deactivation_notification_comment: 'Two replicas' },
    });
    expect(signInEntry.replica).not.toBe(deactivation.replica);
    // Both in one timeline, as the page shows it.
    await expect(page.getByRole('row', { name: /Two replicas/ })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('row', { name: /Sign in/ }).first()).toBeVisible();
  } finally {
    await simCall('admin@demo.test', 'POST', `/users/${user!.user_id}/reactivate`);
    for (const r of replicas) r.child.kill('SIGTERM');
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin.end();
  }
});
