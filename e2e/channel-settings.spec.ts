import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { simCall } from './sim-api';

interface StreamRecord {
  stream_id: number;
  name: string;
  description: string;
  invite_only: boolean;
  history_public_to_subscribers: boolean;
  is_archived: boolean;
  can_send_message_group: unknown;
}

async function channel(streamId: number): Promise<StreamRecord> {
  const { streams } = (await simCall('admin@demo.test', 'GET', '/streams', {
    include_all: 'true',
    exclude_archived: 'false',
  })) as unknown as { streams: StreamRecord[] };
  const found = streams.find((s) => s.stream_id === streamId);
  if (!found) throw new Error(`no channel ${streamId}`);
  return found;
}

async function defaultChannelIds(): Promise<number[]> {
  const body = await simCall('admin@demo.test', 'POST', '/register', {
    event_types: '[]',
    fetch_event_types: '["default_streams"]',
  });
  return body.realm_default_streams as number[];
}

async function systemGroupId(name: string): Promise<number> {
  const { user_groups: groups } = (await simCall('admin@demo.test', 'GET', '/user_groups')) as unknown as {
    user_groups: { id: number; name: string }[];
  };
  return groups.find((g) => g.name === name)!.id;
}

async function section(drawer: Locator, name: string) {
  const found = drawer.getByRole('region', { name });
  await expect(found).toBeVisible();
  return found;
}

async function openSettings(page: Page, name: string) {
  await page.getByLabel('Search channels').fill(name);
  await page.getByRole('row', { name: new RegExp(`^${name}`) }).click();
  const drawer = page.getByRole('dialog', { name: `#${name}` });
  await drawer.getByRole('tab', { name: 'Settings', exact: true }).click();
  return drawer;
}

