import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

// Issue 43, item 2: what a role cannot do is not offered, or is disabled with the reason beside it; nothing
// enabled leads to "the server will probably refuse".

const GENERAL = 1;

async function topicsTab(page: Page) {
  const drawer = page.getByRole('dialog', { name: '#general' });
  await expect(drawer.getByRole('table', { name: 'Topics' })).toBeVisible();
  return drawer;
}

for (const role of ['member', 'guest', 'moderator'] as const) {
  test(`a ${role} on a channel's Topics tab is offered no Delete, and told why`, async ({ page }) => {
    await signIn(page, `${role}@demo.test`, undefined, `/channels?channel=${GENERAL}&tab=topics`);
    const drawer = await topicsTab(page);
    await expect(drawer.getByRole('note')).toHaveText('Only organization administrators can delete topics.');
    await expect(drawer.getByRole('button', { name: /^Mark .* as read$/ }).first()).toBeEnabled();
    await expect(drawer.getByRole('button', { name: /^Delete topic/ })).toHaveCount(0);
  });
}

test('an administrator on the Topics tab gets Delete, and no note', async ({ page }) => {
  await signIn(page, 'admin@demo.test', undefined, `/channels?channel=${GENERAL}&tab=topics`);
  const drawer = await topicsTab(page);
  await expect(drawer.getByRole('button', { name: /^Delete topic/ }).first()).toBeEnabled();
  await expect(drawer.getByRole('note')).toHaveCount(0);
});

test('a guest cannot create a channel: the button is disabled with the reason beside it', async ({ page }) => {
  await signIn(page, 'guest@demo.test', undefined, '/channels');
  const create = page.getByRole('button', { name: 'Create channel' });
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription('Guests cannot create channels.');
  await page.context().clearCookies();
  await signIn(page, 'member@demo.test', undefined, '/channels');
  await expect(page.getByRole('button', { name: 'Create channel' })).toBeEnabled();
});

test('no page offers members or guests an enabled delete of topics, or an Actions column with nothing in it', async ({
  page,
}) => {
  for (const role of ['member', 'guest'] as const) {
    await page.context().clearCookies();
    await signIn(page, `${role}@demo.test`, undefined, '/settings/emoji');
    await expect(page.getByRole('table', { name: 'Custom emoji' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Deactivate/ })).toHaveCount(0);
    await page.goto('/settings/profile-fields');
    await expect(page.getByRole('table', { name: 'Custom profile fields' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toHaveCount(0);
  }
});
