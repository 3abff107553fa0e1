import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { simCall } from './sim-api';

interface SimField {
  id: number;
  name: string;
  type: number;
  required: boolean;
  display_in_profile_summary?: boolean;
}

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const fields = async () =>
  (await simCall('admin@demo.test', 'GET', '/realm/profile_fields')).custom_fields as SimField[];

async function userByEmail(email: string) {
  const { user } = (await simCall('admin@demo.test', 'GET', `/users/${email}`, {
    include_custom_profile_fields: 'true',
  })) as { user: { user_id: number; full_name: string; profile_data: Record<string, { value: string }> } };
  return user;
}

async function choose(page: Page, input: Locator, option: string) {
  await input.click();
  await page.getByRole('option', { name: option }).first().click();
}

test('an admin corrects a person’s name and profile fields, and the change is seen and audited', async ({ page }) => {
  const before = await userByEmail('member@demo.test');
  const department = (await fields()).find((f) => f.name === 'Department')!;
  const name = `Mia Member ${Date.now().toString(36)}`;
  try {
    await signIn(page, 'admin@demo.test', undefined, `/users?user=${before.user_id}`);
    const drawer = page.getByRole('dialog', { name: before.full_name });
    await drawer.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: `Edit the profile of ${before.full_name}` });
    await dialog.getByLabel('Full name').fill('   ');
    await dialog.getByRole('button', { name: 'Save profile' }).click();
    await expect(dialog.getByText('Enter a name.')).toBeVisible();
    await dialog.getByLabel('Full name').fill(name);
    await dialog.getByLabel('Department').fill('Research');
    await dialog.getByRole('button', { name: 'Save profile' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('dialog', { name })).toContainText('Research');
    const after = await userByEmail('member@demo.test');
    expect(after.full_name).toBe(name);
    expect(after.profile_data[String(department.id)]?.value).toBe('Research');

    await page.goto('/audit');
    const row = page.getByRole('row', { name: /Edit user/ }).first();
    await expect(row).toContainText('Done');
    await expect(row).toContainText(`#${before.user_id}`);
  } finally {
    await simCall('admin@demo.test', 'PATCH', `/users/${before.user_id}`, {
      full_name: before.full_name,
      profile_data: JSON.stringify([
        { id: department.id, value: before.profile_data[String(department.id)]?.value ?? '' },
      ]),
    });
  }
});

test('creating a user works for an account with can_create_users and is explained when refused', async ({ page }) => {
  const email = `e2e-made-${Date.now().toString(36)}@example.com`;
  await signIn(page, 'admin@demo.test', undefined, '/users');
  await page.getByRole('button', { name: 'Create user' }).click();
  let dialog = page.getByRole('dialog', { name: 'Create user' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Full name').fill('Made By Admin');
  await dialog.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog.getByText('User not authorized to create users')).toBeVisible();
  await expect(dialog.getByRole('note')).toContainText('the server’s “create users” permission');
  // The form keeps what was typed.
  await expect(dialog.getByLabel('Email')).toHaveValue(email);

  await page.context().clearCookies();
  await signIn(page, 'owner@demo.test', undefined, '/users');
  await page.getByRole('button', { name: 'Create user' }).click();
  dialog = page.getByRole('dialog', { name: 'Create user' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Full name').fill('Made By Owner');
  await dialog.getByLabel('Password', { exact: true }).fill('long-enough-1');
  await dialog.getByRole('button', { name: 'Create user' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(/Made By Owner was created/)).toBeVisible();
  const made = await userByEmail(email);
  await simCall('owner@demo.test', 'DELETE', `/users/${made.user_id}`);
});

test('an admin adds, reorders, edits and deletes a custom profile field', async ({ page }) => {
  const name = `Team ${Date.now().toString(36)}`.slice(0, 40);
  await signIn(page, 'admin@demo.test', undefined, '/settings/profile-fields');
  const table = page.getByRole('table', { name: 'Custom profile fields' });
  await expect(table).toBeVisible();
  await page.getByRole('button', { name: 'Add profile field' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add profile field' });
  await choose(page, dialog.getByRole('combobox', { name: 'Type' }), 'List of options');
  await dialog.getByLabel('Name', { exact: true }).fill(name);
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await expect(dialog.getByText('Enter at least one option.')).toBeVisible();
  await dialog.getByLabel('Options').fill('Red\nBlue');
  await dialog.getByLabel('Required').check();
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await expect(dialog).toBeHidden();
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('List of options');
  await expect(row).toContainText('Required');
  const added = (await fields()).find((f) => f.name === name)!;
  expect(added).toMatchObject({ type: 3, required: true });

  await row.getByRole('button', { name: `Move ${name} up` }).click();
  await expect(page.getByText(/Moved .* to position/)).toBeAttached();
  const order = (await fields()).map((f) => f.name);
  expect(order.indexOf(name)).toBe(order.length - 2);

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
  expect((await fields()).some((f) => f.name === name)).toBe(false);
});

// Long text on the card depends on the server's level (476): profile-fields-zulip12.test.tsx covers both sides.
test('a field added elsewhere appears live; a user field cannot go on the card', async ({ page }) => {
  const name = `Live ${Date.now().toString(36)}`;
  await signIn(page, 'admin@demo.test', undefined, '/settings/profile-fields');
  await expect(page.getByRole('table', { name: 'Custom profile fields' })).toBeVisible();
  await expect(page.getByLabel('Live updates: Live')).toBeVisible({ timeout: 10_000 });
  const created = await simCall('owner@demo.test', 'POST', '/realm/profile_fields', { name, field_type: '1' });
  expect(created.result, String(created.msg)).toBe('success');
  const id = created.id as number;
  try {
    await expect(page.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await page.getByRole('button', { name: 'Add profile field' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add profile field' });
    await choose(page, dialog.getByRole('combobox', { name: 'Type' }), 'Users');
    await expect(dialog.getByLabel('Show on the user card')).toBeDisabled();
    await expect(dialog.getByText('User fields cannot be shown on the card.')).toBeVisible();
  } finally {
    await simCall('owner@demo.test', 'DELETE', `/realm/profile_fields/${id}`);
  }
});

test('a member uploads a custom emoji with a preview and deactivates it', async ({ page }) => {
  const name = `e2e_${Date.now().toString(36)}`;
  await signIn(page, 'member@demo.test', undefined, '/settings/emoji');
  await expect(page.getByText('Who may add them: Members')).toBeVisible();
  const form = page.getByRole('form', { name: 'Upload custom emoji' });
  await form.getByLabel('Emoji name').fill('Bad Name');
  await form.getByRole('button', { name: 'Upload emoji' }).click();
  await expect(form.getByText(/Emoji names must contain only lowercase/)).toBeVisible();
  await form.getByLabel('Emoji name').fill(name);
  await form.locator('input[type="file"]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: `Preview of :${name}:` })).toBeVisible();
  await form.getByRole('button', { name: 'Upload emoji' }).click();
  const row = page.getByRole('table', { name: 'Custom emoji' }).getByRole('row', { name: new RegExp(`:${name}:`) });
  await expect(row).toContainText('Active');
  await expect(row.getByRole('img', { name: `:${name}:` })).toHaveJSProperty('naturalWidth', 1);

  await row.getByRole('button', { name: `Deactivate :${name}:` }).click();
  await page
    .getByRole('dialog', { name: 'Deactivate emoji?' })
    .getByRole('button', { name: 'Deactivate emoji' })
    .click();
  await expect(row).toHaveCount(0);
  await page.getByLabel('Show deactivated emoji').check();
  await expect(row).toContainText('Deactivated');
});
