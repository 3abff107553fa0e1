// Captures the console's pages (light and dark) into ./screenshots for a visual check: `npx tsx scripts/screenshots.ts`.
import { mkdirSync } from 'node:fs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { chromium } from '@playwright/test';
import { startStack } from '../bench/stack';

const stack = await startStack({ SIM_USERS: process.env.SIM_USERS ?? '300' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
mkdirSync('screenshots', { recursive: true });
try {
  for (const scheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ colorScheme: scheme, viewport: { width: 1360, height: 860 } });
    const page = await context.newPage();
    await page.goto(`${stack.consoleUrl}/sign-in`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.screenshot({ path: `screenshots/sign-in-${scheme}.png`, fullPage: true });
    await page.getByLabel('Email').fill('admin@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await page.screenshot({ path: `screenshots/sign-in-error-${scheme}.png` });
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/users**');
    await page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1).waitFor();
    await page.screenshot({ path: `screenshots/users-${scheme}.png` });
    const pages = (process.env.SHOTS ?? '').split(',').filter(Boolean);
    for (const path of pages) {
      await page.goto(`${stack.consoleUrl}${path}`);
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `screenshots/${path.replace(/[^a-z0-9]+/gi, '_')}-${scheme}.png` });
    }
    await context.close();
  }
} finally {
  await browser.close();
  stack.stop();
}
