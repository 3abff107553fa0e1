import AxeBuilder from '@axe-core/playwright';
import { expect, signIn, test } from './fixtures';
import { pickMembers, simCall, simControl } from './sim-api';

/**
 * Inactive-account review: filter to users inactive for more than 90 days (from the simulator's seeded
 * presence), select them all, preview (the acting admin and the only owner are skipped, with reasons),
 * confirm by typing, watch the run in the BFF (closing and reopening the page reattaches), then undo.
 * The realm is left as found: the undo reactivates the batch, and afterAll reactivates anything left.
 */

interface Member {
  user_id: number;
  email: string;
  delivery_email?: string | null;
  full_name: string;
  role: number;
  is_active: boolean;
  is_bot: boolean;
}

const DAY = 86_400;
let deactivatedHere: number[] = [];

async function users(): Promise<Member[]> {
  return ((await simCall('admin@demo.test', 'GET', '/users')) as unknown as { members: Member[] }).members;
}

/** Active humans last seen more than 90 days ago, as the presence API says. */
async function inactiveOver90(): Promise<Member[]> {
  const presence = (await simCall('admin@demo.test', 'GET', '/realm/presence')) as unknown as {
    server_timestamp: number;
    presences: Record<string, { aggregated: { timestamp: number } }>;
  };
  return (await users()).filter((u) => {
    const seen = presence.presences[u.email]?.aggregated.timestamp;
    return u.is_active && !u.is_bot && seen !== undefined && presence.server_timestamp - seen > 90 * DAY;
  });
}

test.afterAll(async () => {
  await simControl('latency', { ms: '0' });
  const byId = new Map((await users()).map((u) => [u.user_id, u]));
  for (const id of deactivatedHere) {
    if (byId.get(id)?.is_active === false) await simCall('admin@demo.test', 'POST', `/users/${id}/reactivate`);
  }
});

