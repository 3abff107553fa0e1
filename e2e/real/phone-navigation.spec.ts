import { expect, signInAs, test } from './real-fixtures';

test('on a 390 px phone the navigation opens and closes on the page chosen, with the real server behind it', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  const toggle = page.getByRole('button', { name: 'Toggle navigation' });
  for (const name of ['Channels', 'Users'] as const) {
    await expect(navigation.getByRole('link', { name, exact: true })).not.toBeInViewport();
    await toggle.click();
    await navigation.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    await expect(navigation.getByRole('link', { name, exact: true })).not.toBeInViewport();
  }
});
