import type { Page } from '@playwright/test';
import { account, expect, signInAs, test, zulipApi } from './real-fixtures';

async function findRow(page: Page, name: string) {
  await page.getByLabel('Search users').fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  return row;
}

async function expectLive(page: Page) {
  await expect(page.getByLabel('Live updates: Live')).toBeVisible({ timeout: 20_000 });
}

test('support staff find a member by name, see their details, deactivate with a comment and reactivate', async ({
  page,
}) => {
  const othello = account('othello@zulip.com');
  await signInAs(page, 'admin');
  const row = await findRow(page, 'Othello');
  await row.click();
  const detail = page.getByRole('dialog', { name: /Othello/ });
  await expect(detail.getByText(othello.email).first()).toBeVisible();
  await expect(detail.getByText('Not a bot')).toBeVisible();
  await detail.getByRole('button', { name: 'Deactivate' }).click();

  const confirm = page.getByRole('dialog', { name: /^Deactivate Othello/ });
  await confirm.getByRole('switch', { name: 'Send notification email' }).click();
  await confirm.getByLabel('Notification comment').fill('Access paused for the audit; back soon.');
  await confirm.getByRole('button', { name: 'Deactivate user' }).click();
  await expect(confirm).toBeHidden();
  await expect(detail.getByText('Deactivated').first()).toBeVisible();
  const seen = await zulipApi<{ user: { is_active: boolean } }>('admin', 'GET', `/users/${othello.user_id}`);
  expect(seen.user.is_active).toBe(false);

  await detail.getByRole('button', { name: 'Reactivate' }).click();
  const reactivate = page.getByRole('dialog', { name: /^Reactivate Othello/ });
  await reactivate.getByRole('button', { name: 'Reactivate user' }).click();
  await expect(reactivate).toBeHidden();
  await expect(detail.getByText('Active', { exact: true }).first()).toBeVisible();
  const back = await zulipApi<{ user: { is_active: boolean } }>('admin', 'GET', `/users/${othello.user_id}`);
  expect(back.user.is_active).toBe(true);
});

test('an admin changes a member’s role and back; the server holds each role', async ({ page }) => {
  const cordelia = account('cordelia@zulip.com');
  await signInAs(page, 'admin');
  const row = await findRow(page, 'Cordelia');
  await row.click();
  const detail = page.getByRole('dialog', { name: /Cordelia/ });
  for (const [label, value] of [
    ['Moderator', 300],
    ['Member', 400],
  ] as const) {
    await detail.getByRole('button', { name: 'Change role' }).click();
    const dialog = page.getByRole('dialog', { name: /Change the role of Cordelia/ });
    await dialog.getByLabel('Role').selectOption({ label });
    await dialog.getByRole('button', { name: 'Save role' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(label);
    const seen = await zulipApi<{ user: { role: number } }>('admin', 'GET', `/users/${cordelia.user_id}`);
    expect(seen.user.role).toBe(value);
  }
});

test('setting another user’s status waits for level 407; my own status is set, and refused when unknown', async ({
  page,
}) => {
  const hamlet = await signInAs(page, 'member', '/users');
  await (await findRow(page, 'Prospero')).click();
  const detail = page.getByRole('dialog', { name: /Prospero/ });
  // This server reports level 372: the action is there, disabled, with the reason.
  await expect(detail.getByRole('button', { name: 'Set status' })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Close user details' }).click();

  await page.goto('/me');
  const form = page.getByRole('form', { name: 'My status' });
  const text = form.getByLabel('Status text');
  await text.fill('x'.repeat(61));
  await expect(form.getByRole('button', { name: 'Save my status' })).toBeDisabled();
  await text.fill('Out until Monday');
  await form.getByLabel('Emoji name').fill('definitely_not_an_emoji');
  await form.getByRole('button', { name: 'Save my status' }).click();
  await expect(form.getByRole('alert')).toContainText("Emoji 'definitely_not_an_emoji' does not exist");
  await expect(text).toHaveValue('Out until Monday');

  const status = `At the castle ${Date.now() % 1000}`;
  await text.fill(status);
  await form.getByLabel('Emoji name').fill('');
  await form.getByRole('button', { name: 'Save my status' }).click();
  await expect(page.getByText('Your status was updated.')).toBeVisible();
  const seen = await zulipApi<{ status: { status_text?: string } }>('member', 'GET', `/users/${hamlet.user_id}/status`);
  expect(seen.status.status_text).toBe(status);
});

test('on this server an admin is shown why another user’s status cannot be set', async ({ page }) => {
  await signInAs(page, 'admin');
  await (await findRow(page, 'Prospero')).click();
  const detail = page.getByRole('dialog', { name: /Prospero/ });
  await expect(detail.getByRole('button', { name: 'Set status' })).toBeDisabled();
  await expect(detail.getByText('Needs a newer chat server: feature level 407, this one is at 372.')).toBeVisible();
});

test('an admin looks a user up by their real email address', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.getByRole('button', { name: 'Look up by email' }).click();
  const dialog = page.getByRole('dialog', { name: 'Look up a user by email' });
  await dialog.getByLabel('Email address').fill('hamlet@zulip.com');
  await dialog.getByRole('button', { name: 'Look up' }).click();
  await expect(page.getByRole('dialog', { name: /King Hamlet/ })).toBeVisible();
});

test('a change made straight against the real server shows in the open console', async ({ page }) => {
  const zoe = account('ZOE@zulip.com');
  await signInAs(page, 'admin');
  await expectLive(page);
  const row = await findRow(page, 'Zoe');
  await expect(row).toContainText('Member');
  await zulipApi('desdemona@zulip.com', 'PATCH', `/users/${zoe.user_id}`, { role: 300 });
  await expect(row).toContainText('Moderator');
  await zulipApi('desdemona@zulip.com', 'PATCH', `/users/${zoe.user_id}`, { full_name: 'Zoe Renamed' });
  await expect(page.getByRole('row', { name: /Zoe Renamed/ })).toBeVisible();
  await zulipApi('desdemona@zulip.com', 'PATCH', `/users/${zoe.user_id}`, { role: 400, full_name: 'Zoe' });
  await expect(row).toContainText('Member');
});

test('a moderator sees people but no deactivate or role actions', async ({ page }) => {
  await signInAs(page, 'moderator');
  await (await findRow(page, 'Othello')).click();
  const detail = page.getByRole('dialog', { name: /Othello/ });
  await expect(detail).toBeVisible();
  await expect(detail.getByRole('button', { name: 'Deactivate' })).toHaveCount(0);
  await expect(detail.getByRole('button', { name: 'Change role' })).toHaveCount(0);
});
