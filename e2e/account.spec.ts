import { expect, signIn, test } from './fixtures';
import { DEMO_LEVEL, restoreFeatureLevel, simCall, simControl, switchFeatureLevel } from './sim-api';

for (const [level, label, word] of [
  [DEMO_LEVEL, 'Device ID', 'device ID'],
  [467, 'Push account ID', 'push account ID'],
] as const) {
  test(`at level ${level} the push test explains a missing device, then names the ${word} it tested`, async ({
    page,
    request,
  }) => {
    await simControl('push', { reset: '1' });
    await switchFeatureLevel(request, level);
    try {
      await signIn(page, 'member@demo.test', undefined, '/me');
      await page.getByRole('link', { name: 'My account' }).click();
      await expect(page.getByRole('heading', { name: 'My account', level: 2 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Mia Member' })).toBeVisible();

      const send = page.getByRole('button', { name: 'Send test push notification' });
      await send.click();
      const result = page.getByRole('status').filter({ hasText: 'No device to notify' });
      await expect(result).toContainText('no active mobile device registered');

      // A device with push account 4242 and device ID 7 (level 468 names devices by the latter).
      await simControl('push', { devices: '4242#7' });
      await send.click();
      const success = page.getByRole('status').filter({ hasText: 'Test notification sent' });
      await expect(success).toContainText('all your registered mobile devices');

      const id = level >= 468 ? '7' : '4242';
      await page.getByLabel(`${label} (optional)`).fill(id);
      await send.click();
      await expect(success).toContainText(`the device with ${word} ${id}. Check that it arrived.`);

      // The other identifier names no device of this server's kind: refused, and said so.
      await page.getByLabel(`${label} (optional)`).fill(level >= 468 ? '4242' : '7');
      await send.click();
      await expect(page.getByRole('status').filter({ hasText: 'No device to notify' })).toContainText(
        `No active device with ${word}`,
      );
    } finally {
      await simControl('push', { reset: '1' });
      await restoreFeatureLevel(request);
    }
  });
}

test('on a level-400 simulator the push test is disabled with the reason', async ({ page }) => {
  // The console caches the server's settings (SERVER_INFO_TTL_SECONDS, 1 s in these tests), so the new level
  // shows after a reload or two.
  await signIn(page, 'member@demo.test', undefined, '/me');
  await simControl('feature-level', { level: '400' });
  try {
    const send = page.getByRole('button', { name: 'Send test push notification' });
    await expect(async () => {
      await page.reload();
      await expect(send).toBeDisabled({ timeout: 2_000 });
    }).toPass({ timeout: 15_000, intervals: [500, 1_000, 2_000] });
    await expect(page.getByText('Needs a newer chat server: feature level 420, this one is at 400.')).toBeVisible();
    await expect(send).toHaveAccessibleDescription('Needs a newer chat server: feature level 420, this one is at 400.');
  } finally {
    await simControl('push', { reset: '1' });
    await restoreFeatureLevel(page.request);
  }
});

test('muting a channel in My channel subscriptions lasts across a reload', async ({ page }) => {
  await signIn(page, 'member@demo.test', undefined, '/me');
  const table = page.getByRole('table', { name: 'My channel subscriptions' });
  const mute = table.getByRole('switch', { name: 'Mute #design' });
  await expect(mute).not.toBeChecked();
  try {
    await mute.click({ force: true });
    await expect(mute).toBeChecked();
    await page.reload();
    await expect(
      page.getByRole('table', { name: 'My channel subscriptions' }).getByRole('switch', { name: 'Mute #design' }),
    ).toBeChecked();
  } finally {
    const restore = page.getByRole('switch', { name: 'Mute #design' });
    if (await restore.isChecked()) await restore.click({ force: true });
    await expect(restore).not.toBeChecked();
  }
});

test('a channel’s push notifications set in My channel subscriptions last across a reload', async ({ page }) => {
  await signIn(page, 'member@demo.test', undefined, '/me');
  const table = page.getByRole('table', { name: 'My channel subscriptions' });
  const push = table.getByRole('combobox', { name: 'Push notifications for #design' });
  const before = await push.inputValue();
  const next = before === 'off' ? 'on' : 'off';
  try {
    await push.selectOption(next);
    await expect(push).toHaveValue(next);
    await page.reload();
    await expect(
      page
        .getByRole('table', { name: 'My channel subscriptions' })
        .getByRole('combobox', { name: 'Push notifications for #design' }),
    ).toHaveValue(next);
  } finally {
    // "Default" cannot be chosen back (the endpoint takes only booleans); the other value restores a known state.
    if (before !== 'default')
      await page.getByRole('combobox', { name: 'Push notifications for #design' }).selectOption(before);
  }
});

test('Your sessions: signing the other browsers out from My account ends them there, not here', async ({ browser }) => {
  const here = await (await browser.newContext()).newPage();
  const there = await (await browser.newContext()).newPage();
  try {
    await signIn(there, 'moderator@demo.test', undefined, '/me');
    await signIn(here, 'moderator@demo.test', undefined, '/me');
    const table = here.getByRole('table', { name: 'Your sessions' });
    await expect(table.getByText('This browser')).toBeVisible();
    // `there`, and any other session of this account an earlier spec left: each is signed out after confirming.
    const others = table.getByRole('button', { name: 'Sign out' });
    await expect(others).not.toHaveCount(0);
    const dialog = here.getByRole('dialog', { name: 'Sign that browser out?' });
    for (let left = await others.count(); left > 0; left--) {
      await others.first().click();
      await dialog.getByRole('button', { name: 'Sign out that browser' }).click();
      await expect(dialog).toBeHidden();
      await expect(others).toHaveCount(left - 1);
    }
    // The other browser's next page load goes to sign-in; this one is still signed in.
    await there.reload();
    await expect(there).toHaveURL(/\/sign-in/);
    await here.reload();
    await expect(here.getByRole('table', { name: 'Your sessions' }).getByText('This browser')).toBeVisible();
  } finally {
    await here.context().close();
    await there.context().close();
  }
});

test('a member consents to private data in exports; the administrators’ list of consents shows it', async ({
  page,
}) => {
  const consents = async () =>
    (
      (await simCall('admin@demo.test', 'GET', '/export/realm/consents')) as {
        export_consents: { user_id: number; consented: boolean }[];
      }
    ).export_consents;
  const me = (await simCall('member@demo.test', 'GET', '/users/me')) as { user_id: number };
  await simCall('member@demo.test', 'PATCH', '/settings', { allow_private_data_export: 'false' });
  try {
    await signIn(page, 'member@demo.test', undefined, '/me');
    const section = page.getByRole('region', { name: 'Data exports' });
    const consent = section.getByRole('switch', {
      name: 'Allow administrators to include my private data in exports',
    });
    await expect(consent).toBeEnabled();
    await consent.click({ force: true });
    await expect(section.getByRole('status')).toHaveText('Saved: exports made with consent include your private data.');
    expect((await consents()).find((c) => c.user_id === me.user_id)?.consented).toBe(true);
  } finally {
    await simCall('member@demo.test', 'PATCH', '/settings', { allow_private_data_export: 'false' });
  }
});
