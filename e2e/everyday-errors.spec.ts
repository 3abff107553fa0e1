import { expect, signIn, test } from './fixtures';
import { restoreFeatureLevel, switchFeatureLevel } from './sim-api';

// Issue 43, item 5: a refusal sits on the field it is about; columns with nothing to say are left out; a panel
// closes without flashing "not found"; a confirmation is clickable only once it knows what it will do; a page has
// one name; a server's level is said once per panel.

const GENERAL = 1;

test('a profile field name another field has is refused on the Name field, with the focus there', async ({ page }) => {
  await signIn(page, 'admin@demo.test', undefined, '/settings/profile-fields');
  await page.getByRole('button', { name: 'Add profile field' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add profile field' });
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await name.fill('Phone');
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await expect(name).toHaveAccessibleDescription('A field with that label already exists.');
  await expect(name).toBeFocused();
  // Said once, on the field: not again in a box above the buttons.
  await expect(dialog.getByText('A field with that label already exists.')).toHaveCount(1);
});

test('closing a user’s panel does not flash “No such user”', async ({ page }) => {
  await signIn(page, 'admin@demo.test', undefined, '/users?user=11');
  const drawer = page.getByRole('dialog').first();
  await expect(drawer).toBeVisible();
  // Anything that says "No such user" while the panel slides away is recorded.
  await page.evaluate(() => {
    const w = window as unknown as { sawNoSuchUser: boolean };
    w.sawNoSuchUser = false;
    new MutationObserver(() => {
      if (document.body.textContent?.includes('No such user')) w.sawNoSuchUser = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  expect(await page.evaluate(() => (window as unknown as { sawNoSuchUser: boolean }).sawNoSuchUser)).toBe(false);
});

test('the delete-topic confirmation cannot be pressed while it is still counting the messages', async ({ page }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await signIn(page, 'admin@demo.test', undefined, `/channels?channel=${GENERAL}&tab=topics`);
  const drawer = page.getByRole('dialog', { name: '#general' });
  await expect(drawer.getByRole('table', { name: 'Topics' }).getByRole('row').nth(1)).toBeVisible();
  // From now on, the count (a read of the topic's messages) is held until the check below has looked.
  await page.route(/\/bff\/svc\/messages\?/, async (route) => {
    await released;
    await route.continue();
  });
  await drawer
    .getByRole('button', { name: /^Delete topic/ })
    .first()
    .click();
  const confirm = page.getByRole('dialog', { name: /^Delete the topic/ });
  await expect(confirm).toContainText('Counting its messages…');
  await expect(confirm.getByRole('button', { name: 'Delete topic' })).toBeDisabled();
  release();
  await expect(confirm).toContainText('will be deleted for everyone');
  await expect(confirm.getByRole('button', { name: 'Delete topic' })).toBeEnabled();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
});

test('the page the navigation calls “Data exports & playgrounds” has that name', async ({ page }) => {
  await signIn(page, 'admin@demo.test');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Data exports & playgrounds' })
    .click();
  await expect(page.getByRole('heading', { name: 'Data exports & playgrounds', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Organization data' })).toHaveCount(0);
});

test('on an older server a channel panel says once which permissions need a newer one; counts it lacks are left out', async ({
  page,
  request,
}) => {
  try {
    await switchFeatureLevel(request, 372);
    await signIn(page, 'admin@demo.test', undefined, '/channels');
    // Level 372 sends no subscriber counts: no column of dashes.
    await expect(page.getByRole('table', { name: 'Channels' }).getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Subscribers' })).toHaveCount(0);

    await page.goto(`/channels?channel=${GENERAL}`);
    const drawer = page.getByRole('dialog', { name: '#general' });
    await expect(drawer.getByRole('table', { name: 'Channel permissions' })).toBeVisible();
    await expect(drawer.getByText(/Needs a newer chat server/)).toHaveCount(1);
    await expect(drawer.getByText(/Needs a newer chat server/)).toContainText(
      'Who can delete any message (level 407), Who can delete their own messages (level 407)',
    );
    // The panel counts the subscribers itself.
    await expect(
      drawer.getByRole('table', { name: 'Channel settings' }).getByRole('row', { name: /^Subscribers/ }),
    ).toContainText(/\d/);

    await drawer.getByRole('tab', { name: 'Settings', exact: true }).click();
    const permissions = drawer.getByRole('region', { name: 'Permissions' });
    await expect(permissions.getByRole('group', { name: 'Who can post' })).toBeVisible();
    await expect(drawer.getByText(/Needs a newer chat server: feature level 4/)).toHaveCount(0);
    await expect(permissions.getByText(/Needs a newer chat server/)).toHaveCount(1);
  } finally {
    await restoreFeatureLevel(request);
  }
});

test('a level-500 server’s channels list counts subscribers', async ({ page }) => {
  await signIn(page, 'admin@demo.test', undefined, '/channels');
  await expect(page.getByRole('columnheader', { name: 'Subscribers' })).toBeVisible();
});
