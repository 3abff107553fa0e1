import { expect, signIn, test } from './fixtures';
import { restoreFeatureLevel, simControl } from './sim-api';

test('the server page shows version and capabilities; at level 300 channel creation is unavailable', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.getByRole('link', { name: 'Server & capabilities' }).click();
  await expect(page.getByRole('heading', { name: 'Server & capabilities' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Console capabilities on this server' });
  const createRow = table.getByRole('row', { name: /Create channels/ });
  await expect(createRow).toContainText('417');
  await expect(createRow).toContainText('Available');

  await simControl('feature-level', { level: '300' });
  try {
    await page.reload();
    await expect(page.getByText('Feature level', { exact: true }).locator('..')).toContainText('300');
    await expect(createRow).toContainText('Unavailable');
    await expect(table.getByRole('row', { name: /Fetch messages by ID/ })).toContainText('Available');
  } finally {
    await restoreFeatureLevel(page.request);
  }
});
