import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import {
  proxyDashboardEdit,
  proxyDown,
  proxyDriftDetect,
  proxySimControl,
  proxyState,
  proxySyncCheck,
  proxyTraffic,
} from './sim-api';

// Issue 41: the proxy area's live state from every source the dashboard offers (its drift detector, the proxy's
// own status and configuration, the record's sync fields), one verdict in the list, the details and traffic.
// The simulator's drift detector runs only when a test asks (proxyDriftDetect); the page is never told: it polls.

/** Long enough for one poll of the area (15 s) after a change made behind the console's back. */
const POLL = { timeout: 25_000 };

function uniqueDomain(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.e2e.test`;
}

function escaped(domain: string): RegExp {
  return new RegExp(domain.replace(/[.*]/g, (c) => `\\${c}`));
}

function routeRow(page: Page, domain: string) {
  return page.getByRole('table', { name: 'Proxy routes' }).getByRole('row', { name: escaped(domain) });
}

async function openProxy(page: Page) {
  await signIn(page, 'admin@demo.test', undefined, '/proxy/routes');
  await expect(page.getByRole('heading', { name: 'Proxy routes' })).toBeVisible();
}

/**
 * The routes a test made, deleted after it through the console (the routes table is virtualized: routes left
 * behind would push other specs' rows out of its window).
 */
const created: string[] = [];

test.afterEach(async ({ page }) => {
  const origin = new URL(page.url()).origin;
  for (const id of created.splice(0)) {
    await page.request.post(`${origin}/bff/proxy/publicApi.deleteRoute`, {
      headers: { origin, 'x-realm-console': '1', 'content-type': 'application/json' },
      data: { id },
    });
  }
});

/** Creates a route through the console; answers its id (the drawer opens on it, `?route=<id>`). */
async function createRoute(page: Page, domain: string, upstream = '10.9.7.1:80'): Promise<string> {
  await page.getByRole('button', { name: 'Create route' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create route' });
  await dialog.getByLabel('Name').fill(`Live ${domain.slice(0, 20)}`);
  await dialog.getByLabel('Domain').fill(domain);
  await dialog.getByLabel('Upstream 1 address').fill(upstream);
  await dialog.getByRole('button', { name: 'Create route' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('dialog', { name: domain })).toBeVisible();
  const id = new URL(page.url()).searchParams.get('route');
  expect(id).toBeTruthy();
  created.push(id!);
  return id!;
}

test('a route lost from the proxy reads "Missing in proxy" in its row, details and traffic, while its sync status still says synced', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openProxy(page);
  const domain = uniqueDomain('lost');
  await createRoute(page, domain);
  await page.keyboard.press('Escape');
  const row = routeRow(page, domain);
  // Both checks find it in the proxy: the record's sync status says "synced" from now on.
  await proxyDriftDetect();
  await proxySyncCheck();
  await expect(row).toContainText('In sync', POLL);

  // The proxy loses it behind the dashboard's back; only the drift detector notices, 30 s later at most.
  await proxySimControl('proxy/forget', { domain });
  await proxyDriftDetect();
  await expect(row).toContainText('Missing in proxy', POLL);
  await row.getByRole('cell').first().click();
  const live = page.getByRole('dialog', { name: domain }).getByRole('region', { name: 'Live state' });
  await expect(live).toContainText('Missing in proxy');
  await expect(live).toContainText('requests for the domain do not reach its upstreams');
  const sources = live.getByRole('list', { name: 'What each source says' });
  await expect(sources).toContainText(/Drift detector: the route is missing in the proxy — since \d/);
  await expect(sources).toContainText("Proxy's configuration: the proxy does not hold the route");
  await expect(sources).toContainText('Sync check: in sync');

  // The dashboard counts requests for its domain anyway: the traffic page does not call them served.
  await proxyTraffic(domain, 25);
  await page.goto('/proxy/traffic');
  const traffic = page.getByRole('table', { name: 'Traffic by route' }).getByRole('row', { name: escaped(domain) });
  await expect(traffic).toContainText('Missing in proxy');
  await expect(traffic).toContainText('Requests arrive for this domain, but the proxy does not serve it');
  await expect(traffic).not.toContainText('still served');
});

test('a route in sync reads "In sync", lists no differences, and the area says what the dashboard shows anyone', async ({
  page,
}) => {
  await openProxy(page);
  const domain = uniqueDomain('fine');
  await createRoute(page, domain);
  await proxyDriftDetect();
  await proxySyncCheck();
  const drawer = page.getByRole('dialog', { name: domain });
  const live = drawer.getByRole('region', { name: 'Live state' });
  // The open drawer reads the record again: its sync check (with "[]" for no difference) arrives by itself.
  await expect(live.getByRole('list', { name: 'What each source says' })).toContainText('Sync check: in sync', POLL);
  await expect(live).toContainText('In sync');
  await expect(live.getByRole('list', { name: 'Differences between the dashboard and the proxy' })).toHaveCount(0);
  await expect(drawer).not.toContainText('[]');
  await page.keyboard.press('Escape');
  await expect(routeRow(page, domain)).toContainText('In sync');

  // Checked by the console against the dashboard, with no key: its public reads answer anyone.
  const exposed = page.getByRole('list', { name: 'Readable without a key' });
  await expect(exposed).toContainText("the proxy's whole running configuration");
  await expect(page.getByText(/Checked by the console at/)).toBeVisible();
});

test('the proxy down reads "Proxy unreachable" for every route', async ({ page }) => {
  await openProxy(page);
  await proxyDown(true);
  try {
    await page.getByRole('button', { name: 'Check again' }).click();
    await expect(routeRow(page, 'app.demo.test')).toContainText('Proxy unreachable');
    await expect(page.getByText('Does not answer', { exact: true })).toBeVisible();
    await routeRow(page, 'app.demo.test').getByRole('cell').first().click();
    const live = page.getByRole('dialog', { name: 'app.demo.test' }).getByRole('region', { name: 'Live state' });
    await expect(live).toContainText('Proxy status: the proxy does not answer');
    // Nothing can be pushed to a proxy that does not answer: no repair is offered.
    await expect(live.getByRole('button', { name: 'Push this route to the proxy again' })).toHaveCount(0);
  } finally {
    await proxyDown(false);
  }
});

test('an open drawer shows a change made in the dashboard, and its note about the sync check follows', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openProxy(page);
  const domain = uniqueDomain('edited');
  const id = await createRoute(page, domain);
  await proxySyncCheck();
  const drawer = page.getByRole('dialog', { name: domain });
  const fields = drawer.getByRole('table', { name: 'Route fields' });
  await expect(fields).toContainText('10.9.7.1:80');

  // Changed in the dashboard's own UI, not through the console: the open drawer reads it again by itself.
  await proxyDashboardEdit(id, { name: 'Renamed in the dashboard', upstreams: [{ address: '10.9.7.2:80' }] });
  await expect(fields).toContainText('Renamed in the dashboard', POLL);
  await expect(fields).toContainText('10.9.7.2:80');
  const note = 'The route changed after the last sync check';
  await expect(drawer).toContainText(note);
  await proxySyncCheck();
  await expect(drawer).not.toContainText(note, POLL);
});

test('pushing a lost route to the proxy again repairs it, and says so only after reading the proxy back', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openProxy(page);
  const domain = uniqueDomain('repair');
  await createRoute(page, domain);
  await proxySimControl('proxy/forget', { domain });
  await proxyDriftDetect();
  const drawer = page.getByRole('dialog', { name: domain });
  const live = drawer.getByRole('region', { name: 'Live state' });
  await expect(live).toContainText('Missing in proxy', POLL);
  expect((await proxyState()).routes.map((r) => r.domain)).not.toContain(domain);

  await live.getByRole('button', { name: 'Push this route to the proxy again' }).click();
  const outcome = drawer.getByRole('region', { name: 'Push to the proxy' });
  await expect(outcome).toContainText('The proxy holds the route again');
  await expect(outcome).toContainText(/Read from the proxy's configuration at \d/);
  expect((await proxyState()).routes.map((r) => r.domain)).toContain(domain);
  // The drift detector's event is older than that read; once it runs again, every source agrees.
  await proxyDriftDetect();
  await expect(live).toContainText('In sync', POLL);
  await page.keyboard.press('Escape');
  await expect(routeRow(page, domain)).toContainText('In sync');
});

test('a push the proxy refuses is not called a repair', async ({ page }) => {
  test.setTimeout(90_000);
  await openProxy(page);
  const domain = uniqueDomain('heavy');
  const id = await createRoute(page, domain);
  // A weight the proxy refuses, set in the dashboard: the push fails silently and the route goes missing.
  await proxySimControl('proxy/forget', { domain });
  await proxyDashboardEdit(id, { upstreams: [{ address: '10.9.7.3:80', weight: 40 }] });
  await proxyDriftDetect();
  const drawer = page.getByRole('dialog', { name: domain });
  const live = drawer.getByRole('region', { name: 'Live state' });
  await expect(live).toContainText('Missing in proxy', POLL);
  await live.getByRole('button', { name: 'Push this route to the proxy again' }).click();
  const outcome = drawer.getByRole('region', { name: 'Push to the proxy' });
  // The read-back gives the proxy 20 s to pick the route up.
  await expect(outcome).toContainText('Sent; the proxy has not picked it up yet', { timeout: 30_000 });
  await expect(outcome).toContainText('does not hold the route');
  await expect(outcome).toContainText('upstream weights other than 1 may be why');
  await expect(outcome).not.toContainText('holds the route again');
});

test('on a 390 px phone a 253-character domain wraps in the list and the drawer, and certificates and traffic fit', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openProxy(page);
  const tail = uniqueDomain('w');
  const labels = ['a', 'b', 'c'].map((c) => c.repeat(60));
  const filler = 'd'.repeat(253 - labels.join('.').length - tail.length - 2);
  const domain = `${labels.join('.')}.${filler}.${tail}`;
  expect(domain).toHaveLength(253);
  await createRoute(page, domain);
  const drawer = page.getByRole('dialog', { name: domain });
  const fits = (selector: string) =>
    page.evaluate((s) => {
      const el = document.querySelector(s);
      return el ? el.scrollWidth <= el.clientWidth + 1 : false;
    }, selector);
  await expect(drawer.getByRole('table', { name: 'Route fields' })).toContainText(filler);
  expect(await drawer.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  expect(await fits('.mantine-Drawer-body')).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expect(drawer).not.toContainText(/Tls dns provider|Other fields from the dashboard/);
  await page.keyboard.press('Escape');

  for (const [path, table, first] of [
    ['/proxy/certificates', 'Certificates', 'app.demo.test'],
    ['/proxy/traffic', 'Traffic by route', 'app.demo.test'],
  ] as const) {
    await page.goto(path);
    const rows = page.getByRole('table', { name: table });
    const row = rows.getByRole('row', { name: new RegExp(first.replace(/\./g, '\\.')) }).first();
    await expect(row).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The domain and the first figure are on screen without scrolling sideways.
    const second = await row.getByRole('cell').nth(1).boundingBox();
    expect(second).not.toBeNull();
    expect(second!.x + second!.width).toBeLessThanOrEqual(390);
  }
});
