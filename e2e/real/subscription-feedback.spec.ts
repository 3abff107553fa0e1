import { expect, signInAs, test, zulipApi } from './real-fixtures';

// Mute changes on the real server say what was read back after them. Aaron: a dev-data member no other spec uses.
const AARON = 'AARON@zulip.com';

interface Subscriptions {
  subscriptions: { stream_id: number; name: string; is_muted: boolean }[];
}

test('muting a channel says it was seen saved, as the server then reads', async ({ page }) => {
  const [first] = (await zulipApi<Subscriptions>(AARON, 'GET', '/users/me/subscriptions')).subscriptions;
  test.skip(!first, 'Aaron follows no channel');
  const channel = first!;
  // Start unmuted, whatever an earlier run left.
  await zulipApi(AARON, 'POST', '/users/me/subscriptions/properties', {
    subscription_data: [{ stream_id: channel.stream_id, property: 'is_muted', value: false }],
  });
  await signInAs(page, AARON, '/me');
  const table = page.getByRole('table', { name: 'My channel subscriptions' });
  const mute = table.getByRole('switch', { name: `Mute #${channel.name}` });
  const feedback = page.getByRole('status', { name: 'Subscription change' });
  try {
    // The switch's input sits under its drawn track; the click lands on the track, as a person's would.
    await mute.click({ force: true });
    await expect(feedback).toHaveText(`Saved: #${channel.name} is muted.`);
    const after = (await zulipApi<Subscriptions>(AARON, 'GET', '/users/me/subscriptions')).subscriptions;
    expect(after.find((s) => s.stream_id === channel.stream_id)?.is_muted).toBe(true);
    // The switch's input sits under its drawn track; the click lands on the track, as a person's would.
    await mute.click({ force: true });
    await expect(feedback).toHaveText(`Saved: #${channel.name} is unmuted.`);
  } finally {
    await zulipApi(AARON, 'POST', '/users/me/subscriptions/properties', {
      subscription_data: [{ stream_id: channel.stream_id, property: 'is_muted', value: false }],
    });
  }
});
