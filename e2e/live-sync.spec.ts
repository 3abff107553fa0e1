import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { pickMembers, simCall, simControl } from './sim-api';
import { relaunchBff, stopBff } from './stack';

async function openUser(page: Page, name: string) {
  await page.getByLabel('Search users').fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  return row;
}

async function expectLive(page: Page) {
  await expect(page.getByLabel('Live updates: Live')).toBeVisible({ timeout: 10_000 });
}

test('a deactivation by another admin shows in an open console within a second', async ({ browser }) => {
  const [user] = await pickMembers(1, 0);
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  await signIn(a, 'admin@demo.test');
  await signIn(b, 'owner@demo.test');
  await expectLive(a);
  const rowInA = await openUser(a, user!.full_name);
  await expect(rowInA).toContainText('Active');

  const rowInB = await openUser(b, user!.full_name);
  await rowInB.click();
  await b.getByRole('dialog', { name: user!.full_name }).getByRole('button', { name: 'Deactivate' }).click();
  const confirm = b.getByRole('dialog', { name: `Deactivate ${user!.full_name}?` });
  await confirm.getByRole('button', { name: 'Deactivate user' }).click();
  await expect(confirm).toBeHidden();

  await expect(rowInA).toContainText('Deactivated', { timeout: 1_000 });
  await simCall('admin@demo.test', 'POST', `/users/${user!.user_id}/reactivate`);
  await expect(rowInA).toContainText('Active', { timeout: 1_000 });
});

test('a change made straight against the chat server appears within a second', async ({ page }) => {
  const [user] = await pickMembers(1, 1);
  await signIn(page, 'admin@demo.test');
  await expectLive(page);
  const row = await openUser(page, user!.full_name);
  await expect(row).toContainText('Member');
  await simCall('admin@demo.test', 'PATCH', `/users/${user!.user_id}`, { role: '300' });
  await expect(row).toContainText('Moderator', { timeout: 1_000 });
  await simCall('admin@demo.test', 'PATCH', `/users/${user!.user_id}`, { role: '400' });
  await expect(row).toContainText('Member', { timeout: 1_000 });
});

test('after the chat server drops the event queue, the console stays correct', async ({ page }) => {
  const [user] = await pickMembers(1, 2);
  await signIn(page, 'admin@demo.test');
  await expectLive(page);
  const row = await openUser(page, user!.full_name);
  await simControl('expire-queues');
  // Changed while the console has no queue: the re-registration's resync must bring it in.
  await simCall('admin@demo.test', 'PATCH', `/users/${user!.user_id}`, { role: '600' });
  await expect(row).toContainText('Guest', { timeout: 5_000 });
  await expectLive(page);
  // And the fresh queue delivers the next change live.
  await simCall('admin@demo.test', 'PATCH', `/users/${user!.user_id}`, { role: '400' });
  await expect(row).toContainText('Member', { timeout: 1_000 });
});

test('when the BFF restarts, the page reconnects by itself and catches up', async ({ page, baseURL }) => {
  const [user] = await pickMembers(1, 3);
  await signIn(page, 'admin@demo.test');
  await expectLive(page);
  const row = await openUser(page, user!.full_name);

  stopBff();
  await expect(page.getByLabel(/Live updates: (Reconnecting|Offline)/)).toBeVisible({ timeout: 10_000 });
  // Missed while the console was down.
  await simCall('admin@demo.test', 'PATCH', `/users/${user!.user_id}`, { role: '200' });

  await relaunchBff(baseURL!);

  await expectLive(page);
  await expect(row).toContainText('Administrator', { timeout: 10_000 });
  await expect(page).toHaveURL(/\/users/);
  await simCall('admin@demo.test', 'PATCH', `/users/${user!.user_id}`, { role: '400' });
  await expect(row).toContainText('Member', { timeout: 1_000 });
});
