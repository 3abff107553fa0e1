import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { simCall } from './sim-api';

interface SimInvite {
  id: number;
  email?: string;
  is_multiuse: boolean;
  link_url?: string;
}

const PAGE = '/invitations';
const invites = async () => (await simCall('admin@demo.test', 'GET', '/invites')).invites as SimInvite[];

/** Other specs share the realm: revoke whatever this spec invited. */
async function revokeAll(): Promise<void> {
  for (const invite of await invites()) {
    if (invite.is_multiuse) await simCall('owner@demo.test', 'DELETE', `/invites/multiuse/${invite.id}`);
    else if (invite.email?.startsWith('e2e-')) await simCall('owner@demo.test', 'DELETE', `/invites/${invite.id}`);
  }
}

async function deactivatedAddress(): Promise<string> {
  const { members } = (await simCall('admin@demo.test', 'GET', '/users')) as {
    members: { is_active: boolean; is_bot: boolean; delivery_email?: string | null; email: string }[];
  };
  const gone = members.find((m) => !m.is_active && !m.is_bot)!;
  return gone.delivery_email ?? gone.email;
}

async function choose(page: Page, input: Locator, option: string) {
  await input.click();
  await page.getByRole('option', { name: option }).first().click();
}

const emailForm = (page: Page) => page.getByRole('form', { name: 'Invite by email' });
const results = (page: Page) => page.getByRole('region', { name: 'Invitation results' });
const pending = (page: Page) => page.getByRole('table', { name: 'Pending invitations' });

test.afterEach(revokeAll);

