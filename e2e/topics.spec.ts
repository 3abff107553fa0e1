import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { seedTopic, simCall, simEditMessage, topicMessageIds } from './sim-api';

const GENERAL = 1;

async function openTopic(page: Page, channel: string, topic: string) {
  await page.getByLabel('Search topics').fill(topic);
  await page
    .getByRole('row', { name: new RegExp(topic.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })
    .first()
    .click();
  const drawer = page.getByRole('dialog', { name: `#${channel} › ${topic}` });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('a moderator resolves a topic from triage; another console sees it without reload; then unresolves', async ({
  browser,
}) => {
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  await signIn(a, 'moderator@demo.test', undefined, '/topics');
  await signIn(b, 'admin@demo.test', undefined, '/topics?status=all');
  await expect(b.getByLabel('Live updates: Live')).toBeVisible({ timeout: 10_000 });
  await b.getByLabel('Search topics').fill('lunch');
  await expect(b.getByRole('row', { name: /^lunch/ })).toBeVisible();

  await a.getByLabel('Search topics').fill('lunch');
  await a.getByRole('button', { name: 'Resolve lunch' }).click();
  // The row stays where it was, in its new state, with the focus on it: nothing moves under the pointer.
  await expect(a.getByRole('button', { name: 'Unresolve ✔ lunch' })).toBeFocused();
  await expect(b.getByRole('row', { name: /Resolved.*✔ lunch/ })).toBeVisible({ timeout: 5_000 });

  await a.locator('label', { hasText: /^Resolved$/ }).click();
  await a.getByRole('button', { name: 'Unresolve ✔ lunch' }).click();
  await expect(b.getByRole('row', { name: /^lunch/ })).toBeVisible({ timeout: 5_000 });
});

test('the topic without a name offers no resolve and says why', async ({ page }) => {
  await signIn(page, 'moderator@demo.test', undefined, `/topics?stream=${GENERAL}&topic=`);
  const drawer = page.getByRole('dialog', { name: '#general › general chat' });
  await expect(drawer.getByRole('button', { name: 'Resolve topic' })).toBeDisabled();
  await expect(drawer.getByRole('note')).toContainText('it cannot be marked resolved');
});

test('a member moving a whole topic past the time limit moves the part that may still move', async ({ page }) => {
  const before = await topicMessageIds('admin@demo.test', GENERAL, 'office move');
  await signIn(page, 'member@demo.test', undefined, '/topics');
  const drawer = await openTopic(page, 'general', 'office move');
  await drawer.getByRole('button', { name: 'Move topic…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move messages' });
  await dialog.getByRole('textbox', { name: 'Topic' }).fill('office move (recent)');
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(dialog.getByRole('alert')).toContainText('8 of 120 messages can still be moved');
  await dialog.getByRole('button', { name: 'Move the 8 that can move' }).click();
  await expect(dialog).toBeHidden();
  const moved = await topicMessageIds('admin@demo.test', GENERAL, 'office move (recent)');
  expect(moved).toHaveLength(8);
  expect(await topicMessageIds('admin@demo.test', GENERAL, 'office move')).toHaveLength(before.length - 8);
  // Put them back (administrators have no time limit).
  await simEditMessage('admin@demo.test', moved[0]!, { topic: 'office move', propagate_mode: 'change_all' });
});

test('an edit that races another edit is refused, shows both versions and keeps the text', async ({ page }) => {
  const topic = `race ${Date.now().toString(36)}`;
  const { last_id: id } = await seedTopic(GENERAL, topic, 1, 'moderator@demo.test');
  await signIn(page, 'moderator@demo.test', undefined, `/topics?stream=${GENERAL}&topic=${encodeURIComponent(topic)}`);
  const drawer = page.getByRole('dialog', { name: `#general › ${topic}` });
  await drawer.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit message' });
  const mine = dialog.getByLabel('Your version');
  await expect(mine).toHaveValue('Bulk message 1 of 1.');
  await mine.fill('My careful rewrite.');
  // Another client changes it first.
  await simEditMessage('moderator@demo.test', id, { content: 'Their quick fix.' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Someone else changed this message');
  await expect(dialog.getByLabel('Their version')).toHaveValue('Their quick fix.');
  await expect(mine).toHaveValue('My careful rewrite.');
  // Deliberately replacing theirs now works.
  await dialog.getByRole('button', { name: /Keep my version/ }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const { messages } = (await simCall('moderator@demo.test', 'GET', '/messages', {
    anchor: String(id),
    num_before: '0',
    num_after: '0',
    apply_markdown: 'false',
  })) as unknown as { messages: { content: string }[] };
  expect(messages[0]!.content).toBe('My careful rewrite.');
});

test('paging back through a 3,000-message topic reaches the first message', async ({ page }) => {
  const topic = `long read ${Date.now().toString(36)}`;
  await seedTopic(GENERAL, topic, 3000);
  await signIn(page, 'admin@demo.test', undefined, `/topics?stream=${GENERAL}&topic=${encodeURIComponent(topic)}`);
  const drawer = page.getByRole('dialog', { name: `#general › ${topic}` });
  const status = drawer.getByRole('status').filter({ hasText: 'messages loaded' });
  await expect(status).toHaveText('1,000 messages loaded');
  const older = drawer.getByRole('button', { name: 'Load older messages' });
  await older.click();
  await expect(status).toHaveText('2,000 messages loaded');
  await older.click();
  await expect(status).toHaveText(/^3,000 messages loaded/);
  // The server may need one more (empty) page to say there is nothing older.
  if (await older.isVisible()) await older.click({ timeout: 5_000 }).catch(() => undefined);
  await expect(status).toHaveText('3,000 messages loaded — from the first message');
  await expect(older).toBeHidden();
  await drawer.getByRole('feed').evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(drawer.getByRole('article', { name: /^Message 1 of 3000/ })).toBeAttached();
});

test('pressing a topic starts loading its messages before the button is released', async ({ page }) => {
  const topic = `pressed ${Date.now().toString(36)}`;
  await seedTopic(GENERAL, topic, 30);
  await signIn(page, 'moderator@demo.test', undefined, '/topics');
  await page.getByLabel('Search topics').fill(topic);
  const row = page.getByRole('row', { name: new RegExp(topic) });
  const box = (await row.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + box.height / 2);
  const messages = page.waitForRequest((r) => new URL(r.url()).pathname === '/bff/svc/messages', {
    timeout: 5_000,
  });
  await page.mouse.down();
  // Asked for while the button is still down: the click has not happened yet.
  await messages;
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.mouse.up();
  const drawer = page.getByRole('dialog', { name: `#general › ${topic}` });
  await expect(drawer.getByRole('article').first()).toBeVisible();
});

test('a resolve can be undone from its toast; the list never shows invented names', async ({ page }) => {
  const topic = `undo me ${Date.now().toString(36)}`;
  await seedTopic(GENERAL, topic, 3);
  await signIn(page, 'moderator@demo.test', undefined, '/topics');
  // Participants show as placeholders until their names arrive, never as "User 12".
  await expect(page.getByRole('table', { name: 'Topics' })).toBeVisible();
  await page.getByLabel('Search topics').fill(topic);
  await expect(page.getByText(/^User \d+/)).toHaveCount(0);
  await page.getByRole('button', { name: `Resolve ${topic}` }).click();
  const toast = page.getByRole('alert').filter({ hasText: `✔ ${topic}` });
  await expect(toast).toContainText('#general');
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('button', { name: `Resolve ${topic}` })).toBeFocused();
  await expect.poll(async () => (await topicMessageIds('admin@demo.test', GENERAL, topic)).length).toBe(3);
});

test('a topic opens at its newest message, its search says what it searches, a move names the channel', async ({
  page,
}) => {
  const topic = `long read ${Date.now().toString(36)}`;
  await seedTopic(GENERAL, topic, 40);
  await signIn(page, 'moderator@demo.test', undefined, '/topics');
  const drawer = await openTopic(page, 'general', topic);
  const feed = drawer.getByRole('feed');
  const articles = feed.getByRole('article');
  await expect(articles.last()).toBeInViewport({ ratio: 1 });
  await expect(drawer.getByLabel('Find in the loaded messages')).toBeVisible();
  await drawer.getByRole('button', { name: 'Move topic…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move messages' });
  await dialog.getByRole('textbox', { name: 'Topic' }).fill(`${topic} moved`);
  await dialog.getByRole('button', { name: 'Move', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Messages moved to' })).toContainText('in #general');
});
