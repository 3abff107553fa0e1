import type { Page } from '@playwright/test';
import { expect, signInAs, test, zulipApi } from './real-fixtures';

interface Linkifier {
  id: number;
  pattern: string;
  url_template: string;
}

const linkifiers = async () =>
  (await zulipApi<{ linkifiers: Linkifier[] }>('admin', 'GET', '/realm/linkifiers')).linkifiers;

test('an admin adds a linkifier, tries it in the sandbox, and deletes it; a bad pattern is refused in the form', async ({
  page,
}) => {
  const n = Date.now() % 100_000;
  const tracker = { pattern: `RT${n}-(?P<id>[0-9]+)`, url_template: 'https://tracker.example/{id}' };
  await signInAs(page, 'admin', '/settings/linkifiers');
  const table = page.getByRole('table', { name: 'Linkifiers' });
  await expect(table).toBeVisible();
  await page.getByRole('button', { name: 'Add linkifier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add linkifier' });
  await dialog.getByLabel('Pattern').fill(`RT${n}-(?P<id>[0-9]+`);
  await dialog.getByLabel('URL template').fill(tracker.url_template);
  await expect(dialog.getByText('The pattern does not compile')).toBeVisible();
  await dialog.getByLabel('Pattern').fill(tracker.pattern);
  await dialog.getByRole('button', { name: 'Add linkifier' }).click();
  await expect(dialog).toBeHidden();
  await expect(table.getByRole('row', { name: new RegExp(`RT${n}`) })).toBeVisible();
  expect((await linkifiers()).find((l) => l.pattern === tracker.pattern)).toMatchObject(tracker);

  await page.getByLabel('Sample text').fill(`Fixed in RT${n}-42.`);
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('link', { name: `RT${n}-42` })).toHaveAttribute('href', 'https://tracker.example/42');

  await page.getByRole('button', { name: `Delete ${tracker.pattern}` }).click();
  await page
    .getByRole('dialog', { name: 'Delete linkifier?' })
    .getByRole('button', { name: 'Delete linkifier' })
    .click();
  await expect(table.getByRole('row', { name: new RegExp(`RT${n}`) })).toHaveCount(0);
  expect((await linkifiers()).some((l) => l.pattern === tracker.pattern)).toBe(false);
});

/** The realm's defaults for new users, as any client reads them. */
async function currentDefaults(): Promise<Record<string, unknown>> {
  const registered = await zulipApi<{ queue_id: string; realm_user_settings_defaults: Record<string, unknown> }>(
    'admin',
    'POST',
    '/register',
    { event_types: [], fetch_event_types: ['realm_user_settings_defaults'] },
  );
  await zulipApi('admin', 'DELETE', '/events', { queue_id: registered.queue_id });
  return registered.realm_user_settings_defaults;
}

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

test('an admin changes defaults for new users and the real server keeps them; a moderator sees them read-only', async ({
  page,
  browser,
}) => {
  const before = await currentDefaults();
  // This server (level 372) spells the recent view "recent_topics"; the console shows it as level 454's "recent".
  const home = before.web_home_view === 'recent_topics' ? 'all_messages' : 'recent_topics';
  const homeLabel = home === 'recent_topics' ? 'Recent conversations' : 'Combined feed';
  const homeOnScreen = home === 'recent_topics' ? 'recent' : home;
  try {
    await signInAs(page, 'admin', '/settings/new-user-defaults');
    await field(page, 'Home view').selectOption({ label: homeLabel });
    const bar = page.getByRole('region', { name: 'Unsaved changes' });
    await expect(bar).toContainText('1 unsaved change');
    await bar.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Defaults saved')).toBeVisible();
    await page.reload();
    await expect(field(page, 'Home view')).toHaveValue(homeOnScreen);
    expect(await currentDefaults()).toMatchObject({ web_home_view: home });

    const moderator = await (await browser.newContext()).newPage();
    await signInAs(moderator, 'moderator', '/settings/new-user-defaults');
    await expect(field(moderator, 'Home view')).toHaveValue(homeOnScreen);
    await expect(field(moderator, 'Home view')).toBeDisabled();
  } finally {
    await zulipApi('admin', 'PATCH', '/realm/user_settings_defaults', { web_home_view: before.web_home_view });
  }
});

