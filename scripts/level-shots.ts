// Screenshots of the pages Zulip 11/12 changed, at 1440 and 390 px, light and dark: `npx tsx scripts/level-shots.ts`
// (after `npm run build`). `SHOTS_DIR` chooses the folder.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { startStack } from '../bench/stack';

const dir = process.env.SHOTS_DIR ?? 'screenshots';
const pages = [
  ['owner@demo.test', '/settings/data', 'data-exports'],
  ['member@demo.test', '/me', 'my-account'],
  ['admin@demo.test', '/server', 'server'],
  ['admin@demo.test', '/settings/new-user-defaults', 'defaults'],
  ['admin@demo.test', '/settings/linkifiers', 'linkifiers'],
  ['admin@demo.test', '/settings/profile-fields', 'profile-fields'],
  ['admin@demo.test', '/invitations', 'invitations'],
] as const;
const stack = await startStack({ SIM_USERS: '50' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
mkdirSync(dir, { recursive: true });
try {
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1440, 390]) {
      for (const [email, path, name] of pages) {
        const context = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 900 } });
        const page = await context.newPage();
        await page.goto(`${stack.consoleUrl}/sign-in?next=${encodeURIComponent(path)}`);
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password', { exact: true }).fill('demo1234');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await page.waitForURL(`**${path}`);
        await page.waitForLoadState('networkidle');
        await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}.png`, fullPage: true });
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  stack.stop();
}
