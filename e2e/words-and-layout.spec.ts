import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { pickMembers, simCall } from './sim-api';

// Issue 32, items 4–6: the console speaks in words people use (no API names, role numbers or process ids),
// errors sit on the field that caused them, and the layout holds at 1440 px and on a 390 px phone.

/** A change through the console's BFF as the page's signed-in user, so the audit records it. */
async function bffPatch(page: Page, path: string, params: Record<string, string>): Promise<void> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.fetch(`${origin}${path}`, {
    method: 'PATCH',
    headers: { origin, 'x-realm-console': '1', 'content-type': 'application/x-www-form-urlencoded' },
    data: new URLSearchParams(params).toString(),
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('the audit names the operation, the role and the console process in words, and shows an entry whole', async ({
  page,
}) => {
  const [user] = await pickMembers(1, 50);
  await signIn(page, 'admin@demo.test');
  try {
    await bffPatch(page, `/bff/svc/users/${user!.user_id}`, { role: '300' });
    await page.goto('/audit');
    const row = page.getByRole('row', { name: new RegExp(user!.full_name) }).first();
    await expect(row).toContainText('Edit user');
    await expect(row).toContainText('Role: Moderator');
    await expect(row).toContainText('Done');
    await expect(row).not.toContainText('updateUser');
    await expect(row).not.toContainText('role: 300');

    await row.click();
    const drawer = page.getByRole('dialog', { name: /Edit user/ });
    await expect(drawer).toBeVisible();
    await expect(drawer).not.toContainText('updateUser ·');
    // The console process as "host, process N", never `host:pid`.
    await expect(drawer.getByRole('row', { name: /Console process/ })).toContainText(/, process \d+/);
    await expect(drawer.getByRole('row', { name: /Console process/ })).not.toContainText(/:\d+/);
    await expect(drawer.getByRole('table', { name: /What was sent/ })).toContainText('RoleModerator');
    // The recorded entry wraps inside the panel: nothing is cut off at its right edge.
    const block = drawer.locator('pre');
    await expect(block).toContainText('"role": 300');
    expect(await block.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

    // The operation filter offers names, not ids.
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Operation', exact: true }).click();
    await expect(page.getByRole('option', { name: 'Edit user', exact: true })).toBeVisible();
    await expect(page.getByRole('option', { name: 'updateUser' })).toHaveCount(0);
  } finally {
    await simCall('admin@demo.test', 'PATCH', `/users/${user!.user_id}`, { role: '400' });
  }
});

test('“Who can do what” names every organization permission in words', async ({ page }) => {
  await signIn(page, 'admin@demo.test', undefined, '/groups?view=access');
  await page.getByRole('combobox', { name: 'Permission', exact: true }).click();
  await expect(
    page.getByRole('option', { name: 'Who can move messages between channels (the organization)' }),
  ).toBeVisible();
  const options = await page.getByRole('option').allTextContents();
  expect(options.filter((o) => /_group|realm_|can_/.test(o))).toEqual([]);
});

test('a status text that is too long is named as the form names it', async ({ page }) => {
  await signIn(page, 'member@demo.test', undefined, '/me');
  const form = page.getByRole('form', { name: 'My status' });
  await form.getByLabel('Status text').fill('x'.repeat(61));
  await expect(form).toContainText('Status text is too long (limit: 60 characters)');
  await expect(form).not.toContainText('status_text');
});

test('the email lookup: the refusal on the address, no “server refused”, gone with the next address', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.getByRole('button', { name: 'Look up by email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Look up a user by email' });
  await expect(dialog).not.toContainText('feature level');
  const field = dialog.getByLabel('Email address');
  await field.fill('nobody@demo.test');
  await dialog.getByRole('button', { name: 'Look up' }).click();
  await expect(field).toHaveAccessibleDescription(/No such user/);
  await expect(dialog).not.toContainText('The server refused');
  await field.fill('not an address');
  await dialog.getByRole('button', { name: 'Look up' }).click();
  await expect(dialog).toContainText('Enter an email address.');
  await expect(dialog).not.toContainText('No such user');
});

test('a channel name already taken is said on the Name field, with the focus there', async ({ page }) => {
  await signIn(page, 'admin@demo.test', undefined, '/channels');
  await page.getByRole('button', { name: 'Create channel' }).click();
  const dialog = page.getByRole('dialog', { name: /Create/ });
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await name.fill('general');
  await dialog.getByRole('button', { name: 'Create channel' }).click();
  await expect(name).toHaveAccessibleDescription(/already exists/);
  await expect(name).toBeFocused();
  await expect(dialog).not.toContainText('The channel was not created');
  // A new name clears it.
  await name.fill(`words-${randomBytes(3).toString('hex')}`);
  await expect(dialog).not.toContainText('already exists');
});

test('at 1440 px every column of the users table fits, Bot type included', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin@demo.test');
  const table = page.getByRole('table', { name: 'Users' });
  const header = table.getByRole('columnheader', { name: 'Bot type' });
  await expect(header).toBeVisible();
  const [tableBox, headerBox] = [await table.boundingBox(), await header.boundingBox()];
  expect(headerBox!.x + headerBox!.width).toBeLessThanOrEqual(tableBox!.x + tableBox!.width);
});

for (const { path, table, filter } of [
  { path: '/users', table: 'Users', filter: 'Role' },
  { path: '/audit', table: 'Audit log', filter: 'Outcome' },
  { path: '/topics', table: 'Topics', filter: 'Channel' },
]) {
  test(`on a 390 px phone ${path} keeps its filters behind a Filters button; the list starts on the first screen`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin@demo.test', undefined, path);
    const list = page.getByRole('table', { name: table });
    await expect(list.getByRole('row').nth(1)).toBeInViewport();
    // The filter's label: the field itself may be a native select or a text box with a list.
    const label = page.locator('label', { hasText: new RegExp(`^${filter}$`) });
    await expect(label).toBeHidden();
    const button = page.getByRole('button', { name: /^Filters/ });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(label).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
}

test('on a 390 px phone the navigation opens from its button and closes on the page chosen, again and again', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin@demo.test');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  for (const [link, heading] of [
    ['Channels', 'Channels'],
    ['Users', 'Users'],
  ] as const) {
    await expect(navigation.getByRole('link', { name: link, exact: true })).not.toBeInViewport();
    await toggle.click();
    await navigation.getByRole('link', { name: link, exact: true }).click();
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    await expect(navigation.getByRole('link', { name: link, exact: true })).not.toBeInViewport();
  }
});
