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
const FULL_SCOPES = ['routes:read', 'routes:write', 'health:read', 'certs:read', 'analytics:read'];
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

function uniqueDomain(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.e2e.test`;
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

test('an admin creates a route, edits its upstream and deletes it, each told from the read-back; the key never reaches the browser', async ({
  page,
}) => {
  const noKey = watchForKey(page);
  await openProxy(page);
  await expect(routeRow(page, { name: /app\.demo\.test/ })).toBeVisible();
  const domain = uniqueDomain('shop');

  const dialog = await fillCreate(page, { name: 'E2E shop', domain, upstream: '10.9.0.1:8080' });
  await expect(dialog).toBeHidden();
  const drawer = page.getByRole('dialog', { name: domain });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('10.9.0.1:8080')).toBeVisible();
  // What the read-back confirmed, and what it cannot: whether the proxy applied it.
  const last = drawer.getByRole('region', { name: 'Last change through the console' });
  await expect(last).toContainText('Route stored by the dashboard');
  await expect(last).toContainText('Confirmed by reading');
  await expect(last).toContainText('Cannot be confirmed: whether the proxy applied it');
  // A write does not make a route live: what is live is read from the proxy's own configuration and drift.
  const live = drawer.getByRole('region', { name: 'Live state' });
  await expect(live).toContainText("Proxy's configuration: the proxy holds the route");
  await expect(live).toContainText('In sync');

  await drawer.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: `Edit route ${domain}` });
  // What the key cannot change is shown, not offered.
  await expect(edit.getByRole('table', { name: 'Set in the dashboard' })).toContainText('Load balancing');
  await expect(edit.getByText('the dashboard itself must')).toBeVisible();
  await expect(edit.getByRole('textbox', { name: 'Domain' })).toHaveCount(0);
  await edit.getByLabel('Upstream 1 address').fill('10.9.0.2:9090');
  await edit.getByLabel('Upstream 1 weight').fill('40');
  await expect(edit.getByText('The proxy may reject this weight')).toBeVisible();
  await edit.getByLabel('Upstream 1 weight').fill('1');
  await edit.getByRole('button', { name: 'Save route' }).click();
  await expect(edit).toBeHidden();
  await expect(drawer.getByText('10.9.0.2:9090')).toBeVisible();
  await expect(last).toContainText('Changes stored by the dashboard');
  await expect(routeRow(page, { name: new RegExp(domain.replace(/\./g, '\\.')) })).toContainText('10.9.0.2:9090');

  await drawer.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete route?' });
  await expect(confirm).toContainText(domain);
  await confirm.getByRole('button', { name: 'Delete route' }).click();
  await expect(drawer).toBeHidden();
  await page.getByLabel('Search routes').fill(domain);
  await expect(page.getByText('0 routes')).toBeVisible();

  await noKey();
});

test('a create with a field the dashboard drops says it was not applied', async ({ page }) => {
  // A dashboard whose key API takes fewer fields than the console expects: it strips compression and still answers.
  await proxyControl('strip', { fields: ['compressionEnabled'] });
  try {
    await openProxy(page);
    const domain = uniqueDomain('nocomp');
    await page.getByRole('button', { name: 'Create route' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create route' });
    await dialog.getByLabel('Name').fill('No compression');
    await dialog.getByLabel('Domain').fill(domain);
    await dialog.getByLabel('Upstream 1 address').fill('10.9.3.1:80');
    await dialog.getByRole('checkbox', { name: 'Compression' }).uncheck();
    await dialog.getByRole('button', { name: 'Create route' }).click();
    const drawer = page.getByRole('dialog', { name: domain });
    const last = drawer.getByRole('region', { name: 'Last change through the console' });
    await expect(last).toContainText('Route created, but not as sent');
    await expect(last).toContainText('Not applied: Compression — sent off, the dashboard kept on.');
    await expect(drawer.getByRole('table', { name: 'Route fields' })).toContainText('Compression');
    // The audit says the same, not a bare success.
    await page.goto('/audit?operation=proxy.publicApi.createRoute');
    await expect(page.getByRole('row', { name: new RegExp(domain.replace(/\./g, '\\.')) }).first()).toContainText(
      'Not applied: Compression (sent off, stored on)',
    );
  } finally {
    await proxyControl('strip', { fields: [] });
  }
});

test('disabling on a dashboard that keeps serving: confirmed first, never claimed off, drift and traffic shown', async ({
  page,
}) => {
  await openProxy(page);
  const domain = uniqueDomain('still');
  await fillCreate(page, { name: 'Still served', domain, upstream: '10.9.4.1:80' });
  const drawer = page.getByRole('dialog', { name: domain });
  await expect(drawer).toBeVisible();

  // The table's switch asks first, and says the disable may not stop traffic.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  // Only this route's row: the table draws the rows in its window, and other journeys leave routes behind.
  await page.getByLabel('Search routes').fill(domain);
  // From the keyboard: the switch's input sits under its drawn track.
  await page.getByRole('switch', { name: `Enabled: ${domain}` }).focus();
  await page.keyboard.press('Space');
  const ask = page.getByRole('dialog', { name: `Disable ${domain}?` });
  await expect(ask).toContainText('may keep reaching its upstreams');
  await ask.getByRole('button', { name: 'Store as disabled' }).click();
  await expect(ask).toBeHidden();
  await expect(page.getByRole('switch', { name: `Enabled: ${domain}` })).not.toBeChecked();
  await expect(page.getByText('no longer proxied')).toHaveCount(0);
  const row = routeRow(page, { name: new RegExp(domain.replace(/\./g, '\\.')) });
  await row.getByRole('cell').first().click();
  const last = drawer.getByRole('region', { name: 'Last change through the console' });
  await expect(last).toContainText('Stored as disabled — traffic may continue');
  await expect(last).toContainText('Cannot be confirmed: that traffic stopped');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();

  // The dashboard's drift check finds the proxy still serving it.
  await proxyControl('drift-check');
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(row).toContainText('Differs');
  await row.getByRole('cell').first().click();
  const live = drawer.getByRole('region', { name: 'Live state' });
  await expect(live).toContainText('Differs');
  await expect(live).toContainText('Enabled: the dashboard has off, the proxy has on');
  // Re-sending would not help: a disabled route leaves the proxy only through the dashboard's own switch.
  await expect(live).toContainText("Only the dashboard's own switch takes a disabled route out of the proxy");
  await expect(live.getByRole('button', { name: 'Push this route to the proxy again' })).toHaveCount(0);

  await page.goto('/proxy/traffic');
  const traffic = page.getByRole('table', { name: 'Traffic by route' });
  await expect(traffic.getByRole('row', { name: new RegExp(domain.replace(/\./g, '\\.')) })).toContainText(
    'Disabled in the dashboard, still served',
  );
});

test('a route missing in the proxy shows as such', async ({ page }) => {
  await openProxy(page);
  const domain = uniqueDomain('lost');
  await fillCreate(page, { name: 'Lost', domain, upstream: '10.9.5.1:80' });
  await expect(page.getByRole('dialog', { name: domain })).toBeVisible();
  await page.keyboard.press('Escape');
  await proxyControl('proxy/forget', { domain });
  await proxyControl('drift-check');
  await page.getByRole('button', { name: 'Check again' }).click();
  const row = routeRow(page, { name: new RegExp(domain.replace(/\./g, '\\.')) });
  await expect(row).toContainText('Missing in proxy');
  await row.getByRole('cell').first().click();
  const live = page.getByRole('dialog', { name: domain }).getByRole('region', { name: 'Live state' });
  await expect(live).toContainText('Missing in proxy');
  await expect(live).toContainText('requests for the domain do not reach its upstreams');
});

test('a duplicate domain shows the 409 on the domain field', async ({ page }) => {
  await openProxy(page);
  const dialog = await fillCreate(page, { name: 'Twin', domain: 'app.demo.test', upstream: '10.9.9.9:80' });
  const field = dialog.getByLabel('Domain');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Route for app.demo.test already exists')).toBeVisible();
});

test('with a key holding only routes:read the create action is refused with a clear message', async ({ page }) => {
  // The dashboard re-scopes the very key the console holds, as its operator could.
  await proxyControl(`keys/${KEY_ID()}/scopes`, { scopes: ['routes:read'] });
  try {
    await openProxy(page);
    const dialog = await fillCreate(page, {
      name: 'Read only',
      domain: uniqueDomain('ro'),
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

test('an admin-only key: the banner names the missing scopes, certificates and traffic say which scope they lack', async ({
  page,
}) => {
  await proxyControl(`keys/${KEY_ID()}/scopes`, { scopes: ['admin'] });
  try {
    await openProxy(page);
    const banner = page.getByTestId('proxy-key-banner');
    await expect(banner).toContainText('routes:read');
    await expect(banner).toContainText('health:read');
    await expect(banner).toContainText('a key with only admin has none of them');
    const scopes = page.getByRole('list', { name: 'Key scopes' });
    await expect(scopes.getByRole('listitem').filter({ hasText: 'routes:read' })).toContainText('Refused');

    await page.goto('/proxy/certificates');
    await expect(page.getByRole('alert').filter({ hasText: "The console's key lacks certs:read" })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Certificates' })).toHaveCount(0);
    await page.goto('/proxy/traffic');
    await expect(page.getByRole('alert').filter({ hasText: "The console's key lacks analytics:read" })).toBeVisible();
  } finally {
    await proxyControl(`keys/${KEY_ID()}/scopes`, { scopes: FULL_SCOPES });
  }
});

test('certificates with an expiry warning, and traffic per route over a chosen window', async ({ page }) => {
  await signIn(page, 'admin@demo.test', undefined, '/proxy/routes');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Certificates', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Proxy certificates' })).toBeVisible();
  const certs = page.getByRole('table', { name: 'Certificates' });
  await expect(certs.getByRole('row', { name: /app\.demo\.test/ })).toContainText('valid');
  // Issued 80 days ago for 90: inside the warning window.
  await expect(certs.getByRole('row', { name: /api\.demo\.test/ })).toContainText(/Expires in \d+ days/);

  await nav.getByRole('link', { name: 'Traffic', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Proxy traffic' })).toBeVisible();
  const traffic = page.getByRole('table', { name: 'Traffic by route' });
  const appRow = traffic.getByRole('row', { name: /app\.demo\.test/ });
  await expect(appRow).toBeVisible();
  const hourly = await appRow.getByRole('cell').nth(1).innerText();
  await page.getByRole('radiogroup', { name: 'Window' }).getByText('24 hours').click();
  await expect(page).toHaveURL(/window=1440/);
  await expect(appRow.getByRole('cell').nth(1)).not.toHaveText(hourly);
});

test('a key without certs:read or analytics:read: each view says which scope is missing', async ({ page }) => {
  await proxyControl(`keys/${KEY_ID()}/scopes`, { scopes: ['routes:read', 'routes:write', 'health:read'] });
  try {
    await signIn(page, 'admin@demo.test', undefined, '/proxy/certificates');
    const certs = page.getByRole('alert').filter({ hasText: "The console's key lacks certs:read" });
    await expect(certs).toContainText('API token missing scope: certs:read');
    await page.goto('/proxy/traffic');
    await expect(page.getByRole('alert').filter({ hasText: "The console's key lacks analytics:read" })).toBeVisible();
  } finally {
    await proxyControl(`keys/${KEY_ID()}/scopes`, { scopes: FULL_SCOPES });
  }
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
    // The navigation says so too, from the session: the page asks the BFF nothing, then or a minute later.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(nav.getByText('Not configured')).toBeVisible();
    await page.clock.runFor(60_000);
    await expect(notice).toBeVisible();
    expect(calls).toEqual([]);
    // Asked anyway, the BFF answers a configuration state, not a server error.
    const res = await page.request.get(`${base}/bff/proxy/publicApi.routes`);
    expect(res.status()).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('PROXY_NOT_CONFIGURED');
  } finally {
    bff.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