test('an admin renames, describes, makes default, restricts and archives a channel; another admin sees it live', async ({
  browser,
}) => {
  // Seven changes, each confirmed against the server, with two browsers open.
  test.slow();
  const name = `e2e-settings-${Date.now().toString(36)}`;
  const renamed = `${name}-renamed`;
  const created = await simCall('admin@demo.test', 'POST', '/channels/create', { name, subscribers: '[]' });
  const streamId = created.id as number;

  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  await signIn(a, 'admin@demo.test', undefined, '/channels');
  await signIn(b, 'owner@demo.test', undefined, '/channels');
  await expect(b.getByLabel('Live updates: Live')).toBeVisible({ timeout: 10_000 });
  await b.getByLabel('Search channels').fill(name);
  await expect(b.getByRole('row', { name: new RegExp(`^${name}`) })).toBeVisible();

  // Rename and describe, with the server's preview.
  const drawer = await openSettings(a, name);
  const naming = await section(drawer, 'Name and description');
  await naming.getByRole('textbox', { name: 'Channel name' }).fill(renamed);
  await naming.getByRole('textbox', { name: 'Description' }).fill('Runbooks and **on-call** notes.');
  await expect(naming.getByRole('region', { name: 'Description preview' }).locator('strong')).toHaveText('on-call');
  await naming.getByRole('button', { name: 'Save name and description' }).click();
  await expect(a.getByRole('dialog', { name: `#${renamed}` })).toBeVisible();
  await expect.poll(async () => (await channel(streamId)).name).toBe(renamed);
  expect((await channel(streamId)).description).toBe('Runbooks and **on-call** notes.');
  // The other admin's list follows without a reload.
  await b.getByLabel('Search channels').fill(renamed);
  await expect(b.getByRole('row', { name: new RegExp(`^${renamed}`) })).toContainText('Runbooks and on-call notes.');

  // A default channel for new users, then not.
  await a.keyboard.press('Escape');
  await a.getByRole('button', { name: 'Default channels' }).click();
  const defaults = a.getByRole('dialog', { name: 'Default channels for new users' });
  const add = defaults.getByRole('combobox', { name: 'Add a default channel' });
  await add.click();
  await add.fill(renamed);
  await a.getByRole('option', { name: `#${renamed}` }).click();
  await defaults.getByRole('button', { name: 'Add' }).click();
  await expect(defaults.getByRole('table', { name: 'Default channels' })).toContainText(`#${renamed}`);
  await expect.poll(defaultChannelIds).toContain(streamId);
  await defaults.getByRole('button', { name: `Remove #${renamed} from the default channels` }).click();
  await expect(defaults.getByRole('table', { name: 'Default channels' })).not.toContainText(`#${renamed}`);
  await expect.poll(defaultChannelIds).not.toContain(streamId);
  await a.keyboard.press('Escape');

  // Private with protected history.
  const settings = await openSettings(a, renamed);
  const privacy = await section(settings, 'Privacy');
  await privacy.getByRole('radio', { name: /Private, protected history/ }).check();
  await privacy.getByRole('button', { name: 'Save privacy' }).click();
  await expect.poll(async () => (await channel(streamId)).invite_only).toBe(true);
  expect((await channel(streamId)).history_public_to_subscribers).toBe(false);

  // One permission through the group-setting picker.
  const permissions = await section(settings, 'Permissions');
  const post = permissions.getByRole('group', { name: 'Who can post' });
  await post.getByRole('radio', { name: 'A group' }).check();
  await post.getByRole('combobox', { name: 'Group' }).click();
  await a.getByRole('option', { name: 'Administrators', exact: true }).click();
  await permissions.getByRole('button', { name: 'Save permissions' }).click();
  const admins = await systemGroupId('role:administrators');
  await expect.poll(async () => (await channel(streamId)).can_send_message_group).toBe(admins);

  // Archive, after a confirmation that says what happens; then unarchive.
  await settings.getByRole('button', { name: 'Archive channel' }).click();
  const confirm = a.getByRole('dialog', { name: `Archive #${renamed}?` });
  await expect(confirm).toContainText('Its messages are not deleted');
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect(confirm).toBeHidden();
  await expect.poll(async () => (await channel(streamId)).is_archived).toBe(true);
  await settings.getByRole('button', { name: 'Unarchive channel' }).click();
  const undo = a.getByRole('dialog', { name: `Unarchive #${renamed}?` });
  await undo.getByRole('button', { name: 'Unarchive' }).click();
  await expect(undo).toBeHidden();
  await expect.poll(async () => (await channel(streamId)).is_archived).toBe(false);

  // The audit names each change in words.
  await a.goto('/audit?operation=updateChannel,archiveChannel,addDefaultChannel,removeDefaultChannel');
  const audit = a.getByRole('main');
  await expect(audit).toContainText(`Renamed to “${renamed}”; description changed.`);
  await expect(audit).toContainText('Made private, new subscribers see only new messages.');
  await expect(audit).toContainText('“Who can post” changed.');
  await expect(audit).toContainText('Archived the channel.');
  await expect(audit).toContainText('Unarchived.');
  await expect(audit).toContainText('Made a default channel for new users.');
  await expect(audit).toContainText('Removed from the default channels for new users.');
});

test('a member sees a channel’s settings but cannot change them', async ({ page }) => {
  await signIn(page, 'member@demo.test', undefined, '/channels');
  const drawer = await openSettings(page, 'design');
  await expect(drawer.getByRole('note')).toContainText('Only organization administrators and this channel’s');
  await expect(drawer.getByRole('button', { name: 'Archive channel' })).toBeDisabled();
});

test('axe finds no serious or critical violation in the settings tab and the two dialogs', async ({ page }) => {
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  await signIn(page, 'admin@demo.test', undefined, '/channels');
  const drawer = await openSettings(page, 'design');
  await expect(drawer.getByRole('group', { name: 'Who can post' })).toBeVisible();
  expect(await serious()).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Default channels' }).click();
  await expect(page.getByRole('table', { name: 'Default channels' })).toBeVisible();
  expect(await serious()).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Channel folders' }).click();
  await expect(page.getByRole('table', { name: 'Channel folders' })).toBeVisible();
  expect(await serious()).toEqual([]);
});
