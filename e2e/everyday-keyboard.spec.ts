import { expect, signIn, test } from './fixtures';
import { seedTopic, simCall, simControl } from './sim-api';

// Issue 43, item 4: with the keyboard alone, focus comes back to where the person was after a confirmation or a
// save (not to the page's body, 30 Tab presses away); every dialog's close button says what it is; sign-in
// starts in the Email field.

const GENERAL = 1;

test('sign-in starts in the Email field', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByLabel('Email')).toBeFocused();
});

test('removing a playground by keyboard leaves the focus on the list, not the page', async ({ page }) => {
  const name = `E2E keys ${Date.now().toString(36)}`;
  await signIn(page, 'admin@demo.test', undefined, '/settings/data');
  const form = page.getByRole('form', { name: 'Add code playground' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Pygments language').fill('Rust');
  await form.getByLabel('URL template').fill('https://play.example.com/?code={code}');
  await form.getByRole('button', { name: 'Add playground' }).press('Enter');
  const remove = page.getByRole('button', { name: `Remove ${name}` });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Remove playground?' });
  await dialog.getByRole('button', { name: 'Remove playground' }).press('Enter');
  await expect(dialog).toBeHidden();
  await expect(remove).toHaveCount(0);
  // The removed row's list (or its section, when it was the last) has the focus.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const active = document.activeElement;
        return active !== null && active !== document.body && active.closest('section') !== null;
      }),
    )
    .toBe(true);
});

test('after requesting an export, the focus is back on “Request export…”; the audit says what was asked in words', async ({
  page,
}) => {
  await simControl('export-worker', { mode: 'hold' });
  try {
    await signIn(page, 'admin@demo.test', undefined, '/settings/data');
    const request = page.getByRole('button', { name: 'Request export…' });
    await request.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Request a data export?' });
    await dialog.getByRole('button', { name: 'Request export', exact: true }).press('Enter');
    await expect(dialog).toBeHidden();
    await expect(request).toBeFocused();

    await page.goto('/audit?operation=exportRealm');
    const row = page.getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1);
    await expect(row).toContainText('Request data export');
    await expect(row).toContainText('Data export');
    await expect(row).not.toContainText('data_export');
    await row.click();
    const entry = page.getByRole('dialog', { name: /Request data export/ });
    await expect(entry).toContainText('Data export');
    await expect(entry).not.toContainText(/data_export|Export type/);
  } finally {
    await simControl('export-worker', { mode: 'auto' });
  }
});

test('after “Save permissions” the focus is on the saved permissions, not the page', async ({ page }) => {
  const name = `e2e-keys-${Date.now().toString(36)}`;
  const created = (await simCall('admin@demo.test', 'POST', '/user_groups/create', {
    name,
    description: 'Keyboard check',
    members: '[]',
  })) as { group_id: number };
  await signIn(page, 'admin@demo.test', undefined, `/groups?group=${created.group_id}&tab=permissions`);
  const drawer = page.getByRole('dialog', { name });
  const picker = drawer.getByRole('group', { name: 'Who can join' });
  await picker.getByRole('radio', { name: 'A group' }).check();
  await picker.getByRole('combobox', { name: 'Group' }).click();
  await page.getByRole('option', { name: 'Moderators', exact: true }).click();
  await drawer.getByRole('button', { name: 'Save permissions' }).press('Enter');
  const table = drawer.getByRole('table', { name: 'Permission settings' });
  await expect(table.getByRole('row', { name: /^Who can join/ })).toContainText('Moderators');
  await expect(table).toBeFocused();
});

test('the group, topic and “Move messages” dialogs’ close buttons have names', async ({ page }) => {
  const topic = `keys ${Date.now().toString(36)}`;
  await seedTopic(GENERAL, topic, 2);
  const { user_groups } = (await simCall('admin@demo.test', 'GET', '/user_groups')) as unknown as {
    user_groups: { id: number; name: string; is_system_group: boolean }[];
  };
  const group = user_groups.find((g) => !g.is_system_group)!;
  await signIn(page, 'moderator@demo.test', undefined, `/groups?group=${group.id}`);
  await expect(
    page.getByRole('dialog', { name: group.name }).getByRole('button', { name: 'Close group details' }),
  ).toBeVisible();

  await page.goto(`/topics?stream=${GENERAL}&topic=${encodeURIComponent(topic)}`);
  const drawer = page.getByRole('dialog', { name: `#general › ${topic}` });
  await expect(drawer.getByRole('button', { name: 'Close topic' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Move topic…' }).click();
  const move = page.getByRole('dialog', { name: 'Move messages' });
  const close = move.getByRole('button', { name: 'Close dialog' });
  await expect(close).toBeVisible();
  await close.click();
  await expect(move).toBeHidden();
  // No icon button anywhere on the page is left without a name.
  const unnamed = await page.evaluate(() =>
    [...document.querySelectorAll('button')]
      .filter((b) => b.checkVisibility() && !(b.getAttribute('aria-label') || b.textContent?.trim() || b.title))
      .map((b) => b.outerHTML.slice(0, 80)),
  );
  expect(unnamed).toEqual([]);
});
