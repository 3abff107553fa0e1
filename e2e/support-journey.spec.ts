import { expect, signIn, test } from './fixtures';

test('an admin finds a member by name, deactivates them with a comment, and reactivates them', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();

  await page.getByLabel('Search users').fill('Mia Mem');
  const row = page.getByRole('row', { name: /Mia Member/ });
  await expect(row).toBeVisible();
  await row.click();

  const detail = page.getByRole('dialog', { name: /Mia Member/ });
  await expect(detail).toBeVisible();
  await detail.getByRole('button', { name: 'Deactivate' }).click();

  const confirm = page.getByRole('dialog', { name: 'Deactivate Mia Member?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('switch', { name: 'Send notification email' }).click();
  await confirm.getByLabel('Notification comment').fill('Your contract ended; thanks for everything.');
  await confirm.getByRole('button', { name: 'Deactivate user' }).click();
  await expect(confirm).toBeHidden();
  await expect(detail.getByText('Deactivated').first()).toBeVisible();
  await detail.getByRole('button', { name: 'Close user details' }).click();

  await page.getByRole('radiogroup', { name: 'Status' }).getByText('Deactivated').click();
  await expect(page).toHaveURL(/status=deactivated/);
  const deactivatedRow = page.getByRole('row', { name: /Mia Member/ });
  await expect(deactivatedRow).toBeVisible();
  await expect(deactivatedRow).toContainText('Deactivated');

  await deactivatedRow.click();
  await page
    .getByRole('dialog', { name: /Mia Member/ })
    .getByRole('button', { name: 'Reactivate' })
    .click();
  const reactivate = page.getByRole('dialog', { name: 'Reactivate Mia Member?' });
  await reactivate.getByRole('button', { name: 'Reactivate user' }).click();
  await expect(reactivate).toBeHidden();
  await page.getByRole('button', { name: 'Close user details' }).click();
  await expect(page.getByRole('row', { name: /Mia Member/ })).toHaveCount(0);

  await page.getByRole('radiogroup', { name: 'Status' }).getByText('Active', { exact: true }).click();
  await expect(page).toHaveURL(/status=active/);
  await expect(page.getByRole('row', { name: /Mia Member/ })).toContainText('Active');
});

test('a moderator sees users but no Deactivate action', async ({ page }) => {
  await signIn(page, 'moderator@demo.test');
  await page.getByLabel('Search users').fill('Mia Mem');
  await page.getByRole('row', { name: /Mia Member/ }).click();
  const detail = page.getByRole('dialog', { name: /Mia Member/ });
  await expect(detail).toBeVisible();
  await expect(detail.getByText('member@demo.test').first()).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Change role' })).toHaveCount(0);
});

test('deactivating the only owner shows the server refusal and keeps the comment', async ({ page }) => {
  await signIn(page, 'owner@demo.test');
  await page.getByLabel('Search users').fill('Olivia');
  await page.getByRole('row', { name: /Olivia Owner/ }).click();
  await page
    .getByRole('dialog', { name: /Olivia Owner/ })
    .getByRole('button', { name: 'Deactivate' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate Olivia Owner?' });
  await expect(confirm.getByRole('note')).toBeVisible();
  await confirm.getByRole('switch', { name: 'Send notification email' }).click();
  await confirm.getByLabel('Notification comment').fill('Handing over');
  await confirm.getByRole('button', { name: 'Deactivate user' }).click();
  await expect(confirm.getByRole('alert')).toContainText('Cannot deactivate the only organization owner');
  await expect(confirm.getByLabel('Notification comment')).toHaveValue('Handing over');
});

test('pressing a page in the navigation starts loading its data before the button is released', async ({ page }) => {
  await signIn(page, 'admin@demo.test', undefined, '/settings/linkifiers');
  await expect(page.getByRole('heading', { name: 'Linkifiers' })).toBeVisible();
  await page.getByRole('link', { name: 'Users', exact: true }).hover();
  const list = page.waitForRequest((r) => new URL(r.url()).pathname === '/bff/svc/users', { timeout: 5_000 });
  await page.mouse.down();
  // Asked for while the button is still down: the navigation has not happened yet.
  await list;
  await expect(page).toHaveURL(/\/settings\/linkifiers$/);
  await page.mouse.up();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)).toBeVisible();

  // A page whose loader is in its own chunk: the chunk loads, then the loader's requests leave, still pressed.
  await page.getByRole('link', { name: 'User groups', exact: true }).hover();
  const groups = page.waitForRequest((r) => new URL(r.url()).pathname === '/bff/svc/user_groups', { timeout: 5_000 });
  await page.mouse.down();
  await groups;
  await expect(page).toHaveURL(/\/users$/);
  await page.mouse.up();
  await expect(page).toHaveURL(/\/groups$/);
});
