import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { simCall } from './sim-api';

interface SimLinkifier {
  id: number;
  pattern: string;
  url_template: string;
}

const PAGE = '/settings/linkifiers';
const TRACKER = { pattern: '#(?P<id>[0-9]+)', url_template: 'https://tracker.example/{id}' };
const REVIEW = { pattern: 'REVIEW#(?P<n>[0-9]+)', url_template: 'https://review.example/{n}' };

async function linkifiers(): Promise<SimLinkifier[]> {
  return (await simCall('admin@demo.test', 'GET', '/realm/linkifiers')).linkifiers as SimLinkifier[];
}

/** Other specs share the realm: leave it as it was found. */
async function removeLinkifier(pattern: string): Promise<void> {
  for (const l of await linkifiers()) {
    if (l.pattern === pattern) await simCall('admin@demo.test', 'DELETE', `/realm/filters/${l.id}`);
  }
}

function linkifierTable(page: Page) {
  return page.getByRole('table', { name: 'Linkifiers' });
}

async function openLinkifiers(page: Page, email = 'admin@demo.test') {
  await signIn(page, email, undefined, PAGE);
  await expect(page.getByRole('heading', { name: 'Linkifiers', level: 2 })).toBeVisible();
  await expect(linkifierTable(page)).toBeVisible();
}

test.afterEach(async () => {
  await removeLinkifier(TRACKER.pattern);
  await removeLinkifier(REVIEW.pattern);
});

