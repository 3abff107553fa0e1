import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DEMO_PASSWORD, expect, signIn, test } from './fixtures';
import { simCall, simControl } from './sim-api';

const PAGE = '/settings/new-user-defaults';

/** The realm's current defaults, read the way any client of the chat server reads them. */
async function currentDefaults(): Promise<Record<string, unknown>> {
  const registered = await simCall('admin@demo.test', 'POST', '/register', {
    event_types: '[]',
    fetch_event_types: '["realm_user_settings_defaults"]',
  });
  await simCall('admin@demo.test', 'DELETE', '/events', { queue_id: String(registered.queue_id) });
  return registered.realm_user_settings_defaults as Record<string, unknown>;
}

/** Puts settings back (other specs share the realm). */
async function restore(values: Record<string, unknown>): Promise<void> {
  const params = Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
  const result = await simCall('admin@demo.test', 'PATCH', '/realm/user_settings_defaults', params);
  expect(result.result).toBe('success');
}

/** A setting's control by its exact label (section headings and longer labels contain the same words). */
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function openAs(page: Page, email: string) {
  await signIn(page, email, DEMO_PASSWORD, PAGE);
  await expect(page.getByRole('heading', { name: 'Defaults for new users', level: 2 })).toBeVisible();
  await expect(field(page, 'Home view')).toBeVisible();
}

const saveBar = (page: Page) => page.getByRole('region', { name: 'Unsaved changes' });

test('an admin changes the home view and color theme, reloads, and sees them kept', async ({ page }) => {
  const before = await currentDefaults();
  // The demo is at level 500, which spells the recent view "recent" as the console does (level 454).
  const home = before.web_home_view === 'recent' ? 'all_messages' : 'recent';
  const homeLabel = home === 'recent' ? 'Recent conversations' : 'Combined feed';
  const color = before.color_scheme === 2 ? 3 : 2;
  const colorLabel = color === 2 ? 'Dark' : 'Light';
  try {
    await openAs(page, 'admin@demo.test');
    await expect(page.getByRole('note').filter({ hasText: 'Applies to users who join later' })).toBeVisible();
    await field(page, 'Home view').selectOption({ label: homeLabel });
    await field(page, 'Color theme').selectOption({ label: colorLabel });
    await expect(saveBar(page)).toContainText('2 unsaved changes');
    await saveBar(page).getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Defaults saved')).toBeVisible();
    await expect(saveBar(page)).toContainText('No unsaved changes');

    await page.reload();
    await expect(field(page, 'Home view')).toBeEnabled();
    await expect(field(page, 'Home view')).toHaveValue(home);
    await expect(field(page, 'Color theme')).toHaveValue(String(color));
    expect(await currentDefaults()).toMatchObject({ web_home_view: home, color_scheme: color });

    const axe = await new AxeBuilder({ page }).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
      [],
    );
  } finally {
    await restore({ web_home_view: before.web_home_view, color_scheme: before.color_scheme });
  }
});

test('a moderator sees the values read-only and cannot save', async ({ page, baseURL }) => {
  await openAs(page, 'moderator@demo.test');
  await expect(page.getByRole('note').filter({ hasText: 'Read only' })).toContainText(
    'Only organization administrators can change these defaults.',
  );
  await expect(field(page, 'Home view')).toBeDisabled();
  await expect(page.getByRole('switch', { name: 'Save drafts on the server' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save changes' })).toHaveCount(0);

  // And the chat server refuses a moderator's save that bypasses the page.
  const response = await page.request.patch('/bff/svc/realm/user_settings_defaults', {
    headers: { 'x-realm-console': '1', origin: new URL(baseURL!).origin },
    form: { color_scheme: '2' },
  });
  expect(response.status()).toBe(400);
  expect(await response.json()).toMatchObject({
    code: 'UNAUTHORIZED_PRINCIPAL',
    msg: 'Must be an organization administrator',
  });
});

test('turning off drafts synchronization warns that stored drafts will be deleted', async ({ page }) => {
  await openAs(page, 'admin@demo.test');
  const drafts = page.getByRole('switch', { name: 'Save drafts on the server' });
  await expect(drafts).toBeChecked();
  await drafts.click({ force: true });
  await saveBar(page).getByRole('button', { name: 'Save changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn off drafts synchronization for new users?' });
  await expect(dialog).toContainText('every draft it has stored for them is deleted');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  // Nothing was sent; the edit is still there to save or discard.
  await expect(saveBar(page)).toContainText('1 unsaved change');
  expect((await currentDefaults()).enable_drafts_synchronization).toBe(true);
  await saveBar(page).getByRole('button', { name: 'Discard changes' }).click();
  await expect(drafts).toBeChecked();
});

test('a parameter the server ignores is reported by name', async ({ page }) => {
  await simControl('ignored-parameters', { names: 'color_scheme' });
  try {
    await openAs(page, 'admin@demo.test');
    const before = await currentDefaults();
    await field(page, 'Color theme').selectOption({ label: before.color_scheme === 3 ? 'Dark' : 'Light' });
    await saveBar(page).getByRole('button', { name: 'Save changes' }).click();
    const report = saveBar(page).getByRole('alert');
    await expect(report).toContainText('The server ignored 1 setting');
    await expect(report.getByRole('listitem')).toHaveText('Color theme color_scheme');
    await expect(field(page, 'Color theme')).toHaveValue(String(before.color_scheme));
    expect((await currentDefaults()).color_scheme).toBe(before.color_scheme);
  } finally {
    await simControl('ignored-parameters', { names: '' });
  }
});
