import type { Page } from '@playwright/test';
import { expect, signInAs, test, zulipApi, type RealRole } from './real-fixtures';

// Issue 43 against the real (level-372) server: words instead of API names, actions that match the role, every
// page on a phone, and what the server does not send left out or said once.

const PAGES = [
  '/users',
  '/groups',
  '/invitations',
  '/settings/profile-fields',
  '/settings/emoji',
  '/channels',
  '/topics',
  '/settings/data',
  '/me',
  '/webhooks',
];

async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

for (const role of ['admin', 'member', 'guest'] as const satisfies readonly RealRole[]) {
  test(`as ${role}, the pages fit a 390-pixel phone and show no API names`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, role);
    const found: string[] = [];
    for (const path of PAGES) {
      await page.goto(path);
      await settled(page);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 390) found.push(`${path}: ${width} px wide`);
      const text = await page.locator('#main-content').innerText();
      for (const [word] of text
        .replace(/\S+@\S+|https?:\/\/\S+|:[a-z0-9_+-]+:/g, '')
        .matchAll(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g))
        found.push(`${path}: ${word}`);
    }
    expect(found).toEqual([]);
  });
}

test('channels without subscriber counts drop the column; a channel panel names the permissions it lacks once', async ({
  page,
}) => {
  await signInAs(page, 'admin', '/channels');
  const table = page.getByRole('table', { name: 'Channels' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Subscribers' })).toHaveCount(0);
  await table.getByRole('row', { name: /^Denmark/ }).click();
  const drawer = page.getByRole('dialog', { name: '#Denmark' });
  await expect(drawer.getByRole('table', { name: 'Channel permissions' })).toBeVisible();
  await expect(drawer.getByText(/Needs a newer chat server/)).toHaveCount(1);
  await expect(drawer.getByText(/Needs a newer chat server/)).toContainText('Who can delete any message (level 407)');
});

test('a member on a channel’s Topics tab is offered no Delete, and told why', async ({ page }) => {
  const { streams } = await zulipApi<{ streams: { stream_id: number; name: string }[] }>('member', 'GET', '/streams');
  const denmark = streams.find((s) => s.name === 'Denmark')!;
  await signInAs(page, 'member', `/channels?channel=${denmark.stream_id}&tab=topics`);
  const drawer = page.getByRole('dialog', { name: '#Denmark' });
  await expect(drawer.getByRole('note')).toHaveText('Only organization administrators can delete topics.');
  await expect(drawer.getByRole('button', { name: /^Delete topic/ })).toHaveCount(0);
});

test('a guest reads who may add custom emoji in words, and cannot create channels', async ({ page }) => {
  await signInAs(page, 'guest', '/settings/emoji');
  await expect(page.getByRole('main')).toContainText('Guests cannot add them.');
  await expect(page.getByRole('main')).not.toContainText(/group \d+/);
  await page.goto('/channels');
  await expect(page.getByRole('button', { name: 'Create channel' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Create channel' })).toHaveAccessibleDescription(
    'Guests cannot create channels.',
  );
});
