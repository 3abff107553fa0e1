import type { Page } from '@playwright/test';
import { expect, signIn, test, requestPublicExport } from './fixtures';
import { simCall } from './sim-api';

// Issue 43, what the first round left: groups named for every role (a guest cannot list them), what a guest may
// not do on a channel not offered, the header on a phone, and a requested export's number in the audit.

const GENERAL = 1;

test('a guest reads a channel’s permissions with every group named, none by its number', async ({ page }) => {
  const refused = await simCall('guest@demo.test', 'GET', '/user_groups');
  expect(refused.msg).toBe('Not allowed for guest users');
  await signIn(page, 'guest@demo.test', undefined, `/channels?channel=${GENERAL}`);
  const drawer = page.getByRole('dialog', { name: '#general' });
  const permissions = drawer.getByRole('table', { name: 'Channel permissions' });
  await expect(permissions).toContainText('Everyone including guests');
  await expect(permissions).toContainText('Administrators');
  await expect(drawer).not.toContainText(/group \d+/i);
  await expect(drawer).not.toContainText('Group names could not be loaded');
});

test('a guest is offered neither subscribing others nor removing anyone but themselves', async ({ page }) => {
  await signIn(page, 'guest@demo.test', undefined, `/channels?channel=${GENERAL}&tab=subscribers`);
  const drawer = page.getByRole('dialog', { name: '#general' });
  await expect(drawer.getByRole('note').filter({ hasText: 'Guests cannot subscribe other people.' })).toBeVisible();
  await expect(drawer.getByRole('combobox', { name: 'People to subscribe' })).toHaveCount(0);
  await expect(drawer.getByRole('note').filter({ hasText: 'You can remove yourself.' })).toBeVisible();
  const table = drawer.getByRole('table', { name: 'Subscribers' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  for (const box of await table.getByRole('checkbox').all())
    await expect(box).toHaveAccessibleName(/^Select Gus Guest/);

  // A member (whom the organization lets subscribe others) still is.
  await page.context().clearCookies();
  await signIn(page, 'member@demo.test', undefined, `/channels?channel=${GENERAL}&tab=subscribers`);
  await expect(
    page.getByRole('dialog', { name: '#general' }).getByRole('combobox', { name: 'People to subscribe' }),
  ).toBeVisible();
});

async function header(page: Page) {
  const banner = page.getByRole('banner');
  const title = banner.getByRole('heading', { name: 'Realm Console', level: 1 });
  await expect(title).toBeVisible();
  return { banner, title, live: banner.getByRole('status', { name: /^Live updates:/ }) };
}

test('the header on a phone: the product name on one line, the live status whole, no organization name', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'moderator@demo.test');
  const { banner, title, live } = await header(page);
  await expect(live).toHaveAttribute('data-live-state', 'live');
  const lineHeight = await title.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await title.boundingBox())!.height).toBeLessThanOrEqual(lineHeight + 1);
  // Neither cut: each shows all of its words.
  for (const element of [title, live])
    expect(await element.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  await expect(banner.getByText('Demo Organization')).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Below sm (768 px) the organization's name stays out; on a wide screen it is beside the product name.
  await page.setViewportSize({ width: 700, height: 800 });
  await expect(banner.getByText('Demo Organization')).toBeHidden();
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(banner.getByText('Demo Organization')).toBeVisible();
});

test('a requested export is named by its number in the audit', async ({ page }) => {
  await signIn(page, 'owner@demo.test', undefined, '/settings/data');
  await requestPublicExport(page);
  const row = page.getByRole('table', { name: 'Data exports' }).getByRole('row').nth(1);
  const id = ((await row.getByRole('cell').first().textContent()) ?? '').replace('#', '').trim();
  expect(id).toMatch(/^\d+$/);

  await page.goto('/audit?operation=exportRealm');
  const entry = page
    .getByRole('main')
    .getByRole('row')
    .filter({ hasText: `Data export #${id}` });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Request data export');
});

test('on a phone, a channel’s Topics tab keeps each topic’s buttons beside it, in view', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const role of ['member', 'admin'] as const) {
    await page.context().clearCookies();
    await signIn(page, `${role}@demo.test`, undefined, `/channels?channel=${GENERAL}&tab=topics`);
    const row = page
      .getByRole('dialog', { name: '#general' })
      .getByRole('table', { name: 'Topics' })
      .getByRole('row')
      .nth(1);
    const buttons = row.getByRole('button');
    await expect(buttons.first()).toBeInViewport({ ratio: 1 });
    await expect(buttons.last()).toBeInViewport({ ratio: 1 });
    await expect(buttons).toHaveCount(role === 'admin' ? 2 : 1);
    // Each button shows its whole label.
    for (const button of await buttons.all())
      expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  }
});