test('bulk deactivation of inactive users: preview, confirm, reattach, undo', async ({ page, context }) => {
  test.setTimeout(90_000);
  const inactive = await inactiveOver90();
  const names = new Map(inactive.map((u) => [u.user_id, u.full_name]));
  const owners = (await users()).filter((u) => u.role === 100 && u.is_active && !u.is_bot);
  // The scenario needs every owner in the inactive set, so removing them all would leave none.
  expect(owners.length).toBeGreaterThan(0);
  for (const owner of owners) expect(names.has(owner.user_id)).toBe(true);
  const admin = inactive.find((u) => u.email === 'admin@demo.test');
  expect(admin).toBeDefined();
  const expectedAffected = inactive.length - 2;

  await signIn(page, 'admin@demo.test');
  await page.getByLabel('Activity').selectOption('inactive');
  await expect(page.getByLabel('Days')).toHaveValue('90');
  await expect(page).toHaveURL(/activity=inactive/);
  await expect(page.getByRole('status').filter({ hasText: /users? of/ })).toHaveText(
    new RegExp(`^${inactive.length} users of`),
  );

  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await bar.getByRole('button', { name: `Select all ${inactive.length} matching` }).click();
  await expect(bar.getByText(`${inactive.length} users selected`)).toBeVisible();
  await bar.getByRole('button', { name: 'Deactivate…' }).click();

  const dialog = page.getByRole('dialog', { name: 'Deactivate users' });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText(`Affected: ${expectedAffected} users`)).toBeVisible();
  const skipped = dialog.getByRole('table', { name: 'Skipped users and why' });
  await expect(skipped.getByRole('row', { name: /Adam Admin/ })).toContainText('Is yourself');
  await expect(skipped.getByRole('row', { name: /Olivia Owner/ })).toContainText('Would remove the last owner');
  await expect(skipped.getByRole('row')).toHaveCount(3);

  const start = dialog.getByRole('button', { name: 'Start' });
  await expect(start).toBeDisabled();
  const confirm = dialog.getByLabel(/to confirm/);
  await confirm.fill('deactivate some users');
  await expect(start).toBeDisabled();
  await confirm.fill(`deactivate ${expectedAffected} users`);
  // Slow every chat-server call, so the run is still going when the page closes.
  await simControl('latency', { ms: '250' });
  await start.click();

  const panel = page.getByRole('region', { name: 'Bulk run' });
  await expect(panel.getByTestId('run-status')).toHaveText('Running');
  await expect(page).toHaveURL(/[?&]run=[0-9a-f-]+/);
  const url = page.url();
  deactivatedHere = inactive.map((u) => u.user_id);

  // Close the tab mid-run; the BFF goes on, and the reopened page reattaches to the same run.
  await page.close();
  const again = await context.newPage();
  await again.goto(url);
  const reopened = again.getByRole('region', { name: 'Bulk run' });
  await expect(reopened.getByRole('heading', { name: `Deactivate ${expectedAffected} users` })).toBeVisible();
  await expect(reopened.getByTestId('run-status')).toHaveText('Finished', { timeout: 30_000 });
  await simControl('latency', { ms: '0' });
  await expect(reopened.getByRole('status')).toContainText(
    `${inactive.length} of ${inactive.length} processed · ${expectedAffected} done · 2 skipped · 0 failed`,
  );
  const rows = reopened.getByRole('table', { name: 'Bulk run rows' });
  await expect(rows).toHaveAttribute('aria-rowcount', String(inactive.length + 1));
  // Skipped rows come last; the table is virtualized, so scroll down to them.
  await rows.evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(rows.getByRole('row', { name: /Olivia Owner/ })).toContainText('Would remove the last owner');
  await expect(rows.getByRole('row', { name: /Adam Admin/ })).toContainText('Skipped');

  const after = new Map((await users()).map((u) => [u.user_id, u.is_active]));
  const done = inactive.filter((u) => u.email !== 'admin@demo.test' && u.role !== 100).map((u) => u.user_id);
  expect(done.every((id) => after.get(id) === false)).toBe(true);
  expect(after.get(admin!.user_id)).toBe(true);
  for (const owner of owners) expect(after.get(owner.user_id)).toBe(true);

  // Undo: its own preview, then only the rows that succeeded are reactivated.
  await reopened.getByRole('button', { name: 'Reactivate this batch' }).click();
  const undo = again.getByRole('dialog', { name: 'Undo: preview' });
  await expect(undo.getByText(`Affected: ${expectedAffected} users`)).toBeVisible();
  await undo.getByRole('button', { name: 'Start undo' }).click();
  const undoPanel = again.getByRole('region', { name: 'Bulk run' });
  await expect(undoPanel.getByRole('heading', { name: `Reactivate ${expectedAffected} users` })).toBeVisible();
  await expect(undoPanel.getByTestId('run-status')).toHaveText('Finished', { timeout: 30_000 });

  const restored = new Map((await users()).map((u) => [u.user_id, u.is_active]));
  const changed = [...restored].filter(([id, active]) => active !== (after.get(id) ?? active)).map(([id]) => id);
  expect(changed.sort((a, b) => a - b)).toEqual([...done].sort((a, b) => a - b));
  expect(inactive.every((u) => restored.get(u.user_id) === true)).toBe(true);
});

