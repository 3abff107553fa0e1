import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures';
import { startBff } from './stack';

/** The proxy simulator's control surface (JSON), as global setup started it. */
async function proxyControl(path: string, body: unknown = {}): Promise<void> {
  const res = await fetch(`${process.env.E2E_PROXY_URL}/__sim/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`proxy sim control ${path}: ${res.status} ${await res.text()}`);
}

const KEY_ID = () => process.env.E2E_PROXY_KEY_ID!;
const FULL_SCOPES = ['routes:read', 'routes:write', 'health:read'];
const BANNER_TITLE = 'Proxy API key rejected or missing the needed scope';

/**
 * Collects every response the browser receives (bodies and headers) so a test can assert that the
 * proxy key never reaches it.
 */
function watchForKey(page: Page): () => Promise<void> {
  const key = process.env.E2E_PROXY_API_KEY!;
  const seen: Promise<string | null>[] = [];
  page.on('response', (response) => {
    seen.push(
      (async () => {
        const all = await response.allHeaders();
        const headers = JSON.stringify(all);
        let body = '';
        // The SSE stream never ends, so its body never resolves; it carries chat events only.
        if (!(all['content-type'] ?? '').startsWith('text/event-stream')) {
          try {
            body = (await response.body()).toString('utf8');
          } catch {
            // Redirects and aborted requests have no body.
          }
        }
        return headers.includes(key) || body.includes(key) ? response.url() : null;
      })(),
    );
  });
  return async () => {
    expect(key.length).toBeGreaterThan(10);
    expect(seen.length).toBeGreaterThan(0);
    const leaks = (await Promise.all(seen)).filter((url) => url !== null);
    expect(leaks).toEqual([]);
  };
}

function routeRow(page: Page, options: { name: RegExp }) {
  return page.getByRole('table', { name: 'Proxy routes' }).getByRole('row', options);
}

async function openProxy(page: Page, email = 'admin@demo.test') {
  await signIn(page, email, undefined, '/proxy/routes');
  await expect(page.getByRole('heading', { name: 'Proxy routes' })).toBeVisible();
}

async function fillCreate(page: Page, values: { name: string; domain: string; upstream: string }) {
  await page.getByRole('button', { name: 'Create route' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create route' });
  await dialog.getByLabel('Name').fill(values.name);
  await dialog.getByLabel('Domain').fill(values.domain);
  await dialog.getByLabel('Upstream 1 address').fill(values.upstream);
  await dialog.getByRole('button', { name: 'Create route' }).click();
  return dialog;
}

test('an admin creates a route, edits its upstream, disables it and deletes it; the key never reaches the browser', async ({
  page,
}) => {
  const noKey = watchForKey(page);
  await openProxy(page);
  await expect(routeRow(page, { name: /app\.demo\.test/ })).toBeVisible();
  const domain = `shop-${Date.now().toString(36)}.e2e.test`;

  const dialog = await fillCreate(page, { name: 'E2E shop', domain, upstream: '10.9.0.1:8080' });
  await expect(dialog).toBeHidden();
  const drawer = page.getByRole('dialog', { name: domain });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('10.9.0.1:8080')).toBeVisible();
  // The full record's extras are shown too.
  await expect(drawer.getByRole('table', { name: 'Other fields' }).getByText('syncStatus')).toBeVisible();

  await drawer.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit route ${domain}` });
  await edit.getByLabel('Upstream 1 address').fill('10.9.0.2:9090');
  await edit.getByLabel('Upstream 1 weight').fill('40');
  await edit.getByRole('button', { name: 'Save route' }).click();
  await expect(edit).toBeHidden();
  await expect(drawer.getByText('10.9.0.2:9090')).toBeVisible();
  await expect(routeRow(page, { name: new RegExp(domain.replace(/\./g, '\\.')) })).toContainText('10.9.0.2:9090 ×40');

  await drawer.getByRole('button', { name: 'Disable' }).click();
  await expect(drawer.getByText('Disabled', { exact: true })).toBeVisible();
  await expect(page.getByRole('switch', { name: `Enabled: ${domain}` })).not.toBeChecked();

  await drawer.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete route?' });
  await expect(confirm).toContainText(domain);
  await confirm.getByRole('button', { name: 'Delete route' }).click();
  await expect(drawer).toBeHidden();
  await page.getByLabel('Search routes').fill(domain);
  await expect(page.getByText('0 routes')).toBeVisible();

  await noKey();
});

