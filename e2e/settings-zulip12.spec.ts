import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { restoreFeatureLevel, simCall, switchFeatureLevel } from './sim-api';

/**
 * Organization settings of Zulip 11/12 as an admin clicks through them: linkifiers with an example input and a
 * reverse template (levels 471/478), both directions in the sandbox, the same fields disabled with the reason on
 * an older server, and a saved default applied to people who already have accounts (level 444).
 */

// Lower case, so the demo realm's own project-key linkifier (which comes first) does not take the text.
const ZT = {
  pattern: 'zt#(?P<id>[0-9]+)',
  url: 'https://zt.example/issues/{id}',
  example: 'zt#12',
  reverse: 'zt#{id}',
  alternative: 'https://old-zt.example/t/{id}',
};

interface SimLinkifier {
  id: number;
  pattern: string;
  example_input?: string | null;
  reverse_template?: string | null;
  alternative_url_templates?: string[];
}

async function linkifiers(): Promise<SimLinkifier[]> {
  return (await simCall('admin@demo.test', 'GET', '/realm/linkifiers')).linkifiers as SimLinkifier[];
}

/** Other specs share the realm: leave it as it was found. */
async function removeLinkifier(pattern: string): Promise<void> {
  for (const l of await linkifiers()) {
    if (l.pattern === pattern) await simCall('admin@demo.test', 'DELETE', `/realm/filters/${l.id}`);
  }
}

async function openAddLinkifier(page: Page) {
  await signIn(page, 'admin@demo.test', undefined, '/settings/linkifiers');
  await expect(page.getByRole('table', { name: 'Linkifiers' })).toBeVisible();
  await page.getByRole('button', { name: 'Add linkifier' }).click();
  return page.getByRole('dialog', { name: 'Add linkifier' });
}

test.describe.configure({ mode: 'serial' });

test.afterEach(async () => {
  await removeLinkifier(ZT.pattern);
});