test('past runs: found again from the audit and the Bulk runs page, named as the table names them, undone there', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // The people the issue was about: the server hides their real address behind an API one (user11@…). Taken
  // from the end of the list, away from the members other specs pick from its start.
  const unique = new Set((await pickMembers(10_000, 0)).map((u) => u.user_id));
  const hidden = (await users()).filter(
    (u) => unique.has(u.user_id) && u.delivery_email && u.delivery_email !== u.email,
  );
  const [first, second] = hidden.slice(-2);
  expect(second).toBeDefined();
  deactivatedHere = [...deactivatedHere, first!.user_id, second!.user_id];

  await signIn(page, 'admin@demo.test');
  const search = page.getByLabel('Search users');
  const shownEmail = new Map<number, string>();
  for (const person of [first!, second!]) {
    await search.fill(person.full_name);
    const row = page.getByRole('row', { name: new RegExp(person.full_name) });
    await expect(row).toContainText(person.delivery_email!);
    shownEmail.set(person.user_id, person.delivery_email!);
    await row.getByRole('checkbox', { name: `Select ${person.full_name}` }).check();
  }
  const bar = page.getByRole('region', { name: 'Bulk actions' });
  await expect(bar.getByText('2 users selected')).toBeVisible();
  await bar.getByRole('button', { name: 'Deactivate…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate users' });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const affected = dialog.getByRole('region', { name: 'Affected users' });
  await expect(affected.getByRole('listitem')).toHaveCount(2);
  // The preview names each person with the same address as the users table, never the API one.
  for (const person of [first!, second!]) {
    await expect(affected.getByRole('listitem').filter({ hasText: person.full_name })).toContainText(
      shownEmail.get(person.user_id)!,
    );
  }
  await expect(affected).not.toContainText(/user\d+@/);
  await dialog.getByLabel(/to confirm/).fill('deactivate 2 users');
  await dialog.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('region', { name: 'Bulk run' }).getByTestId('run-status')).toHaveText('Finished', {
    timeout: 30_000,
  });

  // Leave the page: the Audit links each row of the run to it.
  await page.goto('/audit');
  await page.getByLabel('Target', { exact: true }).fill(first!.full_name);
  const entry = page.getByRole('row', { name: new RegExp(first!.full_name) }).first();
  await expect(entry).toContainText('Done');
  await entry.getByRole('link', { name: 'Bulk run' }).click();
  await expect(page).toHaveURL(/\/users\/bulk-runs\/[0-9a-f-]+$/);
  const panel = page.getByRole('region', { name: 'Bulk run' });
  await expect(panel.getByRole('heading', { name: 'Deactivate 2 users' })).toBeVisible();
  await expect(panel.getByText(/Started by you/)).toBeVisible();
  const runUrl = page.url();

  // The Bulk runs page lists it (from the navigation), with who started it and its outcome.
  await page.goto('/users');
  await page.getByRole('link', { name: 'Bulk runs', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Bulk runs', level: 2 })).toBeVisible();
  const listed = page
    .getByRole('table', { name: 'Bulk runs' })
    .getByRole('row', { name: /Deactivate 2 users/ })
    .first();
  await expect(listed).toContainText('Adam Admin (you)');
  await expect(listed).toContainText('2 done · 0 skipped · 0 failed');
  await expect(listed).toContainText('Can be undone');
  await listed.getByRole('link', { name: 'Deactivate 2 users' }).click();
  await expect(page).toHaveURL(runUrl);
  await expect(panel.getByRole('table', { name: 'Bulk run rows' })).toContainText(second!.full_name);
  // A run's own page is under "Bulk runs" in the navigation, not under "Users".
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Bulk runs', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(nav.getByRole('link', { name: 'Users', exact: true })).not.toHaveAttribute('aria-current', 'page');
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  if (process.env.BULK_SHOTS) {
    await page.screenshot({ path: `${process.env.BULK_SHOTS}/bulk-runs-light.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${process.env.BULK_SHOTS}/bulk-runs-dark.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${process.env.BULK_SHOTS}/bulk-runs-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  // Someone reactivates one of them meanwhile: the undo covers only the other, and says why.
  await simCall('admin@demo.test', 'POST', `/users/${first!.user_id}/reactivate`);
  await panel.getByRole('button', { name: 'Reactivate this batch' }).click();
  const undo = page.getByRole('dialog', { name: 'Undo: preview' });
  await expect(undo.getByText('Affected: 1 user')).toBeVisible();
  await expect(undo.getByRole('region', { name: 'Affected users' })).toContainText(second!.full_name);
  await expect(
    undo.getByRole('table', { name: 'Skipped users and why' }).getByRole('row', { name: new RegExp(first!.full_name) }),
  ).toContainText('Already active.');
  await undo.getByRole('button', { name: 'Start undo' }).click();
  await expect(panel.getByRole('heading', { name: 'Reactivate 1 user' })).toBeVisible();
  await expect(panel.getByTestId('run-status')).toHaveText('Finished', { timeout: 30_000 });
  await expect(
    panel.getByRole('table', { name: 'Bulk run rows' }).getByRole('row', { name: new RegExp(second!.full_name) }),
  ).toContainText('Done');

  // Back on the first run: no second undo, and the page says why.
  await page.goto(runUrl);
  await expect(panel.getByText('Already undone by a later run.')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Reactivate this batch' })).toHaveCount(0);
  const after = new Map((await users()).map((u) => [u.user_id, u.is_active]));
  expect([after.get(first!.user_id), after.get(second!.user_id)]).toEqual([true, true]);
});