test('an admin invites by email and sees, address by address, who was invited and why not', async ({ page }) => {
  const n = Date.now().toString(36);
  const fresh = `e2e-${n}@example.com`;
  const gone = await deactivatedAddress();
  await signIn(page, 'admin@demo.test', undefined, PAGE);
  await expect(page.getByRole('heading', { name: 'Invitations', level: 2 })).toBeVisible();
  const form = emailForm(page);

  // One address the server cannot read: nobody is invited, and each address says why.
  await form.getByLabel('Email addresses').fill(`bad@example..com, member@demo.test, ${fresh}`);
  await form.getByRole('button', { name: 'Send invitations' }).click();
  await expect(results(page)).toContainText("Some emails did not validate, so we didn't send any invitations.");
  await expect(results(page).getByRole('row', { name: /bad@example\.\.com/ })).toContainText('Invalid address.');
  await expect(results(page).getByRole('row', { name: /member@demo\.test/ })).toContainText('Already a member');
  await expect(results(page).getByRole('row', { name: new RegExp(fresh) })).toContainText('Not sent');
  expect((await invites()).some((i) => i.email === fresh)).toBe(false);

  // Without it, the new address is invited; the member and the deactivated account are not.
  await form.getByLabel('Email addresses').fill(`member@demo.test\n${gone}\n${fresh}`);
  await choose(page, form.getByRole('combobox', { name: 'Role' }), 'Guest');
  await choose(page, form.getByRole('combobox', { name: 'Channels' }), 'design');
  await form.getByRole('button', { name: 'Send invitations' }).click();
  await expect(results(page)).toContainText('1 of 3 addresses invited');
  await expect(results(page).getByRole('row', { name: new RegExp(fresh) })).toContainText('Invited');
  await expect(results(page).getByRole('row', { name: /member@demo\.test/ })).toContainText('Already has an account.');
  await expect(results(page).getByRole('row', { name: new RegExp(gone.replace('.', '\\.')) })).toContainText(
    'Deactivated account',
  );

  // The invitation waits in the list; it can be sent again and revoked.
  const row = pending(page).getByRole('row', { name: new RegExp(fresh) });
  await expect(row).toContainText('Guest');
  await row.getByRole('button', { name: `Resend invitation to ${fresh}` }).click();
  await expect(page.getByText(`${fresh} was sent again.`)).toBeVisible();
  await row.getByRole('button', { name: `Revoke ${fresh}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke invitation?' });
  await expect(dialog).toContainText(`The invitation sent to ${fresh} stops working`);
  await dialog.getByRole('button', { name: 'Revoke invitation' }).click();
  await expect(row).toHaveCount(0);
  expect((await invites()).some((i) => i.email === fresh)).toBe(false);
});

test('an admin creates an invite link that never expires and revokes it', async ({ page }) => {
  await signIn(page, 'admin@demo.test', undefined, PAGE);
  const form = page.getByRole('form', { name: 'Create invite link' });
  await choose(page, form.getByRole('combobox', { name: 'Expires after' }), 'Never');
  await form.getByRole('button', { name: 'Create invite link' }).click();
  const link = await form.getByRole('textbox', { name: 'New invite link' }).inputValue();
  expect(link).toMatch(/\/join\/\w+\/$/);
  const row = pending(page).getByRole('row', { name: new RegExp(link) });
  await expect(row).toContainText('Never');
  const id = (await invites()).find((i) => i.link_url === link)!.id;
  await row.getByRole('button', { name: `Revoke invite link #${id}` }).click();
  await page
    .getByRole('dialog', { name: 'Revoke invitation?' })
    .getByRole('button', { name: 'Revoke invitation' })
    .click();
  await expect(row).toHaveCount(0);
});

test('invitations made elsewhere appear live; the first-day preview follows the chosen role', async ({ page }) => {
  const other = `e2e-live-${Date.now().toString(36)}@example.com`;
  await signIn(page, 'admin@demo.test', undefined, PAGE);
  await expect(pending(page).or(page.getByText('No pending invitations'))).toBeVisible();
  await expect(page.getByLabel('Live updates: Live')).toBeVisible({ timeout: 10_000 });
  await simCall('owner@demo.test', 'POST', '/invites', { invitee_emails: other, stream_ids: '[]' });
  await expect(pending(page).getByRole('row', { name: new RegExp(other) })).toBeVisible();

  const preview = page.getByRole('region', { name: "A new member's first day" });
  await expect(preview).toContainText('invited now as Member');
  await choose(page, emailForm(page).getByRole('combobox', { name: 'Role' }), 'Moderator');
  await expect(preview).toContainText('invited now as Moderator');
  await expect(preview.getByRole('link', { name: 'Moderators (by their role)' })).toBeVisible();
  await choose(page, emailForm(page).getByRole('combobox', { name: 'Channels' }), 'design');
  await expect(preview.getByRole('list', { name: 'Channels they will be subscribed to' })).toContainText('design');
});

test('a member may invite by email but not by link', async ({ page }) => {
  await signIn(page, 'member@demo.test', undefined, PAGE);
  await expect(page.getByText('Only Administrators may create invite links in this organization.')).toBeVisible();
  await expect(emailForm(page).getByRole('button', { name: 'Send invitations' })).toBeVisible();
});

test('a guest is told they cannot invite, and has no Invitations entry', async ({ page }) => {
  await signIn(page, 'guest@demo.test', undefined, PAGE);
  await expect(page.getByText('Guests cannot invite anyone')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Invitations' })).toHaveCount(0);
});

test('axe finds no serious or critical violation on the invitations, profile fields and emoji pages', async ({
  page,
}) => {
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  await signIn(page, 'admin@demo.test', undefined, PAGE);
  await expect(page.getByRole('region', { name: "A new member's first day" })).toContainText('Permissions');
  expect(await serious()).toEqual([]);
  await page.goto('/settings/profile-fields');
  await expect(page.getByRole('table', { name: 'Custom profile fields' })).toBeVisible();
  expect(await serious()).toEqual([]);
  await page.goto('/settings/emoji');
  await expect(page.getByRole('table', { name: 'Custom emoji' })).toBeVisible();
  expect(await serious()).toEqual([]);
});
