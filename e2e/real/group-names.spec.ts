import { expect, signInAs, test, zulipApi } from './real-fixtures';

// Issue 43 against the real (level-372) server: a guest may not list user groups (GET /user_groups answers "Not
// allowed for guest users"), yet no group is shown to them by its number; what they cannot do on a channel is
// not offered.

test('a guest reads a channel’s permissions with every group named, none by its number', async ({ page }) => {
  const { subscriptions } = await zulipApi<{ subscriptions: { stream_id: number; name: string }[] }>(
    'guest',
    'GET',
    '/users/me/subscriptions',
  );
  const verona = subscriptions.find((s) => s.name === 'Verona')!;
  await signInAs(page, 'guest', `/channels?channel=${verona.stream_id}`);
  const drawer = page.getByRole('dialog', { name: '#Verona' });
  const permissions = drawer.getByRole('table', { name: 'Channel permissions' });
  await expect(permissions).toContainText('Everyone including guests');
  await expect(permissions).toContainText('Administrators');
  await expect(drawer).not.toContainText(/group \d+/i);
  await expect(drawer).not.toContainText('Group names could not be loaded');
});

test('a guest is not offered subscribing others or removing anyone but themselves', async ({ page }) => {
  const { subscriptions } = await zulipApi<{ subscriptions: { stream_id: number; name: string }[] }>(
    'guest',
    'GET',
    '/users/me/subscriptions',
  );
  const verona = subscriptions.find((s) => s.name === 'Verona')!;
  await signInAs(page, 'guest', `/channels?channel=${verona.stream_id}&tab=subscribers`);
  const drawer = page.getByRole('dialog', { name: '#Verona' });
  await expect(drawer.getByRole('note').filter({ hasText: 'Guests cannot subscribe other people.' })).toBeVisible();
  await expect(drawer.getByRole('combobox', { name: 'People to subscribe' })).toHaveCount(0);
  const table = drawer.getByRole('table', { name: 'Subscribers' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // Only their own row can be chosen for removal.
  for (const box of await table.getByRole('checkbox').all()) await expect(box).toHaveAccessibleName(/^Select Polonius/);
});