test('drafts and saved snippets: create, edit and delete, each seen by the real server', async ({ page }) => {
  const mark = `e2e-real-${Date.now().toString(36)}`;
  await signInAs(page, 'member', '/me/drafts');
  await expect(page.getByRole('heading', { name: 'Drafts and snippets', level: 2 })).toBeVisible();
  // Live first: a change made before the console's event queue exists reaches it only through a reload.
  await expect(page.getByLabel('Live updates: Live')).toBeVisible({ timeout: 20_000 });

  // A draft saved by another client of the same account appears, and is deleted here.
  await zulipApi('member', 'POST', '/drafts', {
    drafts: [
      {
        type: 'stream',
        to: [
          (await zulipApi<{ stream_id: number }>('member', 'GET', '/get_stream_id', { stream: 'Verona' })).stream_id,
        ],
        topic: 'e2e',
        content: `Draft ${mark}`,
      },
    ],
  });
  const draftRow = page.getByRole('table', { name: 'Drafts' }).getByRole('row', { name: new RegExp(mark) });
  await expect(draftRow).toBeVisible();
  await draftRow.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: /^Delete/ })
    .getByRole('button', { name: /^Delete/ })
    .click();
  await expect(draftRow).toHaveCount(0);
  const { drafts } = await zulipApi<{ drafts: { content: string }[] }>('member', 'GET', '/drafts');
  expect(drafts.some((d) => d.content.includes(mark))).toBe(false);

  const table = page.getByRole('table', { name: 'Saved snippets' });
  await page.getByRole('button', { name: 'New snippet' }).click();
  const create = page.getByRole('dialog', { name: 'New saved snippet' });
  await create.getByRole('textbox', { name: 'Content' }).fill('Hello **team**');
  await create.getByRole('button', { name: 'Create snippet' }).click();
  await expect(create.getByText('Title cannot be empty.')).toBeVisible();
  await create.getByRole('textbox', { name: 'Title' }).fill(`Greeting ${mark}`);
  await create.getByRole('button', { name: 'Create snippet' }).click();
  await expect(create).toBeHidden();
  const row = table.getByRole('row', { name: new RegExp(`Greeting ${mark}`) });
  await expect(row).toBeVisible();
  const snippets = async () =>
    (await zulipApi<{ saved_snippets: { title: string }[] }>('member', 'GET', '/saved_snippets')).saved_snippets;
  expect((await snippets()).some((s) => s.title === `Greeting ${mark}`)).toBe(true);

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit saved snippet' });
  await edit.getByRole('textbox', { name: 'Title' }).fill(`Welcome ${mark}`);
  await edit.getByRole('button', { name: 'Save snippet' }).click();
  await expect(edit).toBeHidden();
  const renamed = table.getByRole('row', { name: new RegExp(`Welcome ${mark}`) });
  await expect(renamed).toBeVisible();
  expect((await snippets()).some((s) => s.title === `Welcome ${mark}`)).toBe(true);

  await renamed.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete saved snippet?' })
    .getByRole('button', { name: 'Delete snippet' })
    .click();
  await expect(renamed).toHaveCount(0);
  expect((await snippets()).some((s) => s.title.includes(mark))).toBe(false);
});

test('the server page shows the real server’s version, level 372 and what that allows', async ({ page }) => {
  await signInAs(page, 'admin', '/server');
  await expect(page.getByRole('heading', { name: 'Server & capabilities' })).toBeVisible();
  await expect(page.getByText('Feature level', { exact: true }).locator('..')).toContainText('372');
  await expect(page.getByText('11.0-dev+git').first()).toBeVisible();
  const table = page.getByRole('table', { name: 'Console capabilities on this server' });
  await expect(table.getByRole('row', { name: /Create channels/ })).toContainText('Unavailable');
  await expect(table.getByRole('row', { name: /Fetch messages by ID/ })).toContainText('Available');
});

test('my account shows my own record and channel subscriptions from the real server', async ({ page }) => {
  const hamlet = await signInAs(page, 'member', '/me');
  await expect(page.getByText(hamlet.email).first()).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'My channel subscriptions' }).getByRole('row', { name: /Verona/ }),
  ).toBeVisible();
});

test('the proxy area says plainly that no proxy dashboard is configured', async ({ page }) => {
  await signInAs(page, 'admin', '/proxy/routes');
  await expect(page.getByText(/No proxy dashboard is configured/).first()).toBeVisible();
  await expect(page.getByText('PROXY_URL').first()).toBeVisible();
  await expect(page.getByText(/^(Loading|Checking)/)).toHaveCount(0);
});
