import { expect, signIn, test } from './fixtures';
import { restoreFeatureLevel, simControl } from './sim-api';

test('the server page shows version and capabilities; at level 500 it says the server is newer than the console knows; at level 300 channel creation is unavailable', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test');
  await page.getByRole('link', { name: 'Server & capabilities' }).click();
  await expect(page.getByRole('heading', { name: 'Server & capabilities' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Console capabilities on this server' });
  const createRow = table.getByRole('row', { name: /Create channels/ });
  await expect(createRow).toContainText('417');
  // The demo runs at level 500, newer than the changelog the console was checked against (489): said in words.
  const notice = page.getByRole('alert').filter({ hasText: 'Newer than this console has been checked against' });
  await expect(notice).toContainText('This server (feature level 500) is newer than this console has been checked');
  await expect(notice).toContainText('Data exports');
  await expect(createRow).toContainText('Expected');
  // The level the console was checked against is said once for the table, not in each row.
  await expect(page.getByRole('region', { name: 'Console capabilities on this server' })).toContainText(
    'The console was checked against servers up to level 489: above it, “Expected” means it should work.',
  );
  const spelling = page.getByRole('table', { name: 'Changes the console follows on this server' });
  await expect(spelling.getByRole('row', { name: /Data export types are sent and listed as words/ })).toContainText(
    'The new way',
  );
  await expect(page.getByRole('list', { name: 'Not offered by this console' })).toContainText('workplace users');

  await simControl('feature-level', { level: '300' });
  try {
    await page.reload();
    await expect(page.getByText('Feature level', { exact: true }).locator('..')).toContainText('300');
    await expect(createRow).toContainText('Unavailable');
    await expect(notice).toHaveCount(0);
    await expect(spelling.getByRole('row', { name: /Data export types are sent and listed as words/ })).toContainText(
      'The old way',
    );
    await expect(page.getByRole('list', { name: 'Not offered by this console' })).toHaveCount(0);
    await expect(table.getByRole('row', { name: /Fetch messages by ID/ })).toContainText('Available');
  } finally {
    await restoreFeatureLevel(page.request);
  }
});
