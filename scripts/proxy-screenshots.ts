// Captures the Proxy area (light and dark) against the embedded demo for a visual check:
// `SHOTS_DIR=/tmp/proxy-shots npx tsx scripts/proxy-screenshots.ts` (default ./screenshots). Needs `npm run build`.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { startStack } from '../bench/stack';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { startBff } from '../e2e/stack';

const dir = process.env.SHOTS_DIR ?? 'screenshots';
mkdirSync(dir, { recursive: true });
const stack = await startStack({ SIM_USERS: '50' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

async function signIn(page: Page, base: string, next: string) {
  await page.goto(`${base}/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Email').fill('admin@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'));
}

/** After every running transition (a drawer sliding in) has finished, so the picture is what a person sees. */
async function shot(page: Page, name: string, scheme: string) {
  // A transition cancelled midway rejects its promise; that is as finished as it gets.
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  await page.screenshot({ path: join(dir, `proxy-${name}-${scheme}.png`) });
}

try {
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const base = stack.consoleUrl;
    await signIn(page, base, '/proxy/routes');
    const table = page.getByRole('table', { name: 'Proxy routes' });
    await table.getByRole('row', { name: /app\.demo\.test/ }).waitFor();
    await table.getByText('Missing in proxy').waitFor();
    await shot(page, 'routes', scheme);

    if (scheme === 'light') {
      // Disable a live route through the key API: confirmed first, then told as it is.
      const row = table.getByRole('row', { name: /api\.demo\.test/ });
      await page.getByRole('switch', { name: 'Enabled: api.demo.test' }).focus();
      await page.keyboard.press('Space');
      const ask = page.getByRole('dialog', { name: 'Disable api.demo.test?' });
      await ask.waitFor();
      await shot(page, 'disable-confirm', scheme);
      await ask.getByRole('button', { name: 'Store as disabled' }).click();
      await ask.waitFor({ state: 'hidden' });
      // A key-API disable keeps the route in the proxy: the next read of its configuration says it differs.
      await row.getByText('Differs', { exact: true }).waitFor({ timeout: 60_000 });
    }
    await table
      .getByRole('row', { name: /api\.demo\.test/ })
      .getByRole('cell')
      .first()
      .click();
    const drawer = page.getByRole('dialog', { name: 'api.demo.test' });
    await drawer.getByRole('region', { name: 'Live state' }).getByText('Differs', { exact: true }).waitFor();
    await shot(page, 'route-drift', scheme);
    await drawer.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit route api.demo.test' }).waitFor();
    await shot(page, 'edit', scheme);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Create route' }).click();
    const create = page.getByRole('dialog', { name: 'Create route' });
    await create.getByLabel('Upstream 1 weight').fill('5');
    await create.getByText('The proxy may reject this weight').waitFor();
    await shot(page, 'create', scheme);
    await page.keyboard.press('Escape');

    await page.goto(`${base}/proxy/certificates`);
    await page.getByRole('table', { name: 'Certificates' }).waitFor();
    await shot(page, 'certificates', scheme);
    await page.goto(`${base}/proxy/traffic`);
    await page.getByRole('table', { name: 'Traffic by route' }).waitFor();
    await shot(page, 'traffic', scheme);
    // The same pages on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, name] of [
      ['/proxy/routes', 'routes'],
      ['/proxy/certificates', 'certificates'],
      ['/proxy/traffic', 'traffic'],
    ] as const) {
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      await page.getByRole('table').first().waitFor();
      await shot(page, `${name}-390`, scheme);
    }
    await context.close();
  }

  // A console with only a chat server: no proxy dashboard configured.
  const dataDir = mkdtempSync(join(tmpdir(), 'rc-shots-'));
  const bff = await startBff({ svcUrl: stack.svcUrl, port: '0', dataDir, proxyUrl: '', proxyApiKey: '' });
  try {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 1360, height: 700 } });
      const page = await context.newPage();
      await signIn(page, bff.ready.consoleUrl, '/proxy/routes');
      await page.getByText('No proxy dashboard is configured', { exact: true }).waitFor();
      await shot(page, 'not-configured', scheme);
      await context.close();
    }
  } finally {
    bff.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
} finally {
  await browser.close();
  await stack.stop();
}
