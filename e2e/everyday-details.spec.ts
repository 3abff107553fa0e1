import { expect, signIn, test } from './fixtures';

// Everyday details (issue 32, item 7): the console's frame paints before its scripts run.

test('a full page load paints the console’s frame from the HTML, in the system’s dark mode, until the app renders', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.emulateMedia({ colorScheme: 'dark' });
  // The scripts are held, as a slow machine would, until the frame has been seen.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/users', { waitUntil: 'commit' });
  const frame = page.getByRole('status', { name: 'Loading the console' });
  await expect(frame).toBeVisible();
  await expect(frame).toHaveCSS('background-color', 'rgb(36, 36, 36)');
  release();
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
  await expect(frame).toBeHidden();
});