test('a duplicate domain shows the 409 on the domain field', async ({ page }) => {
  await openProxy(page);
  const dialog = await fillCreate(page, { name: 'Twin', domain: 'app.demo.test', upstream: '10.9.9.9:80' });
  const field = dialog.getByLabel('Domain');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('A route for domain app.demo.test already exists')).toBeVisible();
});

test('with a key holding only routes:read the create action is refused with a clear message', async ({ page }) => {
  // The dashboard re-scopes the very key the console holds, as its operator could.
  await proxyControl(`keys/${KEY_ID()}/scopes`, { scopes: ['routes:read'] });
  try {
    await openProxy(page);
    const dialog = await fillCreate(page, {
      name: 'Read only',
      domain: `ro-${Date.now().toString(36)}.e2e.test`,
      upstream: '10.9.1.1:80',
    });
    await expect(dialog.getByRole('alert')).toContainText(`${BANNER_TITLE} (routes:write)`);
    const banner = page.getByTestId('proxy-key-banner');
    await expect(banner).toContainText('routes:write');
    // Reading still works, and the connection card says what the key may and may not do.
    await expect(routeRow(page, { name: /app\.demo\.test/ })).toBeVisible();
  } finally {
    await proxyControl(`keys/${KEY_ID()}/scopes`, { scopes: FULL_SCOPES });
  }
});

test("advancing the dashboard's clock past the key's expiry shows the key-rejected banner", async ({ page }) => {
  await openProxy(page);
  await expect(routeRow(page, { name: /app\.demo\.test/ })).toBeVisible();
  await expect(page.getByTestId('proxy-key-banner')).toHaveCount(0);
  // Global setup's key expires after 30 days.
  await proxyControl('clock/advance', { days: 31 });
  try {
    await page.getByRole('button', { name: 'Check again' }).click();
    const banner = page.getByTestId('proxy-key-banner');
    await expect(banner).toContainText(BANNER_TITLE);
    await expect(banner).toContainText('routes:read');
  } finally {
    await proxyControl('clock/reset');
  }
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByTestId('proxy-key-banner')).toHaveCount(0);
});

test('a member sees no Proxy area and is refused by /bff/proxy', async ({ page }) => {
  await signIn(page, 'member@demo.test');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Users', exact: true })).toBeVisible();
  await expect(nav.getByText('Proxy', { exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Routes', exact: true })).toHaveCount(0);
  const res = await page.request.get('/bff/proxy/publicApi.routes');
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { code: string }).code).toBe('PROXY_FORBIDDEN');
});

test('a console with no proxy dashboard configured says so and how to configure it, without a spinner', async ({
  page,
}) => {
  // Only the chat server, as on a deployment against a real chat server: no PROXY_URL, no PROXY_API_KEY.
  const dataDir = mkdtempSync(join(tmpdir(), 'rc-noproxy-'));
  const bff = await startBff({ svcUrl: process.env.E2E_SVC_URL!, port: '0', dataDir, proxyUrl: '', proxyApiKey: '' });
  try {
    const base = bff.ready.consoleUrl;
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/bff/proxy/')) calls.push(r.url());
    });
    // The page's timers run on a clock the test moves, so "no retry, no polling" is checked without waiting.
    await page.clock.install();
    await page.goto(`${base}/sign-in?next=${encodeURIComponent('/proxy/routes')}`);
    await page.getByLabel('Email').fill('admin@demo.test');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Proxy routes' })).toBeVisible();
    const notice = page.getByRole('alert').filter({ hasText: 'No proxy dashboard is configured' });
    await expect(notice).toBeVisible();
    for (const name of ['PROXY_URL', 'PROXY_API_KEY', 'PROXY_RPC_PATH']) await expect(notice).toContainText(name);
    await expect(page.getByText('Checking…')).toHaveCount(0);
    await expect(page.getByText('Loading routes…')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
    // A retry or a poll would ask again within a minute of the page's time.
    const asked = calls.length;
    expect(asked).toBeGreaterThan(0);
    await page.clock.runFor(60_000);
    await expect(notice).toBeVisible();
    expect(calls.length).toBe(asked);
  } finally {
    bff.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
