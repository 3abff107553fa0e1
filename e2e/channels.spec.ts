import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { pickMembers, restoreFeatureLevel, simCall, simControl } from './sim-api';

async function channelId(name: string): Promise<number> {
  const { streams } = (await simCall('admin@demo.test', 'GET', '/streams', { include_all: 'true' })) as unknown as {
    streams: { stream_id: number; name: string }[];
  };
  const found = streams.find((s) => s.name === name);
  if (!found) throw new Error(`no channel ${name}`);
  return found.stream_id;
}

async function openChannel(page: Page, name: string, tab?: string) {
  await page.getByLabel('Search channels').fill(name);
  await page.getByRole('row', { name: new RegExp(`^${name}`) }).click();
  const drawer = page.getByRole('dialog', { name: `#${name}` });
  await expect(drawer).toBeVisible();
  if (tab) await drawer.getByRole('tab', { name: tab }).click();
  return drawer;
}

async function choose(page: Page, input: ReturnType<Page['getByRole']>, text: string) {
  await input.click();
  await input.fill(text);
  await page
    .getByRole('option', { name: new RegExp(text) })
    .first()
    .click();
}

test('an admin creates a private channel with an ad-hoc posting permission; another admin sees it live', async ({
  browser,
}) => {
  const [first, second] = await pickMembers(2, 10);
  const name = `e2e-private-${Date.now().toString(36)}`;
  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  await signIn(a, 'admin@demo.test', undefined, '/channels');
  await signIn(b, 'owner@demo.test', undefined, '/channels');
  await expect(b.getByLabel('Live updates: Live')).toBeVisible({ timeout: 10_000 });
  await b.getByLabel('Search channels').fill(name);
  await expect(b.getByText('0 channels')).toBeVisible();

  await a.getByRole('button', { name: 'Create channel' }).click();
  const dialog = a.getByRole('dialog', { name: 'Create channel' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Made by the **e2e** suite.');
  const subscribers = dialog.getByRole('combobox', { name: 'Subscribers' });
  await choose(a, subscribers, first!.full_name);
  await choose(a, subscribers, second!.full_name);
  await dialog.getByRole('radio', { name: /Private/ }).check();
  await dialog.getByRole('checkbox', { name: 'Set “Who can post”' }).check();
  const picker = dialog.getByRole('group', { name: 'Who can post' });
  await picker.getByRole('radio', { name: 'Specific people and groups' }).check();
  const people = picker.getByRole('combobox', { name: 'People' });
  await choose(a, people, first!.full_name);
  await choose(a, people, second!.full_name);
  await dialog.getByRole('button', { name: 'Create channel' }).click();
  await expect(dialog).toBeHidden();

  // The creator lands on the new channel; its settings name who may post.
  const drawer = a.getByRole('dialog', { name: `#${name}` });
  await expect(drawer.getByRole('table', { name: 'Channel permissions' })).toContainText(
    `${first!.full_name} and ${second!.full_name}`,
  );
  await drawer.getByRole('tab', { name: 'Subscribers' }).click();
  await expect(drawer.getByText('3 subscribers')).toBeVisible();

  // The other admin's open list, without a reload.
  await expect(b.getByRole('row', { name: new RegExp(`^${name}`) })).toBeVisible({ timeout: 5_000 });

  // Removing one subscriber reports it.
  await drawer.getByRole('checkbox', { name: `Select ${second!.full_name}` }).check();
  await drawer.getByRole('button', { name: 'Remove selected (1)' }).click();
  const confirm = a.getByRole('dialog', { name: `Remove 1 person from #${name}?` });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(drawer.getByText(`Removed: ${second!.full_name}`)).toBeVisible();
  await expect(drawer.getByText('2 subscribers')).toBeVisible();
});

test('deleting a 2,500-message topic goes batch by batch and ends with the topic gone', async ({ page }) => {
  const streamId = await channelId('support');
  const topic = `bulk import ${Date.now().toString(36)}`;
  await simControl('seed-topic', { stream_id: String(streamId), topic, count: '2500' });
  await signIn(page, 'admin@demo.test', undefined, '/channels');
  const drawer = await openChannel(page, 'support', 'Topics');
  await drawer.getByRole('button', { name: `Delete topic ${topic}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete the topic “${topic}”?` });
  await expect(dialog).toContainText('All 2,500 messages');
  // Slow each request a little so the batches can be watched.
  await simControl('latency', { ms: '250' });
  try {
    // Every text the progress line shows, recorded in the page: a state that lasts one batch (~250 ms) can fall
    // between two of the assertion's polls on a busy machine.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as { progressSeen?: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        for (const element of document.querySelectorAll('[role="dialog"] [role="status"]')) {
          const text = element.textContent ?? '';
          if (text && !seen.includes(text)) seen.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await dialog.getByRole('button', { name: 'Delete topic' }).click();
    const status = dialog.getByRole('status');
    await expect(status).toContainText(`Deleted “${topic}”: 2,500 messages in 3 batches.`, { timeout: 15_000 });
    const seen = await page.evaluate(() => (window as { progressSeen?: string[] }).progressSeen ?? []);
    expect(seen.join('\n')).toContain('1,000 of 2,500 deleted (1 batch)');
    expect(seen.join('\n')).toContain('2,000 of 2,500 deleted (2 batches)');
  } finally {
    await simControl('latency', { ms: '0' });
  }
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(drawer.getByRole('button', { name: `Delete topic ${topic}` })).toBeHidden();
  const { topics } = (await simCall('admin@demo.test', 'GET', `/users/me/${streamId}/topics`)) as unknown as {
    topics: { name: string }[];
  };
  expect(topics.map((t) => t.name)).not.toContain(topic);
});

test('a member is not offered topic deletion, and is told why', async ({ page }) => {
  await signIn(page, 'member@demo.test', undefined, '/channels');
  const drawer = await openChannel(page, 'general', 'Topics');
  await expect(drawer.getByRole('note')).toContainText('Only organization administrators can delete topics.');
  await expect(drawer.getByRole('button', { name: /^Mark .* as read$/ }).first()).toBeVisible();
  await expect(drawer.getByRole('button', { name: /^Delete topic / })).toHaveCount(0);
});

test('on a level-400 server, creation explains why and uses the older way', async ({ page, request }) => {
  await simControl('feature-level', { level: '400' });
  try {
    await expect(async () => {
      const info = (await (await request.get('/bff/session')).json()) as { server: { featureLevel: number } };
      expect(info.server.featureLevel).toBe(400);
    }).toPass({ timeout: 10_000 });
    await signIn(page, 'admin@demo.test', undefined, '/channels');
    await page.getByRole('button', { name: 'Create channel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create channel' });
    await expect(dialog.getByRole('note')).toContainText('has no channel creation endpoint (it needs level 417)');
    await expect(dialog.getByRole('checkbox', { name: 'Set “Who can post”' })).toHaveCount(0);
    const name = `e2e-legacy-${Date.now().toString(36)}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('button', { name: 'Create channel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByLabel('Search channels').fill(name);
    await expect(page.getByRole('row', { name: new RegExp(`^${name}`) })).toBeVisible();
  } finally {
    await restoreFeatureLevel(request);
  }
});

test('muting a channel turns it out of the home view too', async ({ page }) => {
  await signIn(page, 'admin@demo.test', undefined, '/channels?kind=subscribed');
  const drawer = await openChannel(page, 'design', 'My settings');
  const muted = drawer.getByRole('switch', { name: 'Muted', exact: true });
  const home = drawer.getByRole('switch', { name: /Shown in my home view/ });
  await expect(muted).not.toBeChecked();
  await expect(home).toBeChecked();
  await muted.click();
  await expect(home).not.toBeChecked();
  await drawer.getByRole('button', { name: 'Save my settings' }).click();
  await expect(drawer.getByRole('status').filter({ hasText: 'Saved 1 change.' })).toBeVisible();
  await expect(page.getByRole('row', { name: /^design/ })).toContainText('Muted');
  // After a reload the saved state is what the server says: both names in step.
  await page.reload();
  const again = page.getByRole('dialog', { name: '#design' });
  await expect(again.getByRole('switch', { name: 'Muted', exact: true })).toBeChecked();
  await expect(again.getByRole('switch', { name: /Shown in my home view/ })).not.toBeChecked();
  // Put it back for other specs.
  await again.getByRole('switch', { name: 'Muted', exact: true }).click();
  await again.getByRole('button', { name: 'Save my settings' }).click();
  await expect(again.getByRole('status').filter({ hasText: 'Saved 1 change.' })).toBeVisible();
});
