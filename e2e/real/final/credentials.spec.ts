import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { filesUnder, leaksIn as leaksOf } from '../../leak-search';
import { account, expect, signInAs, test } from '../real-fixtures';

/**
 * Runs last in the real project (it depends on `real-journeys`): after every real-server journey, neither what the console sent the browser, the
 * browser's storage, the BFF's log nor its database holds a real account's password or API key.
 */

const ROLES = ['owner', 'admin', 'moderator', 'member', 'guest'] as const;

test('no real password or API key reaches the browser, the BFF log or its database', async ({ browser }) => {
  test.setTimeout(180_000);
  const secrets = ROLES.flatMap((role) => {
    const user = account(role);
    return [
      { name: `password of ${user.email}`, value: user.password },
      { name: `API key of ${user.email}`, value: user.api_key },
    ];
  });
  const leaksIn = (where: string, data: string | Buffer) => leaksOf(where, data, secrets);
  const leaks: string[] = [];
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    pending.push(
      (async () => {
        const headers = await response.allHeaders();
        leaks.push(...leaksIn(`headers of ${response.url()}`, JSON.stringify(headers)));
        if (headers['content-type']?.startsWith('text/event-stream')) return;
        const body = await Promise.race([
          response.body().catch(() => null),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000)),
        ]);
        if (body) leaks.push(...leaksIn(`body of ${response.url()}`, body));
      })(),
    );
    leaks.push(...leaksIn(`URL ${response.url()}`, response.url()));
  });
  const walk = async (p: Page, paths: string[]) => {
    for (const path of paths) {
      await p.goto(path);
      await expect(p.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(p.getByText(/^(Loading|Checking)/)).toHaveCount(0);
    }
  };
  await signInAs(page, 'admin');
  await walk(page, [
    '/groups',
    '/channels',
    '/topics',
    '/audit',
    '/webhooks',
    '/settings/new-user-defaults',
    '/settings/linkifiers',
    '/me/drafts',
    '/me',
    '/server',
  ]);
  const storage = async () =>
    page.evaluate(() => ({
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      cookies: document.cookie,
    }));
  for (const [name, value] of Object.entries(await storage())) leaks.push(...leaksIn(`${name} (admin)`, value));
  leaks.push(...leaksIn('cookie jar (admin)', JSON.stringify(await context.cookies())));

  // The member signs in with their API key: it goes browser → BFF once and never comes back.
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  const member = account('member');
  await page.getByText('With API key').click();
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('API key', { exact: true }).fill(member.api_key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
  await walk(page, ['/users', '/groups', '/channels', '/topics', '/me', '/me/drafts']);
  for (const [name, value] of Object.entries(await storage())) leaks.push(...leaksIn(`${name} (member)`, value));
  await Promise.all(pending);
  await context.close();

  const log = readFileSync(process.env.E2E_REAL_BFF_LOG!);
  expect(log.toString()).toContain('REALM_CONSOLE_READY');
  leaks.push(...leaksIn('the BFF log', log));
  const files = filesUnder(process.env.E2E_REAL_DATA_DIR!);
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) leaks.push(...leaksIn(file, readFileSync(file)));
  expect([...new Set(leaks)]).toEqual([]);
});
