import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { seedTopic, simCall } from './sim-api';

// Everyday use: keyboard users reach the page first, the navigation offers what the role may use, and long
// content or a phone-sized screen never pushes controls off screen.

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test('the first Tab stop skips to the page', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});

test('the navigation offers members neither moderation nor organization settings; moderators get them', async ({
  page,
}) => {
  await signIn(page, 'member@demo.test');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible();
  for (const name of ['Topic moderation', 'Defaults for new users', 'Linkifiers'])
    await expect(nav.getByRole('link', { name })).toHaveCount(0);
  await page.context().clearCookies();
  await signIn(page, 'moderator@demo.test');
  for (const name of ['Topic moderation', 'Defaults for new users', 'Linkifiers'])
    await expect(nav.getByRole('link', { name })).toBeVisible();
});

test('a 200-character snippet title wraps; its actions and the delete dialog stay on screen', async ({ page }) => {
  // One unbroken word, the worst case for a table cell.
  const title = `Long${'x'.repeat(196)}`;
  await simCall('member@demo.test', 'POST', '/saved_snippets', { title, content: 'x' });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'member@demo.test', undefined, '/me/drafts');
  const row = page.getByRole('table', { name: 'Saved snippets' }).getByRole('row', { name: /Longxxxx/ });
  await row.scrollIntoViewIfNeeded();
  await expect(row).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(1440);
  await expect(row.getByRole('button', { name: 'Delete' })).toBeInViewport();
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: /Delete/ }).last()).toBeInViewport();
  expect(await pageWidth(page)).toBeLessThanOrEqual(1440);
});

test('on a 390-pixel phone the linkifiers page fits; its table scrolls in place', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@demo.test', undefined, '/settings/linkifiers');
  await expect(page.getByRole('table', { name: 'Linkifiers' })).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(390);
});

test('a toast never covers the open drawer’s close button', async ({ page }) => {
  const topic = `toast check ${Date.now().toString(36)}`;
  await seedTopic(1, topic, 2);
  await signIn(page, 'moderator@demo.test', undefined, '/topics');
  await page.getByLabel('Search topics').fill(topic);
  await page
    .getByRole('row', { name: new RegExp(topic) })
    .first()
    .click();
  const drawer = page.getByRole('dialog', { name: new RegExp(topic) });
  await drawer.getByRole('button', { name: 'Resolve topic' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Resolved' });
  await expect(toast).toBeVisible();
  const close = drawer.locator('.mantine-Drawer-close');
  const [a, b] = [await toast.boundingBox(), await close.boundingBox()];
  expect(a && b).toBeTruthy();
  const overlaps =
    a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
  expect(overlaps).toBe(false);
});

test('pages a role may not use say so calmly, without controls that would fail', async ({ page }) => {
  await signIn(page, 'moderator@demo.test', undefined, '/audit');
  await expect(page.getByRole('heading', { name: 'Audit', level: 2 })).toBeVisible();
  await expect(page.getByText('For administrators only')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Export CSV' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Try again/ })).toHaveCount(0);
  await page.context().clearCookies();
  await signIn(page, 'guest@demo.test', undefined, '/webhooks');
  await expect(page.getByRole('heading', { name: 'Outgoing webhooks', level: 2 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add endpoint' })).toHaveCount(0);
  await page.goto('/groups');
  await expect(page.getByText('Not available to guests')).toBeVisible();
  await expect(page.getByRole('button', { name: /Try again/ })).toHaveCount(0);
});

test('an audit range that ends before it starts is flagged on its field', async ({ page }) => {
  await signIn(page, 'admin@demo.test', undefined, '/audit?from=2026-02-01T00:00:00.000Z&to=2026-01-01T00:00:00.000Z');
  await expect(page.getByText('Before “From”: no entry can match')).toBeVisible();
});

test('the inactivity filter refuses what it cannot use and says which threshold applies', async ({ page }) => {
  await signIn(page, 'admin@demo.test', undefined, '/users?activity=inactive&days=30');
  const days = page.getByLabel('Days');
  await expect(days).toHaveValue('30');
  await days.fill('-5');
  await expect(page.getByText('Enter whole days from 1 to 99,999')).toBeVisible();
  await expect(page.getByText('Filtering by 30 days')).toBeVisible();
  await days.fill('0');
  await expect(page.getByText('Enter whole days from 1 to 99,999')).toBeVisible();
  await days.fill('45');
  await expect(page.getByText('Filtering by 45 days')).toBeVisible();
  await expect(page).toHaveURL(/days=45/);
});
