import type { Locator, Page } from '@playwright/test';
import { account, expect, signInAs, test, unique, zulipApi } from './real-fixtures';

interface StreamRecord {
  stream_id: number;
  name: string;
  invite_only: boolean;
}

async function channelNamed(name: string): Promise<StreamRecord | undefined> {
  const { streams } = await zulipApi<{ streams: StreamRecord[] }>('admin', 'GET', '/streams', { include_all: true });
  return streams.find((s) => s.name === name);
}

async function subscriberIds(streamId: number): Promise<number[]> {
  return (await zulipApi<{ subscribers: number[] }>('admin', 'GET', `/streams/${streamId}/members`)).subscribers;
}

async function choose(page: Page, input: Locator, text: string) {
  await input.click();
  await input.fill(text);
  await page
    .getByRole('option', { name: new RegExp(text) })
    .first()
    .click();
}

test('on this server (level 372) an admin creates a private channel the older way, then adds and removes subscribers', async ({
  browser,
}) => {
  const name = unique('e2e-real').replace(' ', '-');
  const [hamlet, cordelia] = [account('hamlet@zulip.com'), account('cordelia@zulip.com')];
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  const iago = await signInAs(a, 'admin', '/channels');
  await signInAs(b, 'owner', '/channels');
  await expect(b.getByLabel('Live updates: Live')).toBeVisible({ timeout: 20_000 });

  await a.getByRole('button', { name: 'Create channel' }).click();
  const dialog = a.getByRole('dialog', { name: 'Create channel' });
  await expect(dialog.getByRole('note')).toContainText('needs level 417');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Made by the real-server e2e suite.');
  await choose(a, dialog.getByRole('combobox', { name: 'Subscribers' }), 'King Hamlet');
  await dialog.getByRole('radio', { name: /Private/ }).check();
  await dialog.getByRole('button', { name: 'Create channel' }).click();
  await expect(dialog).toBeHidden();

  await expect.poll(async () => (await channelNamed(name))?.invite_only).toBe(true);
  const created = (await channelNamed(name))!;
  expect((await subscriberIds(created.stream_id)).sort()).toEqual([hamlet.user_id, iago.user_id].sort());

  // The owner's open list shows it without a reload.
  await b.getByLabel('Search channels').fill(name);
  await expect(b.getByRole('row', { name: new RegExp(`^${name}`) })).toBeVisible();

  await a.getByLabel('Search channels').fill(name);
  await a.getByRole('row', { name: new RegExp(`^${name}`) }).click();
  const drawer = a.getByRole('dialog', { name: `#${name}` });
  await drawer.getByRole('tab', { name: 'Subscribers' }).click();
  await expect(drawer.getByText('2 subscribers')).toBeVisible();
  await choose(a, drawer.getByRole('combobox', { name: 'People to subscribe' }), 'Cordelia');
  await drawer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(drawer.getByText('3 subscribers')).toBeVisible();
  expect(await subscriberIds(created.stream_id)).toContain(cordelia.user_id);

  await drawer.getByRole('checkbox', { name: /^Select King Hamlet/ }).check();
  await drawer.getByRole('button', { name: 'Remove selected (1)' }).click();
  const confirm = a.getByRole('dialog', { name: `Remove 1 person from #${name}?` });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(drawer.getByText('Removed: King Hamlet')).toBeVisible();
  await expect(drawer.getByText('2 subscribers')).toBeVisible();
  expect(await subscriberIds(created.stream_id)).not.toContain(hamlet.user_id);
});

test('a member is not offered topic deletion on the real server, and is told why', async ({ page }) => {
  // The real server refuses it ("Must be an organization administrator"), so the console does not offer it.
  // A topic of its own: which channels populate_db fills with messages varies between installations.
  const topic = unique('e2e delete');
  await zulipApi('moderator', 'POST', '/messages', { type: 'stream', to: 'Verona', topic, content: 'Keep me.' });
  await signInAs(page, 'member', '/channels');
  await page.getByLabel('Search channels').fill('Verona');
  await page.getByRole('row', { name: /^Verona/ }).click();
  const drawer = page.getByRole('dialog', { name: '#Verona' });
  await drawer.getByRole('tab', { name: 'Topics' }).click();
  await expect(drawer.getByRole('button', { name: `Mark ${topic} as read` })).toBeVisible();
  await expect(drawer.getByRole('note')).toContainText('Only organization administrators can delete topics.');
  await expect(drawer.getByRole('button', { name: /^Delete topic / })).toHaveCount(0);
});
