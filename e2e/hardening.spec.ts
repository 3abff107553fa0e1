import { readFileSync, readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { pickMembers, simCall, simControl } from './sim-api';

/**
 * Hardening, in Chromium against the running console: the CSP holds with the real SPA, hostile server HTML is
 * inert, and the pages stay honest while the chat server misbehaves (sim fault knobs). Reconnection after event
 * queue loss and a BFF restart: live-sync.spec.ts and audit.spec.ts.
 */

const GENERAL = 1;

/** CSP violations the page reports (a blocked inline script, style or connection would show up here). */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__reportCsp', (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCsp: (l: string) => void }).__reportCsp(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  return violations;
}

test.afterEach(async () => {
  await simControl('fail-next', { count: '0' });
  await simControl('latency', { ms: '0' });
});

// The build the console under test serves (STATIC_DIR, as the BFF reads it).
const DIST = process.env.STATIC_DIR ?? 'dist';

test('the built pages have no inline script, and the SPA runs under the CSP in every area', async ({ page }) => {
  for (const name of ['index.html', 'sign-in.html']) {
    const html = readFileSync(`${DIST}/${name}`, 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length, name).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="\/assets\//);
      expect(body!.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+=/i);
  }
  // The one eval-like call in the bundle is zod's feature probe (`try { Function('') } catch { fall back }`): under
  // a script-src without 'unsafe-eval' it is refused and zod validates without its compiled fast path.
  const probes: string[] = [];
  for (const file of readdirSync(`${DIST}/assets`).filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(`${DIST}/assets/${file}`, 'utf8');
    expect(code, file).not.toMatch(/\beval\(/);
    const calls = code.match(/\bFunction\(/g) ?? [];
    if (calls.length) {
      expect(calls, file).toHaveLength(1);
      expect(code, file).toMatch(/try\{return Function\(``\),!0\}catch\{return!1\}/);
      probes.push(file);
    }
  }
  expect(probes.length).toBeLessThanOrEqual(1);

  const violations = await watchCsp(page);
  const document = await page.request.get('/');
  expect(document.headers()['content-security-policy']).toContain("script-src 'self'");
  expect(document.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await signIn(page, 'admin@demo.test');
  for (const path of [
    '/users',
    '/groups',
    '/channels',
    '/topics',
    '/audit',
    '/settings/linkifiers',
    '/me',
    '/server',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page.getByRole('main')).not.toBeEmpty();
  }
  // Nothing was refused but that probe (it reports a violation each time a schema is first used).
  const isProbe = (v: string) => v.startsWith('script-src eval ') && probes.some((f) => v.includes(`/assets/${f}`));
  expect(violations.filter((v) => !isProbe(v))).toEqual([]);
});

test('hostile HTML in a message is inert: no script runs, no handler fires, javascript: links are gone', async ({
  page,
}) => {
  const topic = `xss probe ${Date.now()}`;
  const hostile = [
    '<p>Hostile <b>bold</b>',
    `<script>window.__xss = 'script'; alert('script')</script>`,
    `<img src="/nope.png" onerror="window.__xss = 'onerror'; alert('onerror')">`,
    `<a href="javascript:window.__xss = 'link'; alert('link')">click me</a>`,
    `<a href=" JaVaScRiPt:alert('mixed')">mixed case</a>`,
    `<a href="data:text/html,<script>alert('data')</script>">data link</a>`,
    `<svg><animate onbegin="alert('svg')" attributeName="x" dur="1s"></animate></svg>`,
    `<iframe src="javascript:alert('iframe')"></iframe>`,
    `<form action="javascript:alert('form')"><button>go</button></form>`,
    `<math><mtext><table><mglyph><style><img src=x onerror="alert('mxss')"></style></mglyph></table></mtext></math>`,
    `<div style="background:url(javascript:alert('css'))" onmouseover="alert('hover')">hover me</div>`,
    '</p>',
  ].join('');
  await seedTopicWithHtml(GENERAL, topic, hostile);
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signIn(page, 'admin@demo.test', undefined, `/topics?stream=${GENERAL}&topic=${encodeURIComponent(topic)}`);
  const drawer = page.getByRole('dialog', { name: `#general › ${topic}` });
  await expect(drawer.getByText('Hostile')).toBeVisible();
  const message = drawer.locator('b', { hasText: 'bold' }).locator('xpath=ancestor::*[self::div or self::article][1]');
  await expect(drawer.getByText('click me')).toBeVisible();
  await drawer.getByText('click me').click();
  await drawer.getByText('hover me').hover();
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  const found = await message.evaluate((el) => ({
    scripts: el.querySelectorAll('script, iframe, form, style, svg animate').length,
    handlers: [...el.querySelectorAll('*')].flatMap((n) => n.getAttributeNames().filter((a) => a.startsWith('on'))),
    styles: el.querySelectorAll('[style]').length,
    hrefs: [...el.querySelectorAll('a')].map((a) => a.getAttribute('href')),
  }));
  expect(found.scripts).toBe(0);
  expect(found.handlers).toEqual([]);
  expect(found.styles).toBe(0);
  for (const href of found.hrefs) expect(href ?? '').not.toMatch(/^\s*(javascript|data):/i);
  // The page is still this console (no navigation away).
  await expect(page).toHaveURL(/\/topics/);
});

async function seedTopicWithHtml(streamId: number, topic: string, html: string): Promise<void> {
  const res = await fetch(`${process.env.E2E_SVC_URL}/__sim/seed-topic`, {
    method: 'POST',
    body: new URLSearchParams({ stream_id: String(streamId), topic, count: '1', rendered_html: html }),
  });
  if (!res.ok) throw new Error(`seed-topic: ${res.status} ${await res.text()}`);
}

test('500s, connection resets and malformed JSON: a clear error with a working retry, never a blank page', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await expect(page.getByRole('row').nth(1)).toBeVisible();
  const cases = [
    { mode: 'envelope', path: '/users', title: 'Users could not be loaded', msg: /Internal server error/ },
    { mode: 'malformed', path: '/channels', title: 'Channels could not be loaded', msg: /not JSON/ },
    { mode: 'reset', path: '/me', title: 'Your account could not be loaded', msg: /cannot be reached/ },
  ] as const;
  for (const c of cases) {
    // From a page the chat server has no part in (the audit log is the console's own).
    await page.goto('/audit');
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    // Enough failures for the page's first try and its automatic retries (a read is tried three times).
    await simControl('fail-next', { count: '40', status: '500', mode: c.mode });
    await page.goto(c.path);
    const alert = page.getByRole('alert').filter({ hasText: c.title });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(alert).toContainText(c.msg);
    await simControl('fail-next', { count: '0' });
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(alert).toBeHidden({ timeout: 10_000 });
    await expect(page.getByRole('main')).not.toBeEmpty();
  }
});

test('a latency spike shows progress and then the data, never a stuck spinner', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page.goto('/me');
  await simControl('latency', { ms: '2500' });
  await page.goto('/users');
  await expect(page.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
  await simControl('latency', { ms: '0' });
});

test('a failed mutation keeps the form as typed; a lost answer is reconciled by refetch, not repeated', async ({
  page,
}) => {
  const pattern = `HARD-(?P<id>[0-9]+)-${Date.now() % 100_000}`;
  const url = 'https://hardening.example/{id}';
  await signIn(page, 'admin@demo.test', undefined, '/settings/linkifiers');
  await page.getByRole('button', { name: 'Add linkifier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add linkifier' });
  await dialog.getByLabel('Pattern').fill(pattern);
  await dialog.getByLabel('URL template').fill(url);

  // The server refuses (500): the dialog stays open with what was typed, and nothing was added.
  // Only the add itself fails: the page's background calls (event long-polls, refetches) go through.
  const add = { method: 'POST', path: '/realm/filters' };
  await simControl('fail-next', { count: '1', status: '500', ...add });
  await dialog.getByRole('button', { name: 'Add linkifier' }).click();
  await expect(page.getByText(/Internal server error/).first()).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Pattern')).toHaveValue(pattern);
  await expect(dialog.getByLabel('URL template')).toHaveValue(url);
  expect(await linkifierCount(pattern)).toBe(0);

  // The server applies it but the answer is lost: the console says it failed, does not send it again, and
  // the list (refetched) shows the one linkifier that exists.
  await simControl('fail-next', { count: '1', status: '500', mode: 'lost', ...add });
  await dialog.getByRole('button', { name: 'Add linkifier' }).click();
  await expect(page.getByText(/cannot be reached/).first()).toBeVisible();
  await expect(dialog.getByLabel('Pattern')).toHaveValue(pattern);
  expect(await linkifierCount(pattern)).toBe(1);
  await page.reload();
  await expect(
    page.getByRole('table', { name: 'Linkifiers' }).getByRole('row', { name: /hardening\.example/ }),
  ).toHaveCount(1);
  expect(await linkifierCount(pattern)).toBe(1);

  // Clean up for the linkifier spec.
  const { linkifiers } = (await simCall('admin@demo.test', 'GET', '/realm/linkifiers')) as {
    linkifiers: { id: number; pattern: string }[];
  };
  for (const l of linkifiers.filter((l) => l.pattern === pattern)) {
    await simCall('admin@demo.test', 'DELETE', `/realm/filters/${l.id}`);
  }
});

async function linkifierCount(pattern: string): Promise<number> {
  const { linkifiers } = (await simCall('admin@demo.test', 'GET', '/realm/linkifiers')) as {
    linkifiers: { pattern: string }[];
  };
  return linkifiers.filter((l) => l.pattern === pattern).length;
}

test('the browser losing its network shows it, then reconnects and shows what changed meanwhile', async ({
  page,
  context,
}) => {
  const [user] = await pickMembers(1, 40);
  await signIn(page, 'admin@demo.test', undefined, `/users?q=${encodeURIComponent(user!.full_name)}`);
  await expect(page.getByLabel('Live updates: Live')).toBeVisible({ timeout: 10_000 });
  const row = page.getByRole('row', { name: new RegExp(user!.full_name) });
  await expect(row).toContainText('Member');

  await context.setOffline(true);
  await expect(page.getByLabel(/Live updates: (Reconnecting|Offline)/)).toBeVisible({ timeout: 15_000 });
  // Changed while this browser could not hear about it.
  await simCall('admin@demo.test', 'PATCH', `/users/${user!.user_id}`, { role: '300' });
  await context.setOffline(false);

  await expect(page.getByLabel('Live updates: Live')).toBeVisible({ timeout: 20_000 });
  await expect(row).toContainText('Moderator', { timeout: 10_000 });
  await simCall('admin@demo.test', 'PATCH', `/users/${user!.user_id}`, { role: '400' });
  await expect(row).toContainText('Member', { timeout: 5_000 });
});
