import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import {
  DEMO_LEVEL,
  pickMembers,
  restoreFeatureLevel,
  seedTopic,
  simCall,
  switchFeatureLevel,
  topicMessageIds,
} from './sim-api';

/**
 * People administration on today's servers (Zulip 12): a spam account deactivated with its messages deleted
 * (level 459, and below it the clean-up disabled with the reason), and accounts imported from another product
 * that never signed in (433). Everything is clicked by role and label, as a person would.
 */

interface SimPerson {
  user_id: number;
  full_name: string;
  delivery_email?: string | null;
  email: string;
  is_active: boolean;
  is_imported_stub?: boolean;
}

async function person(userId: number): Promise<SimPerson> {
  const { user } = (await simCall('admin@demo.test', 'GET', `/users/${userId}`)) as unknown as { user: SimPerson };
  return user;
}

/** A public channel everyone can read: where the spam goes. */
async function publicChannelId(): Promise<number> {
  const { streams } = (await simCall('admin@demo.test', 'GET', '/streams')) as unknown as {
    streams: {
      stream_id: number;
      invite_only: boolean;
      is_archived?: boolean;
      history_public_to_subscribers: boolean;
    }[];
  };
  const open = streams.find((s) => !s.invite_only && !s.is_archived && s.history_public_to_subscribers);
  if (!open) throw new Error('no public channel');
  return open.stream_id;
}

async function openDeactivateDialog(page: Page, target: SimPerson) {
  await signIn(
    page,
    'admin@demo.test',
    undefined,
    `/users?q=${encodeURIComponent(target.full_name)}&user=${target.user_id}`,
  );
  const drawer = page.getByRole('dialog', { name: target.full_name });
  await drawer.getByRole('button', { name: 'Deactivate' }).click();
  return page.getByRole('dialog', { name: `Deactivate ${target.full_name}?` });
}

test('at level 500 an administrator deactivates a spam account and the server deletes its messages', async ({
  page,
  request,
}) => {
  // The e2e simulator process may start on another level (scripts/sim-server.ts): this journey is about 500.
  await switchFeatureLevel(request, DEMO_LEVEL);
  const [picked] = await pickMembers(1, 70);
  const spammer = await person(picked!.user_id);
  const channel = await publicChannelId();
  const topic = `cheap watches ${Date.now()}`;
  await seedTopic(channel, topic, 3, spammer.delivery_email ?? spammer.email);
  expect(await topicMessageIds('admin@demo.test', channel, topic)).toHaveLength(3);
  try {
    const dialog = await openDeactivateDialog(page, spammer);
    const cleanUp = dialog.getByRole('group', { name: 'Spam clean-up' });
    await cleanUp.getByRole('checkbox', { name: 'Delete their messages in public channels' }).check();
    await expect(cleanUp.getByRole('note')).toContainText('This is permanent');
    const submit = dialog.getByRole('button', { name: 'Deactivate and delete' });
    await expect(submit).toBeDisabled();
    await cleanUp.getByRole('textbox', { name: /to confirm/ }).fill('delete messages');
    await submit.click();

    await expect(
      page.getByText(`${spammer.full_name} was deactivated. The server deleted their messages in public channels.`),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    // The chat server itself no longer has them, nor the account active.
    expect(await topicMessageIds('admin@demo.test', channel, topic)).toEqual([]);
    expect((await person(spammer.user_id)).is_active).toBe(false);
    await expect(
      page.getByRole('dialog', { name: spammer.full_name }).getByRole('button', { name: 'Reactivate' }),
    ).toBeVisible();
  } finally {
    // Reactivated for the specs after this one (the deleted messages stay deleted, as on a real server).
    await simCall('admin@demo.test', 'POST', `/users/${spammer.user_id}/reactivate`);
  }
});

test('at level 458 the clean-up is disabled with the reason, and the dialog fits a 390-pixel phone', async ({
  page,
  request,
}) => {
  const [picked] = await pickMembers(1, 71);
  const target = await person(picked!.user_id);
  await switchFeatureLevel(request, 458);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    const dialog = await openDeactivateDialog(page, target);
    const cleanUp = dialog.getByRole('group', { name: 'Spam clean-up' });
    await expect(cleanUp).toContainText('Needs a newer chat server: feature level 459, this one is at 458.');
    for (const name of [
      'Delete their messages in public channels',
      'Delete their messages in private channels',
      'Delete their direct messages',
      'Delete their profile',
    ]) {
      await expect(cleanUp.getByRole('checkbox', { name })).toBeDisabled();
    }
    await expect(dialog.getByRole('button', { name: 'Deactivate user' })).toBeEnabled();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await person(target.user_id)).is_active).toBe(true);
  } finally {
    await page.setViewportSize({ width: 1440, height: 900 });
    await restoreFeatureLevel(request);
  }
});

test('an account imported from another product that never signed in shows as such, in the list and its details', async ({
  page,
  request,
}) => {
  await switchFeatureLevel(request, DEMO_LEVEL);
  const { members } = (await simCall('admin@demo.test', 'GET', '/users')) as unknown as { members: SimPerson[] };
  const stubs = members.filter((m) => m.is_imported_stub === true);
  expect(stubs.length).toBeGreaterThan(0);
  const stub = stubs[0]!;
  await signIn(
    page,
    'admin@demo.test',
    undefined,
    `/users?q=${encodeURIComponent(stub.full_name)}&user=${stub.user_id}`,
  );
  const drawer = page.getByRole('dialog', { name: stub.full_name });
  await expect(drawer.getByText('Imported, never signed in')).toBeVisible();
  await expect(drawer).toContainText('Active, imported from another product and never signed in');
  await drawer.getByRole('button', { name: 'Close user details' }).click();

  const row = page.getByRole('row', { name: new RegExp(stub.full_name) });
  await expect(row).toContainText('Imported, never signed in');

  // The activity filter lists exactly the imported accounts.
  await page.getByLabel('Search users').fill('');
  await page.getByLabel('Activity').selectOption({ label: 'Imported, never signed in' });
  const table = page.getByRole('table', { name: 'Users' });
  for (const s of stubs) await expect(table.getByRole('row', { name: new RegExp(s.full_name) })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(stubs.length + 1);
});
