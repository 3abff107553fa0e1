import type { Locator, Page } from '@playwright/test';
import { expect, signInAs, test, unique, zulipApi } from './real-fixtures';

interface Field {
  id: number;
  name: string;
  type: number;
  required: boolean;
}
interface RealUserRecord {
  user_id: number;
  full_name: string;
  profile_data: Record<string, { value: string }>;
}

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const fields = async () =>
  (await zulipApi<{ custom_fields: Field[] }>('admin', 'GET', '/realm/profile_fields')).custom_fields;
const user = async (id: number) =>
  (await zulipApi<{ user: RealUserRecord }>('admin', 'GET', `/users/${id}`, { include_custom_profile_fields: true }))
    .user;

async function choose(page: Page, input: Locator, option: string) {
  await input.click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Zoe (a dev-data member no other spec edits): her name and a profile field, put back afterwards. */
const ZOE = 7;

test('an admin corrects a person’s name and a profile field on the real server', async ({ page }) => {
  const before = await user(ZOE);
  const food = (await fields()).find((f) => f.name === 'Favorite food')!;
  const name = `Zoe ${Date.now().toString(36)}`;
  try {
    await signInAs(page, 'admin', `/users?user=${ZOE}`);
    await page.getByRole('dialog', { name: before.full_name }).getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit the profile of ${before.full_name}` });
    await dialog.getByLabel('Full name').fill(name);
    await dialog.getByLabel('Favorite food').fill('Tomatoes');
    await dialog.getByLabel('Favorite website').fill('not a link');
    await dialog.getByRole('button', { name: 'Save profile' }).click();
    await expect(dialog.getByText('Enter a full link, e.g. https://example.com.')).toBeVisible();
    await dialog.getByLabel('Favorite website').fill('');
    await dialog.getByRole('button', { name: 'Save profile' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('dialog', { name })).toContainText('Tomatoes');
    const after = await user(ZOE);
    expect(after.full_name).toBe(name);
    expect(after.profile_data[String(food.id)]?.value).toBe('Tomatoes');
  } finally {
    await zulipApi('admin', 'PATCH', `/users/${ZOE}`, {
      full_name: before.full_name,
      profile_data: [{ id: food.id, value: before.profile_data[String(food.id)]?.value ?? '' }],
    });
  }
});

test('creating a user is refused by the real server, and the console says why', async ({ page }) => {
  await signInAs(page, 'admin', '/users');
  await page.getByRole('button', { name: 'Create user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create user' });
  await dialog.getByLabel('Email').fill(`e2e-real-made-${Date.now().toString(36)}@example.com`);
  await dialog.getByLabel('Full name').fill('Never Made');
  await dialog.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByText('User not authorized to create users')).toBeVisible();
  await expect(dialog.getByRole('note')).toContainText('the server’s “create users” permission');
});

test('an admin adds, reorders, edits and deletes a custom profile field on the real server', async ({ page }) => {
  const name = unique('e2e team').slice(0, 40);
  await signInAs(page, 'admin', '/settings/profile-fields');
  const table = page.getByRole('table', { name: 'Custom profile fields' });
  await expect(table).toBeVisible();
  try {
    await page.getByRole('button', { name: 'Add profile field' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add profile field' });
    await choose(page, dialog.getByRole('combobox', { name: 'Type' }), 'List of options');
    await dialog.getByLabel('Name', { exact: true }).fill(name);
    await dialog.getByLabel('Options').fill('Red\nBlue');
    await dialog.getByLabel('Required').check();
    await dialog.getByRole('button', { name: 'Add field' }).click();
    await expect(dialog).toBeHidden();
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Required');
    expect((await fields()).find((f) => f.name === name)).toMatchObject({ type: 3, required: true });

    // The toast sits over the new last row's buttons in this small window, and the pointer resting on it (where
    // "Add field" was) keeps it open: close it, as a person would.
    const toast = page.getByRole('alert').filter({ hasText: 'Profile field added' });
    await toast.getByRole('button').click();
    await expect(toast).toBeHidden();
    await row.getByRole('button', { name: `Move ${name} up` }).click();
    await expect.poll(async () => (await fields()).map((f) => f.name).indexOf(name)).toBe((await fields()).length - 2);

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit profile field “${name}”` });
    await edit.getByLabel('Hint').fill('Which team you are on');
    await edit.getByRole('button', { name: 'Save field' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('Which team you are on');

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page
      .getByRole('dialog', { name: 'Delete profile field?' })
      .getByRole('button', { name: 'Delete field' })
      .click();
    await expect(row).toHaveCount(0);
  } finally {
    for (const f of await fields())
      if (f.name === name) await zulipApi('admin', 'DELETE', `/realm/profile_fields/${f.id}`);
  }
});

test('a member uploads a custom emoji with a preview and deactivates it on the real server', async ({ page }) => {
  const name = `e2e_real_${Date.now().toString(36)}`;
  await signInAs(page, 'member', '/settings/emoji');
  await expect(page.getByText('Who may add them: Members')).toBeVisible();
  const form = page.getByRole('form', { name: 'Upload custom emoji' });
  await form.getByLabel('Emoji name').fill(name);
  await form.locator('input[type="file"]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: `Preview of :${name}:` })).toBeVisible();
  await form.getByRole('button', { name: 'Upload emoji' }).click();
  const row = page.getByRole('table', { name: 'Custom emoji' }).getByRole('row', { name: new RegExp(`:${name}:`) });
  try {
    await expect(row).toContainText('Active');
    await row.getByRole('button', { name: `Deactivate :${name}:` }).click();
    await page
      .getByRole('dialog', { name: 'Deactivate emoji?' })
      .getByRole('button', { name: 'Deactivate emoji' })
      .click();
    await expect(row).toHaveCount(0);
    await page.getByLabel('Show deactivated emoji').check();
    await expect(row).toContainText('Deactivated');
  } finally {
    // The server keeps emoji forever; one this spec left active is deactivated here.
    const { emoji } = await zulipApi<{ emoji: Record<string, { name: string; deactivated: boolean }> }>(
      'member',
      'GET',
      '/realm/emoji',
    );
    if (Object.values(emoji).some((e) => e.name === name && !e.deactivated)) {
      await zulipApi('member', 'DELETE', `/realm/emoji/${name}`);
    }
  }
});
