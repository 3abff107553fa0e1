import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { consolePages, expect, signIn, test } from './fixtures';

// Every page of the console, as an administrator (who sees them all), in light and dark: axe finds no serious
// or critical violation once the page has loaded. The pages come from the page registry (src/shared/pages.ts),
// with one view of a page besides; the first test fails if the navigation offers a page that is not there.
const PAGES: readonly { path: string; heading: string }[] = [
  ...consolePages.map((page) => ({ path: page.path, heading: page.title })),
  { path: '/groups?view=access', heading: 'User groups' },
];

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${new URL(page.url()).pathname} ${v.id}: ${v.help} (${v.nodes.length}× e.g. ${v.nodes[0]?.html ?? ''})`,
    );
}

/** The page has drawn its heading and its data: no loading text left, no request in flight. */
async function settled(page: Page, heading: string): Promise<void> {
  await expect(page.getByRole('heading', { name: heading, exact: true, level: 2 })).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

test('the list covers every page the navigation offers an administrator', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  // The navigation draws after the shell's skeleton: wait for it, since evaluateAll reads whatever is there now.
  await expect.poll(() => nav.getByRole('link').count()).toBeGreaterThan(10);
  const hrefs = await nav
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  for (const href of hrefs)
    expect(
      PAGES.map((p) => p.path.split('?')[0]),
      href,
    ).toContain(href);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`axe finds nothing serious on any page, ${scheme}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/sign-in');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    const found = await violations(page);

    await signIn(page, 'admin@demo.test');
    for (const { path, heading } of PAGES) {
      await page.goto(path);
      await settled(page, heading);
      found.push(...(await violations(page)));
    }

    // A record's panel and a page nobody has: the drawer's contents and the not-found page.
    await page.goto('/users');
    await settled(page, 'Users');
    await page.getByRole('row').nth(1).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.waitForLoadState('networkidle');
    found.push(...(await violations(page)));
    await page.goto('/no-such-page');
    await expect(page.getByRole('main')).toBeVisible();
    found.push(...(await violations(page)));

    expect(found).toEqual([]);
  });
}

test('axe finds nothing serious on any page on a 390-pixel phone', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@demo.test');
  const found: string[] = [];
  for (const { path, heading } of PAGES) {
    await page.goto(path);
    await settled(page, heading);
    found.push(...(await violations(page)));
  }
  // The navigation, opened from its button, as a phone shows it.
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link').first()).toBeInViewport();
  found.push(...(await violations(page)));
  expect(found).toEqual([]);
});
