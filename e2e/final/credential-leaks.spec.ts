import { readFileSync } from 'node:fs';
import { DEMO_PASSWORD, expect, signIn, test } from '../fixtures';
import { filesUnder, leaksIn, type Secret } from '../leak-search';
import { simApiKey } from '../sim-api';

/**
 * Runs last (the `sim` project depends on `sim-journeys`), after every other spec has signed in, acted and signed out:
 * neither the built bundle, anything the console sends the browser, browser storage, the BFF's log, nor its
 * database holds a user's API key, the password, or the proxy dashboard's key.
 */

const NAMED = ['owner@demo.test', 'admin@demo.test', 'moderator@demo.test', 'member@demo.test', 'guest@demo.test'];

async function secrets(): Promise<Secret[]> {
  const out: Secret[] = [];
  for (const email of NAMED) out.push({ name: `API key of ${email}`, value: await simApiKey(email) });
  // Everyone else who can sign in with the demo password (the generated people), as an administrator sees them.
  const adminKey = out[1]!.value;
  const res = await fetch(`${process.env.E2E_SVC_URL}/api/v1/users`, {
    headers: { authorization: 'Basic ' + Buffer.from(`admin@demo.test:${adminKey}`).toString('base64') },
  });
  const { members } = (await res.json()) as { members: { delivery_email?: string | null; is_bot: boolean }[] };
  const others = members
    .filter((m) => !m.is_bot && m.delivery_email && !NAMED.includes(m.delivery_email))
    .slice(0, 60)
    .map((m) => m.delivery_email!);
  for (const email of others) {
    const key = await simApiKey(email).catch(() => null);
    if (key) out.push({ name: `API key of ${email}`, value: key });
  }
  out.push({ name: 'the demo password', value: DEMO_PASSWORD });
  const proxyKey = process.env.E2E_PROXY_API_KEY;
  expect(proxyKey, 'global setup hands the BFF a proxy key').toBeTruthy();
  out.push({ name: 'the proxy API key', value: proxyKey! });
  for (const s of out) expect(s.value.length, s.name).toBeGreaterThanOrEqual(8);
  return out;
}

test('no API key, password or proxy key in the bundle, responses, storage, logs or database', async ({ browser }) => {
  test.setTimeout(120_000);
  const all = await secrets();
  const leaks: string[] = [];

  // 1. The built bundle (what every visitor downloads).
  for (const file of filesUnder('dist')) leaks.push(...leaksIn(file, readFileSync(file), all));

  // 2. Every response and header sent to the browser during a journey through every area, by two roles; the
  // member signs in with their API key (the key travels browser → BFF once, and never comes back).
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending: Promise<void>[] = [];
  let responses = 0;
  page.on('response', (response) => {
    pending.push(
      (async () => {
        responses++;
        const headers = await response.allHeaders();
        leaks.push(...leaksIn(`headers of ${response.url()}`, JSON.stringify(headers), all));
        // An SSE stream's body never ends; its events carry what the same pages then read (checked here).
        if (headers['content-type']?.startsWith('text/event-stream')) return;
        const body = await Promise.race([
          response.body().catch(() => null),
          new Promise<null>((resolve) => setTimeout(() => resolve(null), 5_000)),
        ]);
        if (body) leaks.push(...leaksIn(`body of ${response.url()}`, body, all));
      })(),
    );
  });
  await signIn(page, 'admin@demo.test');
  await page.getByLabel('Search users').fill('Mia Mem');
  await page.getByRole('row', { name: /Mia Member/ }).click();
  await expect(page.getByRole('dialog', { name: /Mia Member/ })).toBeVisible();
  await page.keyboard.press('Escape');
  for (const path of [
    '/groups',
    '/channels',
    '/topics',
    '/audit',
    '/proxy/routes',
    '/webhooks',
    '/settings/new-user-defaults',
    '/settings/linkifiers',
    '/me/drafts',
    '/me',
    '/server',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  const storage = async () =>
    page.evaluate(async () => ({
      local: JSON.stringify({ ...localStorage }),
      session: JSON.stringify({ ...sessionStorage }),
      cookies: document.cookie,
      indexedDb: JSON.stringify(await indexedDB.databases()),
    }));
  // 3. Browser storage readable by scripts, and the cookies (none of which scripts can read).
  const adminStorage = await storage();
  expect(adminStorage.cookies, 'the session cookie is HttpOnly').not.toContain('rc_session');
  for (const [name, value] of Object.entries(adminStorage)) leaks.push(...leaksIn(`${name} (admin)`, value, all));
  leaks.push(...leaksIn('cookie jar (admin)', JSON.stringify(await context.cookies()), all));

  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await page.getByText('With API key').click();
  await page.getByLabel('Email').fill('member@demo.test');
  await page
    .getByLabel('API key', { exact: true })
    .fill(all.find((s) => s.name === 'API key of member@demo.test')!.value);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/sign-in/);
  for (const path of ['/users', '/groups', '/channels', '/topics', '/me', '/me/drafts']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
  const memberStorage = await storage();
  for (const [name, value] of Object.entries(memberStorage)) leaks.push(...leaksIn(`${name} (member)`, value, all));
  leaks.push(...leaksIn('cookie jar (member)', JSON.stringify(await context.cookies()), all));
  await Promise.all(pending);
  expect(responses).toBeGreaterThan(30);
  await context.close();

  // 4. The BFF's log (its stdout and stderr since global setup, restarts included).
  const logFile = process.env.E2E_BFF_LOG!;
  const log = readFileSync(logFile);
  expect(log.toString()).toContain('REALM_CONSOLE_READY');
  expect(log.toString()).toMatch(/sign-in user_id=\d+/);
  leaks.push(...leaksIn('the BFF log', log, all));

  // 5. The database (PGlite's files under DATA_DIR, read raw) and whatever else the BFF keeps there.
  const files = filesUnder(process.env.E2E_DATA_DIR!);
  expect(files.length).toBeGreaterThan(5);
  for (const file of files) leaks.push(...leaksIn(file, readFileSync(file), all));

  expect([...new Set(leaks)]).toEqual([]);
});
