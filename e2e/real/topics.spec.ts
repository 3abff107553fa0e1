import type { Page } from '@playwright/test';
import { expect, signInAs, test, unique, zulipApi } from './real-fixtures';

// A channel the admin follows: a real server tells only a channel's subscribers of its messages and edits.
const CHANNEL = 'Verona';

/** Posts a few messages to a fresh topic as a moderator; returns their ids. */
async function seedTopic(topic: string, count = 3): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const { id } = await zulipApi<{ id: number }>('moderator', 'POST', '/messages', {
      type: 'stream',
      to: CHANNEL,
      topic,
      content: `Message ${i} of ${count} about ${topic}.`,
    });
    ids.push(id);
  }
  return ids;
}

async function topicsOf(channelId: number): Promise<string[]> {
  const { topics } = await zulipApi<{ topics: { name: string }[] }>('admin', 'GET', `/users/me/${channelId}/topics`);
  return topics.map((t) => t.name);
}

async function channelId(): Promise<number> {
  const { stream_id } = await zulipApi<{ stream_id: number }>('admin', 'GET', '/get_stream_id', { stream: CHANNEL });
  return stream_id;
}

async function openTopic(page: Page, topic: string) {
  await page.getByLabel('Search topics').fill(topic);
  await page
    .getByRole('row', { name: new RegExp(topic) })
    .first()
    .click();
  const drawer = page.getByRole('dialog', { name: `#${CHANNEL} › ${topic}` });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('a moderator resolves a topic; another console sees it without reload; then unresolves', async ({ browser }) => {
  const topic = unique('e2e resolve');
  await seedTopic(topic);
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  await signInAs(a, 'moderator', '/topics');
  await signInAs(b, 'admin', '/topics?status=all');
  await expect(b.getByLabel('Live updates: Live')).toBeVisible({ timeout: 20_000 });
  await b.getByLabel('Search topics').fill(topic);
  await expect(b.getByRole('row', { name: new RegExp(`^${topic}`) })).toBeVisible();

  await a.getByLabel('Search topics').fill(topic);
  await a.getByRole('button', { name: `Resolve ${topic}` }).click();
  await expect(a.getByRole('button', { name: `Resolve ${topic}` })).toBeHidden();
  await expect(b.getByRole('row', { name: new RegExp(`✔ ${topic}`) })).toBeVisible();
  expect(await topicsOf(await channelId())).toContain(`✔ ${topic}`);

  await a.locator('label', { hasText: /^Resolved$/ }).click();
  await a.getByRole('button', { name: `Unresolve ✔ ${topic}` }).click();
  await expect(b.getByRole('row', { name: new RegExp(`^${topic}`) })).toBeVisible();
  expect(await topicsOf(await channelId())).toContain(topic);
});

test('a moderator moves a whole topic to a new name', async ({ page }) => {
  const topic = unique('e2e move');
  const target = `${topic} (moved)`;
  await seedTopic(topic);
  await signInAs(page, 'moderator', '/topics');
  const drawer = await openTopic(page, topic);
  await drawer.getByRole('button', { name: 'Move topic…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move messages' });
  await dialog.getByRole('textbox', { name: 'Topic' }).fill(target);
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => topicsOf(await channelId())).toContain(target);
  expect(await topicsOf(await channelId())).not.toContain(topic);
});

test('a moderator edits a message; an edit that races another one is caught, and both texts are kept', async ({
  page,
}) => {
  const topic = unique('e2e edit');
  const [id] = await seedTopic(topic, 1);
  await signInAs(page, 'moderator', `/topics?stream=${await channelId()}&topic=${encodeURIComponent(topic)}`);
  const drawer = page.getByRole('dialog', { name: `#${CHANNEL} › ${topic}` });
  await drawer.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit message' });
  // Level 372 ignores the edit guard (prev_content_sha256, level 379): the console says how it checks instead.
  await expect(dialog.getByRole('note')).toContainText('cannot refuse an edit made at the same moment');
  const mine = dialog.getByLabel('Your version');
  await expect(mine).toHaveValue(`Message 1 of 1 about ${topic}.`);
  await mine.fill('My careful rewrite.');
  // Another client changes it first.
  await zulipApi('moderator', 'PATCH', `/messages/${id}`, { content: 'Their quick fix.' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Someone else changed this message');
  await expect(dialog.getByLabel('Their version')).toHaveValue('Their quick fix.');
  await expect(mine).toHaveValue('My careful rewrite.');
  const raw = async () =>
    (await zulipApi<{ message: { content: string } }>('moderator', 'GET', `/messages/${id}`, { apply_markdown: false }))
      .message.content;
  expect(await raw()).toBe('Their quick fix.');

  await dialog.getByRole('button', { name: /Keep my version/ }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(drawer.getByText('My careful rewrite.')).toBeVisible();
  expect(await raw()).toBe('My careful rewrite.');
});

test('an admin sees the private channels they cannot read named, not as an error', async ({ page }) => {
  // A private channel only the owner follows: the admin may list it but not read it.
  const name = unique('e2e-private').replace(' ', '-');
  await zulipApi('owner', 'POST', '/users/me/subscriptions', { subscriptions: [{ name }], invite_only: true });
  await signInAs(page, 'admin', '/topics');
  const note = page.getByRole('alert').filter({ hasText: /Private channels you cannot read/ });
  await expect(note).toContainText(`#${name}`);
  await expect(page.getByText(/Some channels could not be read/)).toHaveCount(0);
});
