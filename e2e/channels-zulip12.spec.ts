import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { DEMO_LEVEL, restoreFeatureLevel, simCall, switchFeatureLevel } from './sim-api';

/**
 * Who can start new topics in a channel (`can_create_topic_group`, Zulip 12, level 441), set by an administrator
 * through the channel's settings and kept by the server; on an older server the control is there, disabled, with
 * the reason under its name. Each step is checked against the simulator, which follows the changelog itself.
 */

const LABEL = 'Who can start new topics';

async function topicStartersOnServer(streamId: number): Promise<unknown> {
  const { streams } = (await simCall('admin@demo.test', 'GET', '/streams', {
    include_all: 'true',
    exclude_archived: 'false',
  })) as unknown as { streams: { stream_id: number; can_create_topic_group?: unknown }[] };
  return streams.find((s) => s.stream_id === streamId)?.can_create_topic_group;
}

async function systemGroupId(name: string): Promise<number> {
  const { user_groups: groups } = (await simCall('admin@demo.test', 'GET', '/user_groups')) as unknown as {
    user_groups: { id: number; name: string; is_system_group: boolean }[];
  };
  return groups.find((g) => g.is_system_group && g.name === name)!.id;
}

/** The channel's settings, opened from the list as a person would: search, pick the row, the Settings tab. */
async function openPermissions(page: Page, name: string) {
  await page.getByLabel('Search channels').fill(name);
  await page.getByRole('row', { name: new RegExp(`^${name}`) }).click();
  await page
    .getByRole('dialog', { name: `#${name}` })
    .getByRole('tab', { name: 'Settings', exact: true })
    .click();
  return shownPermissions(page, name);
}

/** The open channel's permissions (after a reload the address keeps the channel and its tab open). */
async function shownPermissions(page: Page, name: string) {
  const drawer = page.getByRole('dialog', { name: `#${name}` });
  await expect(drawer.getByRole('tab', { name: 'Settings', exact: true })).toHaveAttribute('aria-selected', 'true');
  const permissions = drawer.getByRole('region', { name: 'Permissions' });
  await expect(permissions).toBeVisible();
  return { permissions, picker: permissions.getByRole('group', { name: LABEL }) };
}

test('an administrator chooses who can start new topics; it is kept after a reload, and named once, with its level, on an older server', async ({
  page,
  request,
}) => {
  test.slow();
  const name = `e2e-topics-${Date.now().toString(36)}`;
  const created = await simCall('admin@demo.test', 'POST', '/channels/create', { name, subscribers: '[]' });
  const streamId = created.id as number;
  const moderators = await systemGroupId('role:moderators');
  try {
    // Today's servers (the e2e simulator starts on an older level unless a spec before this one changed it).
    await switchFeatureLevel(request, DEMO_LEVEL);
    await signIn(page, 'admin@demo.test', undefined, '/channels');
    const { permissions, picker } = await openPermissions(page, name);
    await expect(picker).toContainText('Now: Everyone including guests');
    await picker.getByRole('radio', { name: 'A group' }).check();
    await picker.getByRole('combobox', { name: 'Group' }).click();
    await page.getByRole('option', { name: 'Moderators', exact: true }).click();
    await permissions.getByRole('button', { name: 'Save permissions' }).click();
    await expect(page.getByText(`#${name}’s permissions were saved.`)).toBeVisible();
    await expect.poll(() => topicStartersOnServer(streamId)).toBe(moderators);

    // Kept: a fresh page reads it back from the server.
    await page.reload();
    const again = await shownPermissions(page, name);
    await expect(again.picker).toContainText('Now: Moderators');
    await expect(again.picker.getByRole('combobox', { name: 'Group' })).toHaveValue('Moderators');

    // A server before level 441 has no such setting: the panel's one note names it with the level it needs.
    await switchFeatureLevel(request, 440);
    await page.reload();
    const older = await shownPermissions(page, name);
    await expect(older.permissions.getByRole('note')).toContainText(
      `Needs a newer chat server (this one is at feature level 440): ${LABEL} (level 441).`,
    );
    await expect(older.picker).toHaveCount(0);
    // The other permissions stay changeable.
    await expect(older.permissions.getByRole('group', { name: 'Who can post' }).getByRole('combobox')).toBeEnabled();
  } finally {
    await restoreFeatureLevel(request);
  }
});

test('an archived channel’s subscribers are listed at level 480, and below it the console says why instead of failing', async ({
  page,
  request,
}) => {
  try {
    await switchFeatureLevel(request, 479);
    await signIn(page, 'admin@demo.test', undefined, '/channels');
    // The list shows active channels first; the choice's label is what a person clicks.
    const show = page.getByRole('radiogroup', { name: 'Show' });
    await show.getByText('Archived', { exact: true }).click();
    await expect(show.getByRole('radio', { name: 'Archived' })).toBeChecked();
    await page.getByLabel('Search channels').fill('legacy-releases');
    await page.getByRole('row', { name: /^legacy-releases/ }).click();
    const drawer = page.getByRole('dialog', { name: '#legacy-releases' });
    await drawer.getByRole('tab', { name: 'Subscribers', exact: true }).click();
    const note = drawer.getByRole('note');
    await expect(note).toContainText('Subscribers cannot be read');
    await expect(note).toContainText('Needs a newer chat server: feature level 480, this one is at 479.');
    await expect(drawer.getByRole('alert')).toHaveCount(0);

    await switchFeatureLevel(request, DEMO_LEVEL);
    await page.reload();
    await expect(
      page.getByRole('dialog', { name: '#legacy-releases' }).getByRole('table', { name: 'Subscribers' }),
    ).toBeVisible();
  } finally {
    await restoreFeatureLevel(request);
  }
});