test('a linkifier with an example input and a reverse template links both ways in the sandbox', async ({ page }) => {
  const dialog = await openAddLinkifier(page);
  await dialog.getByLabel('Pattern').fill(ZT.pattern);
  await dialog.getByLabel('URL template').fill(ZT.url);
  await dialog.getByLabel('Example input').fill(ZT.example);
  await dialog.getByLabel('Reverse template').fill(ZT.reverse);
  await dialog.getByLabel('Alternative URLs').fill(ZT.alternative);

  // Forward: the example fills the sandbox and becomes a link.
  await expect(dialog.getByLabel('Sample text')).toHaveValue(ZT.example);
  await expect(dialog.getByRole('region', { name: 'Preview' }).getByRole('link', { name: ZT.example })).toHaveAttribute(
    'href',
    'https://zt.example/issues/12',
  );
  // Back: a pasted link, at the old address, becomes the pattern's text again.
  await dialog.getByLabel('Pasted link').fill('https://old-zt.example/t/77');
  const reverse = dialog.getByRole('region', { name: 'Pasted link result' });
  await expect(reverse).toContainText('Becomes zt#77');
  await expect(reverse).toContainText('its alternative URL template 1');
  await expect(reverse).toContainText('That text links to https://zt.example/issues/77.');

  await dialog.getByRole('button', { name: 'Add linkifier' }).click();
  await expect(dialog).toBeHidden();
  expect((await linkifiers()).find((l) => l.pattern === ZT.pattern)).toMatchObject({
    example_input: ZT.example,
    reverse_template: ZT.reverse,
    alternative_url_templates: [ZT.alternative],
  });
  const row = page.getByRole('table', { name: 'Linkifiers' }).getByRole('row', { name: /zt#\(\?P<id>/ });
  await expect(row).toContainText(`Example: ${ZT.example}`);
  await expect(row).toContainText(`Pasted links become: ${ZT.reverse}`);

  // The page's sandbox goes both ways too.
  await row.getByRole('button', { name: `Try the example ${ZT.example} in the sandbox` }).click();
  await expect(page.getByRole('region', { name: 'Preview' }).getByRole('link', { name: ZT.example })).toBeVisible();
  await page.getByLabel('Pasted link').fill('https://zt.example/issues/5');
  await expect(page.getByRole('region', { name: 'Pasted link result' })).toContainText('Becomes zt#5');
});

test('at level 470 the example input and reverse template are disabled, with the reason', async ({ page, request }) => {
  try {
    await switchFeatureLevel(request, 470);
    const dialog = await openAddLinkifier(page);
    await expect(dialog.getByLabel('Example input')).toBeDisabled();
    await expect(dialog.getByLabel('Reverse template')).toBeDisabled();
    await expect(dialog.getByLabel('Alternative URLs')).toBeDisabled();
    await expect(dialog.getByLabel('Pasted link')).toBeDisabled();
    await expect(
      dialog.getByText('Needs a newer chat server: feature level 471, this one is at 470.').first(),
    ).toBeVisible();
    await expect(dialog.getByText('Needs a newer chat server: feature level 478, this one is at 470.')).toBeVisible();
  } finally {
    await restoreFeatureLevel(request);
  }
});

/** One person's own settings, as their own client reads them. */
async function ownSettings(email: string): Promise<Record<string, unknown>> {
  const registered = await simCall(email, 'POST', '/register', {
    event_types: '[]',
    fetch_event_types: '["user_settings","realm_user_settings_defaults"]',
  });
  await simCall(email, 'DELETE', '/events', { queue_id: String(registered.queue_id) });
  return {
    ...(registered.user_settings as Record<string, unknown>),
    defaults: registered.realm_user_settings_defaults,
  };
}

test('a default applied to existing users reaches the chat server', async ({ page }) => {
  const SETTING = 'web_inbox_show_channel_folders';
  const before = (await ownSettings('member@demo.test')) as Record<string, unknown> & {
    defaults: Record<string, unknown>;
  };
  const original = before.defaults[SETTING] as boolean;
  const { members } = (await simCall('admin@demo.test', 'GET', '/users')) as {
    members: { user_id: number; is_bot: boolean }[];
  };
  const humans = members.filter((m) => !m.is_bot).map((m) => m.user_id);
  // The member keeps the saved default until now, chosen by themselves (so "skip" would leave them out).
  await simCall('member@demo.test', 'PATCH', '/settings', { [SETTING]: JSON.stringify(original) });
  try {
    await signIn(page, 'admin@demo.test', undefined, '/settings/new-user-defaults');
    const folders = page.getByRole('switch', { name: 'Show channel folders in the inbox' });
    await expect(folders).toBeEnabled();
    await folders.click();
    await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Defaults saved')).toBeVisible();

    await page.getByRole('button', { name: 'Apply to existing users…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply defaults to existing users?' });
    await expect(dialog.getByRole('list', { name: 'Settings they will get' })).toContainText(
      `Show channel folders in the inbox: ${original ? 'Off' : 'On'}`,
    );
    await expect(dialog.getByRole('note', { name: 'Who is affected' })).toContainText(
      `Everyone with an account: ${humans.length} people`,
    );
    await dialog.getByRole('checkbox', { name: 'Skip people who changed a setting themselves' }).uncheck();
    await dialog.getByRole('button', { name: `Apply to ${humans.length} people` }).click();
    await expect(page.getByText('Applied to existing users')).toBeVisible();
    await expect(page.getByText('It does not report how many accounts this changed.')).toBeVisible();

    expect((await ownSettings('member@demo.test'))[SETTING]).toBe(!original);
    expect((await ownSettings('moderator@demo.test'))[SETTING]).toBe(!original);
  } finally {
    // Everyone back to the organization's original default, the default itself too.
    await simCall('admin@demo.test', 'PATCH', '/realm/user_settings_defaults', { [SETTING]: JSON.stringify(original) });
    await simCall('admin@demo.test', 'PATCH', '/settings', {
      target_users: JSON.stringify({ user_ids: humans, skip_if_already_edited: false }),
      [SETTING]: JSON.stringify(original),
    });
  }
});
