import { readFileSync } from 'node:fs';
import type { RealCreds } from '../real-server';
import { expect, navigate, signInAs, test, unique, zulipApi } from './real-fixtures';

/**
 * Bulk deactivation and its undo against the real server, on two throwaway users made for this run (the
 * kit's named accounts are never deactivated here): the preview names them by the address the users table
 * shows (the real server hides it behind `userNN@zulipdev.com`), the run is found again from the Audit and the
 * Bulk runs page, and undone there. Each row says done only after the server's success answer.
 */

interface Member {
  user_id: number;
  full_name: string;
  email: string;
  delivery_email?: string | null;
  is_active: boolean;
}

async function members(): Promise<Member[]> {
  return (await zulipApi<{ members: Member[] }>('admin', 'GET', '/users')).members;
}

/**
 * A new member, through the development server's own sign-up endpoint: the API's POST /users needs a
 * server-level permission the kit's accounts do not have (and one spec checks that refusal).
 */
async function throwawayMember(name: string): Promise<Member> {
  const before = new Set((await members()).map((m) => m.user_id));
  const { base_url } = JSON.parse(readFileSync(process.env.E2E_REAL_CREDS_FILE!, 'utf8')) as RealCreds;
  const response = await fetch(`${base_url}/devtools/register_user/`, { method: 'POST', redirect: 'manual' });
  expect(response.status, 'the dev server registers a user and redirects').toBe(302);
  const made = (await members()).find((m) => !before.has(m.user_id));
  expect(made, 'a new user exists').toBeDefined();
  await zulipApi('admin', 'PATCH', `/users/${made!.user_id}`, { full_name: name });
  return { ...made!, full_name: name };
}

async function isActive(userId: number): Promise<boolean> {
  return (await zulipApi<{ user: { is_active: boolean } }>('admin', 'GET', `/users/${userId}`)).user.is_active;
}

test('bulk deactivation of two throwaway users, found again on Bulk runs and from the Audit, undone there', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const first = await throwawayMember(unique('Bulk e2e A'));
  const second = await throwawayMember(unique('Bulk e2e B'));
  for (const person of [first, second]) {
    // What the issue was about: the API address differs from the one the console shows.
    expect(person.delivery_email).toBeTruthy();
    expect(person.delivery_email).not.toBe(person.email);
  }
  try {
    await signInAs(page, 'admin', '/users');
    for (const person of [first, second]) {
      await page.getByLabel('Search users').fill(person.full_name);
      const row = page.getByRole('row', { name: new RegExp(person.full_name) });
      await expect(row).toContainText(person.delivery_email!);
      await row.getByRole('checkbox', { name: `Select ${person.full_name}` }).check();
    }
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar.getByText('2 users selected')).toBeVisible();
    await bar.getByRole('button', { name: 'Deactivate…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate users' });
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const affected = dialog.getByRole('region', { name: 'Affected users' });
    await expect(affected.getByRole('listitem')).toHaveCount(2);
    for (const person of [first, second]) {
      await expect(affected.getByRole('listitem').filter({ hasText: person.full_name })).toContainText(
        person.delivery_email!,
      );
    }
    await expect(affected).not.toContainText('@zulipdev.com');
    await dialog.getByLabel(/to confirm/).fill('deactivate 2 users');
    await dialog.getByRole('button', { name: 'Start' }).click();
    const panel = page.getByRole('region', { name: 'Bulk run' });
    await expect(panel.getByTestId('run-status')).toHaveText('Finished', { timeout: 60_000 });
    await expect(panel.getByRole('status')).toContainText('2 of 2 processed · 2 done · 0 skipped · 0 failed');
    expect([await isActive(first.user_id), await isActive(second.user_id)]).toEqual([false, false]);

    // The Audit's row links to the run.
    await navigate(page, 'Audit');
    await page.getByLabel('Target', { exact: true }).fill(second.full_name);
    const entry = page.getByRole('row', { name: new RegExp(second.full_name) }).first();
    await expect(entry).toContainText('success');
    await entry.getByRole('link', { name: 'Bulk run' }).click();
    await expect(page).toHaveURL(/\/users\/bulk-runs\/[0-9a-f-]+$/);
    await expect(panel.getByRole('heading', { name: 'Deactivate 2 users' })).toBeVisible();
    const runUrl = page.url();

    // Bulk runs lists it; the undo runs from there.
    await navigate(page, 'Bulk runs');
    const listed = page.getByRole('table', { name: 'Bulk runs' }).getByRole('row', { name: /Deactivate 2 users/ });
    await expect(listed.first()).toContainText('(you)');
    await expect(listed.first()).toContainText('2 done · 0 skipped · 0 failed');
    await listed.first().getByRole('link', { name: 'Deactivate 2 users' }).click();
    await expect(page).toHaveURL(runUrl);
    await panel.getByRole('button', { name: 'Reactivate this batch' }).click();
    const undo = page.getByRole('dialog', { name: 'Undo: preview' });
    await expect(undo.getByText('Affected: 2 users')).toBeVisible();
    await undo.getByRole('button', { name: 'Start undo' }).click();
    await expect(panel.getByRole('heading', { name: 'Reactivate 2 users' })).toBeVisible();
    await expect(panel.getByTestId('run-status')).toHaveText('Finished', { timeout: 60_000 });
    await expect(panel.getByRole('status')).toContainText('2 done');
    expect([await isActive(first.user_id), await isActive(second.user_id)]).toEqual([true, true]);

    await page.goto(runUrl);
    await expect(panel.getByText('Already undone by a later run.')).toBeVisible();
  } finally {
    for (const person of [first, second]) {
      if (!(await isActive(person.user_id))) await zulipApi('admin', 'POST', `/users/${person.user_id}/reactivate`);
    }
  }
});
