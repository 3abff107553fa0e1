import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { simCall } from './sim-api';

const PAGE = '/me/drafts';
const EMAIL = 'moderator@demo.test';
const MARK = 'e2e-ds';

interface SimDraft {
  id: number;
  content: string;
}
interface SimSnippet {
  id: number;
  title: string;
}

async function drafts(): Promise<SimDraft[]> {
  return (await simCall(EMAIL, 'GET', '/drafts')).drafts as SimDraft[];
}

async function createDraft(content: string): Promise<number> {
  const draft = { type: 'stream', to: [1], topic: 'e2e', content };
  const { ids } = (await simCall(EMAIL, 'POST', '/drafts', { drafts: JSON.stringify([draft]) })) as { ids: number[] };
  return ids[0]!;
}

/** Other specs share the realm: leave it as it was found. */
test.afterEach(async () => {
  for (const d of await drafts()) {
    if (d.content.includes(MARK)) await simCall(EMAIL, 'DELETE', `/drafts/${d.id}`);
  }
  const { saved_snippets } = (await simCall(EMAIL, 'GET', '/saved_snippets')) as { saved_snippets: SimSnippet[] };
  for (const s of saved_snippets) {
    if (s.title.includes(MARK)) await simCall(EMAIL, 'DELETE', `/saved_snippets/${s.id}`);
  }
});

async function openPage(page: Page) {
  await signIn(page, EMAIL, undefined, PAGE);
  await expect(page.getByRole('heading', { name: 'Drafts and snippets', level: 2 })).toBeVisible();
}

function draftRow(page: Page, text: string) {
  return page.getByRole('table', { name: 'Drafts' }).getByRole('row', { name: new RegExp(text) });
}

test('a channel draft naming two channels cannot be submitted', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/drafts')) sent.push(r.url());
  });
  await openPage(page);
  await page.getByRole('button', { name: 'New draft' }).click();
  const dialog = page.getByRole('dialog', { name: 'New draft' });
  await dialog.getByRole('textbox', { name: 'Content' }).fill(`Two channels ${MARK}`);
  const channel = dialog.getByRole('combobox', { name: 'Channel' });
  await channel.click();
  await page.getByRole('option', { name: '#general' }).click();
  await channel.click();
  await page.getByRole('option', { name: '#design' }).click();
  await expect(dialog.getByText('Choose exactly one channel')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create draft' })).toBeDisabled();
  expect(sent).toEqual([]);
  expect((await drafts()).some((d) => d.content.includes(MARK))).toBe(false);
});

test('a draft edited in one tab changes in the other without reload', async ({ page, context }) => {
  await createDraft(`Before ${MARK}`);
  await openPage(page);
  const other = await context.newPage();
  await other.goto(PAGE);
  await expect(draftRow(other, `Before ${MARK}`)).toBeVisible();
  await expect(draftRow(page, `Before ${MARK}`)).toContainText('#general › e2e');

  await draftRow(page, `Before ${MARK}`).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit draft' });
  await dialog.getByRole('textbox', { name: 'Content' }).fill(`After ${MARK}`);
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect(dialog).toBeHidden();

  await expect(draftRow(other, `After ${MARK}`)).toBeVisible();
  await expect(draftRow(other, `Before ${MARK}`)).toHaveCount(0);
  await other.close();
});

test('editing a draft deleted elsewhere shows "Draft does not exist" and keeps the text', async ({ page }) => {
  const id = await createDraft(`Doomed ${MARK}`);
  await openPage(page);
  await draftRow(page, `Doomed ${MARK}`).getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit draft' });
  const content = dialog.getByRole('textbox', { name: 'Content' });
  await content.fill(`Rescued text ${MARK}`);
  await simCall(EMAIL, 'DELETE', `/drafts/${id}`);
  await dialog.getByRole('button', { name: 'Save draft' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Draft does not exist');
  await expect(content).toHaveValue(`Rescued text ${MARK}`);
});

test('snippet create, edit, delete; an empty title is refused in the form', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/saved_snippets')) sent.push(r.url());
  });
  await openPage(page);
  const table = page.getByRole('table', { name: 'Saved snippets' });

  await page.getByRole('button', { name: 'New snippet' }).click();
  const create = page.getByRole('dialog', { name: 'New saved snippet' });
  await create.getByRole('textbox', { name: 'Content' }).fill('Hello **team**');
  await create.getByRole('button', { name: 'Create snippet' }).click();
  await expect(create.getByText('Title cannot be empty.')).toBeVisible();
  expect(sent).toEqual([]);
  await expect(create.getByRole('region', { name: 'Preview' }).locator('strong')).toHaveText('team');

  await create.getByRole('textbox', { name: 'Title' }).fill(`Greeting ${MARK}`);
  await create.getByRole('button', { name: 'Create snippet' }).click();
  await expect(create).toBeHidden();
  const row = table.getByRole('row', { name: new RegExp(`Greeting ${MARK}`) });
  await expect(row).toBeVisible();

  await page.getByRole('textbox', { name: 'Filter by title' }).fill(MARK);
  await expect(table.getByRole('row')).toHaveCount(2);

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit saved snippet' });
  await edit.getByRole('textbox', { name: 'Title' }).fill(`Welcome ${MARK}`);
  await edit.getByRole('button', { name: 'Save snippet' }).click();
  await expect(edit).toBeHidden();
  const renamed = table.getByRole('row', { name: new RegExp(`Welcome ${MARK}`) });
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete saved snippet?' })
    .getByRole('button', { name: 'Delete snippet' })
    .click();
  await expect(renamed).toHaveCount(0);
});

test('with drafts synchronization off, the page says drafts are not stored on the server', async ({ page }) => {
  await signIn(page, 'guest@demo.test', undefined, '/me/drafts');
  await expect(page.getByRole('heading', { name: 'Drafts and snippets' })).toBeVisible();
  await expect(page.getByRole('note').filter({ hasText: 'Drafts are not stored on the server' })).toBeVisible();
});