test('an added linkifier turns #42 into a tracker link in the sandbox', async ({ page }) => {
  await openLinkifiers(page);
  await page.getByRole('button', { name: 'Add linkifier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add linkifier' });
  await dialog.getByLabel('Pattern').fill(TRACKER.pattern);
  await dialog.getByLabel('URL template').fill(TRACKER.url_template);
  await dialog.getByRole('button', { name: 'Add linkifier' }).click();
  await expect(dialog).toBeHidden();
  await expect(linkifierTable(page).getByRole('row', { name: /tracker\.example/ })).toBeVisible();
  expect((await linkifiers()).at(-1)).toMatchObject(TRACKER);

  await page.getByLabel('Sample text').fill('Fixed in #42, see CVE-2024-12345.');
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('link', { name: '#42' })).toHaveAttribute('href', 'https://tracker.example/42');
  await expect(page.getByRole('table', { name: 'Matches' }).getByRole('row', { name: /#42/ })).toContainText(
    'https://tracker.example/42',
  );

  // Delete it again through the console, confirming by pattern.
  await page.getByRole('button', { name: `Delete ${TRACKER.pattern}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete linkifier?' });
  await expect(confirm).toContainText(TRACKER.pattern);
  await confirm.getByRole('button', { name: 'Delete linkifier' }).click();
  await expect(linkifierTable(page).getByRole('row', { name: /tracker\.example/ })).toHaveCount(0);
  await expect(preview.getByRole('link', { name: '#42' })).toHaveCount(0);
});

test('an invalid pattern and a template variable missing from the pattern are refused in the form', async ({
  page,
}) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/bff/svc/realm/')) sent.push(request.url());
  });
  await openLinkifiers(page);
  await page.getByRole('button', { name: 'Add linkifier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add linkifier' });
  const pattern = dialog.getByLabel('Pattern');
  const url = dialog.getByLabel('URL template');
  const submit = dialog.getByRole('button', { name: 'Add linkifier' });

  await pattern.fill('#(?P<id>[0-9]+');
  await url.fill(TRACKER.url_template);
  await expect(dialog.getByText('The pattern does not compile')).toBeVisible();
  await expect(submit).toBeDisabled();
  await url.press('Enter');

  await pattern.fill(TRACKER.pattern);
  await url.fill('https://tracker.example/{ticket}');
  await expect(dialog.getByText('{ticket} is not a named group of the pattern.')).toBeVisible();
  await expect(submit).toBeDisabled();
  await url.press('Enter');

  await expect(dialog).toBeVisible();
  expect(sent).toEqual([]);
  expect((await linkifiers()).some((l) => l.pattern === TRACKER.pattern)).toBe(false);
});

test('a new order survives a reload', async ({ page }) => {
  const before = await linkifiers();
  try {
    await openLinkifiers(page);
    const [first, second] = before;
    const rows = linkifierTable(page).getByRole('row');
    await expect(rows.nth(1)).toContainText(first!.pattern);
    const moveDown = page.getByRole('button', { name: `Move ${first!.pattern} down` });
    await moveDown.focus();
    await page.keyboard.press('Enter');
    await expect(rows.nth(2)).toContainText(first!.pattern);
    await expect(page.getByText(`Moved ${first!.pattern} to position 2 of ${before.length}.`)).toBeAttached();
    await expect.poll(async () => (await linkifiers()).map((l) => l.id).slice(0, 2)).toEqual([second!.id, first!.id]);

    await page.reload();
    await expect(rows.nth(1)).toContainText(second!.pattern);
    await expect(rows.nth(2)).toContainText(first!.pattern);
  } finally {
    await simCall('admin@demo.test', 'PATCH', '/realm/linkifiers', {
      ordered_linkifier_ids: JSON.stringify(before.map((l) => l.id)),
    });
  }
});

test('dragging a row to the top puts that linkifier first', async ({ page }) => {
  const before = await linkifiers();
  try {
    await openLinkifiers(page);
    const rows = linkifierTable(page).getByRole('row');
    const last = before.at(-1)!;
    await rows.nth(before.length).dragTo(rows.nth(1));
    await expect(rows.nth(1)).toContainText(last.pattern);
    await expect.poll(async () => (await linkifiers())[0]?.id).toBe(last.id);
  } finally {
    await simCall('admin@demo.test', 'PATCH', '/realm/linkifiers', {
      ordered_linkifier_ids: JSON.stringify(before.map((l) => l.id)),
    });
  }
});

test('a second admin’s open tab shows a new linkifier without reloading', async ({ browser }) => {
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  await openLinkifiers(a, 'admin@demo.test');
  await openLinkifiers(b, 'owner@demo.test');
  await expect(b.getByLabel('Live updates: Live')).toBeVisible({ timeout: 10_000 });
  await b.getByLabel('Sample text').fill('Please look at REVIEW#7');

  await a.getByRole('button', { name: 'Add linkifier' }).click();
  const dialog = a.getByRole('dialog', { name: 'Add linkifier' });
  await dialog.getByLabel('Pattern').fill(REVIEW.pattern);
  await dialog.getByLabel('URL template').fill(REVIEW.url_template);
  await dialog.getByRole('button', { name: 'Add linkifier' }).click();
  await expect(dialog).toBeHidden();

  await expect(linkifierTable(b).getByRole('row', { name: /review\.example/ })).toBeVisible({ timeout: 2_000 });
  // The open sandbox applies it at once.
  await expect(b.getByRole('region', { name: 'Preview' }).getByRole('link', { name: 'REVIEW#7' })).toHaveAttribute(
    'href',
    'https://review.example/7',
  );
  await a.context().close();
  await b.context().close();
});

test('axe finds no serious or critical violation on the page, its sandbox and its dialog', async ({ page }) => {
  const serious = async (builder = new AxeBuilder({ page })) =>
    (await builder.analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  await openLinkifiers(page);
  const sample = page.getByLabel('Sample text');
  await sample.fill('See CVE-2024-12345 and OPS-7.');
  await expect(page.getByRole('list', { name: 'Overlaps' })).toBeVisible();
  expect(await serious()).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await sample.fill('See CVE-2024-12345 and OPS-7.');
  await expect(page.getByRole('list', { name: 'Overlaps' })).toBeVisible();
  expect(await serious()).toEqual([]);

  await page.getByRole('button', { name: 'Add linkifier' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add linkifier' });
  await expect(dialog.getByLabel('Pattern')).toBeFocused();
  expect(await serious()).toEqual([]);
  await dialog.getByLabel('Pattern').fill('#(?P<id>[0-9]+');
  await expect(dialog.getByText('The pattern does not compile')).toBeVisible();
  // The theme's error colour keeps form errors above AA contrast in both schemes.
  expect(await serious()).toEqual([]);
});
