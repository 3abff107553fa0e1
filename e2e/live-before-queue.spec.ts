import { expect, signIn, test } from './fixtures';
import { pickMembers, simCall, simControl } from './sim-api';

/**
 * A sign-in shows the users page while the session's event queue registers. A read waits for a registration in
 * flight, but only up to a second (EventHub.beforeRead): the simulator holds the registration (`register-hold`)
 * longer, so the list is read before the queue, then someone's role changes straight on the chat server — an event
 * no queue carries — and only then the queue starts: the console must end with the change on screen (the BFF names
 * the list as read before the queue, and the page reads it again).
 */
test('a change made between the first users list and the event queue’s start is on screen once live', async ({
  page,
}) => {
  const [user] = await pickMembers(1, 5);
  await simControl('register-hold', { hold: 'true' });
  try {
    await signIn(page, 'admin@demo.test');
    await page.getByLabel('Search users').fill(user!.full_name);
    const row = page.getByRole('row', { name: new RegExp(user!.full_name) });
    // The page is there before the queue: the list was read, and the header does not claim to be live.
    await expect(row).toContainText('Member');
    await expect(page.getByLabel(/^Live updates: /)).toBeVisible();
    await expect(page.getByLabel('Live updates: Live')).toBeHidden();
    await simCall('admin@demo.test', 'PATCH', `/users/${user!.user_id}`, { role: '300' });
    await simControl('register-hold', { hold: 'false' });
    await expect(page.getByLabel('Live updates: Live')).toBeVisible({ timeout: 10_000 });
    await expect(row).toContainText('Moderator', { timeout: 5_000 });
  } finally {
    await simControl('register-hold', { hold: 'false' });
    await simCall('admin@demo.test', 'PATCH', `/users/${user!.user_id}`, { role: '400' });
  }
});
