import type { Locator, Page } from '@playwright/test';
import { expect, signInAs, test, unique, zulipApi } from './real-fixtures';

interface StreamRecord {
  stream_id: number;
  name: string;
  description: string;
  invite_only: boolean;
  history_public_to_subscribers: boolean;
  is_archived?: boolean;
  can_send_message_group?: unknown;
}

/** Archived channels too: a real server at level 372 lists them only with `exclude_archived: false`. */
async function channel(streamId: number): Promise<StreamRecord | undefined> {
  const { streams } = await zulipApi<{ streams: StreamRecord[] }>('admin', 'GET', '/streams', {
    include_all: true,
    exclude_archived: false,
  });
  return streams.find((s) => s.stream_id === streamId);
}

async function defaultChannelIds(): Promise<number[]> {
  const body = await zulipApi<{ realm_default_streams: number[]; queue_id: string }>('admin', 'POST', '/register', {
    event_types: [],
    fetch_event_types: ['default_streams'],
  });
  await zulipApi('admin', 'DELETE', '/events', { queue_id: body.queue_id });
  return body.realm_default_streams;
}

async function administratorsGroupId(): Promise<number> {
  const { user_groups: groups } = await zulipApi<{ user_groups: { id: number; name: string }[] }>(
    'admin',
    'GET',
    '/user_groups',
  );
  return groups.find((g) => g.name === 'role:administrators')!.id;
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

test('on this server (level 372) an admin renames, describes, makes default, restricts and archives a channel of its own', async ({
  browser,
}) => {
  test.slow();
  const name = unique('e2e-real-settings').replace(' ', '-');
  const renamed = `${name}-renamed`;
  // Created straight against the server, the way this level creates channels.
  await zulipApi('admin', 'POST', '/users/me/subscriptions', { subscriptions: [{ name }] });
  const { stream_id: streamId } = await zulipApi<{ stream_id: number }>('admin', 'GET', '/get_stream_id', {
    stream: name,
  });

  const a = await (await browser.newContext()).newPage();
  const b = await (await browser.newContext()).newPage();
  await signInAs(a, 'admin', '/channels');
  await signInAs(b, 'owner', '/channels');
  await expect(b.getByLabel('Live updates: Live')).toBeVisible({ timeout: 20_000 });
  await b.getByLabel('Search channels').fill(name);
  await expect(b.getByRole('row', { name: new RegExp(`^${name}`) })).toBeVisible();

  // Rename and describe; the preview is the real server's own rendering.
  const drawer = await openSettings(a, name);
  const naming = await section(drawer, 'Name and description');
  await naming.getByRole('textbox', { name: 'Channel name' }).fill(renamed);
  await naming.getByRole('textbox', { name: 'Description' }).fill('Runbooks and **on-call** notes.');
  await expect(naming.getByRole('region', { name: 'Description preview' }).locator('strong')).toHaveText('on-call');
  await naming.getByRole('button', { name: 'Save name and description' }).click();
  await expect(a.getByRole('dialog', { name: `#${renamed}` })).toBeVisible();
  await expect.poll(async () => (await channel(streamId))?.name).toBe(renamed);
  expect((await channel(streamId))?.description).toBe('Runbooks and **on-call** notes.');
  await b.getByLabel('Search channels').fill(renamed);
  await expect(b.getByRole('row', { name: new RegExp(`^${renamed}`) })).toContainText('Runbooks and on-call notes.');

  // Web-public is the owner's to grant in this organization: the admin sees why it is disabled.
  const privacy = await section(drawer, 'Privacy');
  await expect(privacy.getByRole('radio', { name: /Web-public/ })).toBeDisabled();

  // A default channel for new users (the list comes from the register state), then not.
  await a.keyboard.press('Escape');
  await a.getByRole('button', { name: 'Default channels' }).click();
  const defaults = a.getByRole('dialog', { name: 'Default channels for new users' });
  await expect(defaults.getByRole('table', { name: 'Default channels' })).toContainText('#Verona');
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

  // Channel folders do not exist at this level: the dialog says so.
  await a.getByRole('button', { name: 'Channel folders' }).click();
  const folders = a.getByRole('dialog', { name: 'Channel folders' });
  await expect(folders.getByRole('note')).toContainText(
    'Needs a newer chat server: feature level 389, this one is at 372.',
  );
  await a.keyboard.press('Escape');

  // Private with protected history.
  const settings = await openSettings(a, renamed);
  const privacyAgain = await section(settings, 'Privacy');
  await privacyAgain.getByRole('radio', { name: /Private, protected history/ }).check();
  await privacyAgain.getByRole('button', { name: 'Save privacy' }).click();
  await expect.poll(async () => (await channel(streamId))?.invite_only).toBe(true);
  expect((await channel(streamId))?.history_public_to_subscribers).toBe(false);

  // One permission; the ones this level lacks are named once, in the panel's one note, with their levels.
  const permissions = await section(settings, 'Permissions');
  await expect(permissions.getByRole('note')).toHaveCount(1);
  await expect(permissions.getByRole('note')).toContainText(
    'Needs a newer chat server (this one is at feature level 372): ',
  );
  await expect(permissions.getByRole('note')).toContainText('Who can delete any message (level 407)');
  const post = permissions.getByRole('group', { name: 'Who can post' });
  await post.getByRole('radio', { name: 'A group' }).check();
  await post.getByRole('combobox', { name: 'Group' }).click();
  await a.getByRole('option', { name: 'Administrators', exact: true }).click();
  await permissions.getByRole('button', { name: 'Save permissions' }).click();
  const admins = await administratorsGroupId();
  await expect.poll(async () => (await channel(streamId))?.can_send_message_group).toBe(admins);

  // Archive: the confirmation says this level cannot unarchive.
  await settings.getByRole('button', { name: 'Archive channel' }).click();
  const confirm = a.getByRole('dialog', { name: `Archive #${renamed}?` });
  await expect(confirm).toContainText('Its messages are not deleted');
  await expect(confirm.getByRole('note')).toContainText(
    'Needs a newer chat server: feature level 388, this one is at 372.',
  );
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect(confirm).toBeHidden();
  await expect.poll(async () => (await channel(streamId))?.is_archived).toBe(true);
  // Unarchiving needs level 388: the button stays disabled and says why.
  await expect(settings.getByRole('button', { name: 'Unarchive channel' })).toBeDisabled();
  await expect(settings).toContainText(
    'Unarchiving: Needs a newer chat server: feature level 388, this one is at 372.',
  );

  // The audit names each change in words.
  await a.goto('/audit?operation=updateChannel,archiveChannel,addDefaultChannel,removeDefaultChannel');
  const audit = a.getByRole('main');
  await expect(audit).toContainText(`Renamed to “${renamed}”; description changed.`);
  await expect(audit).toContainText('Made private, new subscribers see only new messages.');
  await expect(audit).toContainText('“Who can post” changed.');
  await expect(audit).toContainText('Archived the channel.');
  await expect(audit).toContainText('Made a default channel for new users.');
});

test('a member sees the default channels read-only, with the reason', async ({ page }) => {
  await signInAs(page, 'member', '/channels');
  await page.getByRole('button', { name: 'Default channels' }).click();
  const dialog = page.getByRole('dialog', { name: 'Default channels for new users' });
  await expect(dialog.getByRole('note')).toContainText('Only organization administrators can change the default');
  await expect(dialog.getByRole('button', { name: /^Remove #Verona/ })).toBeDisabled();
});
