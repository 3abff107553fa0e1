import type { Locator, Page } from '@playwright/test';
import { expect, signInAs, test, zulipApi } from './real-fixtures';

interface Invite {
  id: number;
  email?: string;
  is_multiuse: boolean;
  link_url?: string;
  invited_by_user_id: number;
}

const PAGE = '/invitations';
const invites = async () => (await zulipApi<{ invites: Invite[] }>('owner', 'GET', '/invites')).invites;

/** The real server keeps invitations: revoke every one this spec made (by its addresses and its links). */
const madeLinks = new Set<string>();
async function revokeOwn(): Promise<void> {
  for (const invite of await invites()) {
    if (invite.is_multiuse && invite.link_url && madeLinks.has(invite.link_url)) {
      await zulipApi('owner', 'DELETE', `/invites/multiuse/${invite.id}`);
    } else if (invite.email?.startsWith('e2e-real-')) {
      await zulipApi('owner', 'DELETE', `/invites/${invite.id}`);
    }
  }
}
test.afterEach(revokeOwn);

async function choose(page: Page, input: Locator, option: string) {
  await input.click();
  await page.getByRole('option', { name: option }).first().click();
}

const emailForm = (page: Page) => page.getByRole('form', { name: 'Invite by email' });
const results = (page: Page) => page.getByRole('region', { name: 'Invitation results' });
const pending = (page: Page) => page.getByRole('table', { name: 'Pending invitations' });

test('an admin invites by email on the real server: per-address results, resend and revoke', async ({ page }) => {
  const fresh = `e2e-real-${Date.now().toString(36)}@example.com`;
  await signInAs(page, 'admin', PAGE);
  const form = emailForm(page);
  await expect(form).toBeVisible();

  await form.getByLabel('Email addresses').fill(`bad@example..com, hamlet@zulip.com, ${fresh}`);
  await form.getByRole('button', { name: 'Send invitations' }).click();
  await expect(results(page)).toContainText("Some emails did not validate, so we didn't send any invitations.");
  await expect(results(page).getByRole('row', { name: /bad@example\.\.com/ })).toContainText('Invalid address.');
  await expect(results(page).getByRole('row', { name: /hamlet@zulip\.com/ })).toContainText('Already a member');
  expect((await invites()).some((i) => i.email === fresh)).toBe(false);

  await form.getByLabel('Email addresses').fill(`hamlet@zulip.com, ${fresh}`);
  await choose(page, form.getByRole('combobox', { name: 'Role' }), 'Guest');
  await choose(page, form.getByRole('combobox', { name: 'Channels' }), 'Verona');
  await form.getByRole('button', { name: 'Send invitations' }).click();
  await expect(results(page)).toContainText('1 of 2 addresses invited');
  await expect(results(page)).toContainText('We did send invitations to everyone else!');
  await expect(results(page).getByRole('row', { name: new RegExp(fresh) })).toContainText('Invited');

  const row = pending(page).getByRole('row', { name: new RegExp(fresh) });
  await expect(row).toContainText('Guest');
  await row.getByRole('button', { name: `Resend invitation to ${fresh}` }).click();
  await expect(page.getByText(`${fresh} was sent again.`)).toBeVisible();
  await row.getByRole('button', { name: `Revoke ${fresh}` }).click();
  await page
    .getByRole('dialog', { name: 'Revoke invitation?' })
    .getByRole('button', { name: 'Revoke invitation' })
    .click();
  await expect(row).toHaveCount(0);
  expect((await invites()).some((i) => i.email === fresh)).toBe(false);
});

test('an admin creates and revokes an invite link; the welcome message waits for a newer server', async ({ page }) => {
  await signInAs(page, 'admin', PAGE);
  const form = page.getByRole('form', { name: 'Create invite link' });
  // Both the email invitation and the invite link take a welcome message from level 416 on.
  for (const where of [emailForm(page), form]) {
    await expect(where.getByLabel('Welcome message')).toBeDisabled();
    await expect(where.getByText('Needs a newer chat server: feature level 416, this one is at 372.')).toBeVisible();
  }
  await choose(page, form.getByRole('combobox', { name: 'Expires after' }), '1 day');
  await form.getByRole('button', { name: 'Create invite link' }).click();
  const link = await form.getByRole('textbox', { name: 'New invite link' }).inputValue();
  madeLinks.add(link);
  expect(link).toMatch(/\/join\/\w+\/$/);
  const created = (await invites()).find((i) => i.link_url === link)!;
  const row = pending(page).getByRole('row', { name: new RegExp(link) });
  await row.getByRole('button', { name: `Revoke invite link #${created.id}` }).click();
  await page
    .getByRole('dialog', { name: 'Revoke invitation?' })
    .getByRole('button', { name: 'Revoke invitation' })
    .click();
  await expect(row).toHaveCount(0);
  expect((await invites()).some((i) => i.link_url === link)).toBe(false);
});

test('invitations made elsewhere appear live; a member may not create links here', async ({ page }) => {
  const other = `e2e-real-live-${Date.now().toString(36)}@example.com`;
  await signInAs(page, 'member', PAGE);
  await expect(page.getByText('Only Administrators may create invite links in this organization.')).toBeVisible();
  await expect(page.getByLabel('Live updates: Live')).toBeVisible({ timeout: 15_000 });
  // The member's own invitation, made by another client: the server tells its author.
  await zulipApi('member', 'POST', '/invites', { invitee_emails: other, stream_ids: [] });
  await expect(pending(page).getByRole('row', { name: new RegExp(other) })).toBeVisible();
  const preview = page.getByRole('region', { name: "A new member's first day" });
  await choose(page, emailForm(page).getByRole('combobox', { name: 'Role' }), 'Guest');
  await expect(preview).toContainText('invited now as Guest');
});
