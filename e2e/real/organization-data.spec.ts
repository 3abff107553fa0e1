import { account, expect, signInAs, test, unique, zulipApi } from './real-fixtures';

const PAGE = '/settings/data';

interface RealExport {
  id: number;
  export_time: number;
}

/** How many exports the organization asked for in the last seven days: the server makes at most five. */
async function exportsThisWeek(): Promise<number> {
  const { exports } = await zulipApi<{ exports: RealExport[] }>('admin', 'GET', '/export/realm');
  const weekAgo = Date.now() / 1000 - 7 * 24 * 3600;
  return exports.filter((e) => e.export_time >= weekAgo).length;
}

async function playgrounds(): Promise<{ id: number; name: string }[]> {
  const state = await zulipApi<{ realm_playgrounds: { id: number; name: string }[] }>('admin', 'POST', '/register', {
    event_types: ['realm_playgrounds'],
    fetch_event_types: ['realm_playgrounds'],
  });
  return state.realm_playgrounds;
}

test('an admin requests a public export on the real server, downloads it when ready and deletes it', async ({
  page,
}) => {
  // The real server's worker makes the file in seconds; the limit of five a week decides what the journey sees.
  test.setTimeout(120_000);
  const usedThisWeek = await exportsThisWeek();
  await signInAs(page, 'admin', PAGE);

  // No owner of the development organization consents to exporting private data: the server says so.
  await page.getByRole('radio', { name: /private data of those who consented/ }).check();
  await page.getByRole('button', { name: 'Request export…' }).click();
  let dialog = page.getByRole('dialog', { name: 'Request a data export?' });
  await dialog.getByRole('button', { name: 'Request export' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    usedThisWeek >= 5
      ? 'Exceeded rate limit.'
      : 'Make sure at least one Organization Owner is consenting to the export or contact',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('radio', { name: 'Public data', exact: true }).check();
  await page.getByRole('button', { name: 'Request export…' }).click();
  dialog = page.getByRole('dialog', { name: 'Request a data export?' });
  await dialog.getByRole('button', { name: 'Request export' }).click();
  if (usedThisWeek >= 5) {
    await expect(dialog.getByRole('alert')).toContainText('Exceeded rate limit.');
    return;
  }
  await expect(dialog).toBeHidden();
  const row = page.getByRole('table', { name: 'Data exports' }).getByRole('row').nth(1);
  await expect(row).toContainText('Iago');
  // This server (level 372) was asked in its own spelling, the number 1, and the console shows it in words.
  const { exports } = await zulipApi<{ exports: (RealExport & { export_type?: unknown })[] }>(
    'admin',
    'GET',
    '/export/realm',
  );
  expect(exports.reduce((a, b) => (b.id > a.id ? b : a)).export_type).toBe(1);
  await expect(row).toContainText('Public data');
  // Being prepared first; Ready when the server's worker has made the file (a realm_export event).
  await expect(row).toContainText('Ready', { timeout: 90_000 });
  const id = ((await row.getByRole('cell').first().textContent()) ?? '').replace('#', '');
  const href = (await row.getByRole('link', { name: `Download export #${id}` }).getAttribute('href')) ?? '';
  expect(href).toContain('/user_avatars/exports/');
  expect(href).not.toContain(account('admin').api_key);
  const file = await fetch(href);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('application/gzip');

  await row.getByRole('button', { name: `Delete export #${id}` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete export #${id}?` });
  await confirm.getByRole('button', { name: 'Delete export' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('Deleted');
  expect((await fetch(href)).status).not.toBe(200);
});

test('an admin adds and removes a code playground on the real server; a duplicate is refused in its words', async ({
  page,
}) => {
  const name = unique('E2E playground');
  try {
    await signInAs(page, 'admin', PAGE);
    const form = page.getByRole('form', { name: 'Add code playground' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Pygments language').fill('Python');
    await form.getByLabel('URL template').fill('https://play.example.com/?code={code}');
    await form.getByRole('button', { name: 'Add playground' }).click();
    const row = page.getByRole('table', { name: 'Code playgrounds' }).getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('https://play.example.com/?code={code}');
    expect((await playgrounds()).filter((p) => p.name === name)).toHaveLength(1);

    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Pygments language').fill('Python');
    await form.getByLabel('URL template').fill('https://other.example.com/{code}');
    await form.getByRole('button', { name: 'Add playground' }).click();
    await expect(form.getByRole('alert')).toContainText(
      'Realm playground with this Realm, Pygments language and Name already exists.',
    );
    await expect(form.getByLabel('URL template')).toHaveValue('https://other.example.com/{code}');

    await row.getByRole('button', { name: `Remove ${name}` }).click();
    await page
      .getByRole('dialog', { name: 'Remove playground?' })
      .getByRole('button', { name: 'Remove playground' })
      .click();
    await expect(row).toHaveCount(0);
    expect((await playgrounds()).filter((p) => p.name === name)).toHaveLength(0);
  } finally {
    for (const p of (await playgrounds()).filter((p) => p.name === name)) {
      await zulipApi('admin', 'DELETE', `/realm/playgrounds/${p.id}`);
    }
  }
});

test('a member is told the organization data page is for administrators', async ({ page }) => {
  await signInAs(page, 'member', PAGE);
  await expect(page.getByText('For administrators only')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Data exports & playgrounds' })).toHaveCount(0);
});
