import AxeBuilder from '@axe-core/playwright';
import { expect, signIn, test } from './fixtures';
import { simApiKey, simCall, simControl } from './sim-api';

const PAGE = '/settings/data';

test('an admin requests an export, sees it prepared live, downloads it and deletes it; the audit says each step', async ({
  page,
}) => {
  // The simulated worker waits, so the journey sees the export while it is being prepared.
  await simControl('export-worker', { mode: 'hold' });
  try {
    await signIn(page, 'admin@demo.test');
    await page.getByRole('link', { name: 'Data exports & playgrounds' }).click();
    await expect(page.getByRole('heading', { name: 'Data exports & playgrounds', level: 2 })).toBeVisible();
    await page.getByRole('radio', { name: 'Public data', exact: true }).check();
    await page.getByRole('button', { name: 'Request export…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a data export?' });
    await expect(dialog).toContainText('Anyone who has the download link can download the file');
    await dialog.getByRole('button', { name: 'Request export' }).click();
    await expect(dialog).toBeHidden();

    const table = page.getByRole('table', { name: 'Data exports' });
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText('Being prepared');
    await expect(row.getByRole('link', { name: /Download/ })).toHaveCount(0);
    const id = ((await row.getByRole('cell').first().textContent()) ?? '').replace('#', '');
    // At the demo's level (500) the server was asked in its own spelling: the type is a word (level 449).
    const { exports } = (await simCall('admin@demo.test', 'GET', '/export/realm')) as unknown as {
      exports: { id: number; export_type: unknown }[];
    };
    expect(exports.find((e) => String(e.id) === id)?.export_type).toBe('public');

    // The server's worker finishes: the row turns Ready by itself (a realm_export event).
    await simControl('export-worker', { mode: 'finish' });
    await expect(row).toContainText('Ready');
    const link = row.getByRole('link', { name: `Download export #${id}` });
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/\/user_avatars\/exports\/\d+\/[\w-]+\/zulip-export-\w+\.tar\.gz$/);
    // The link is the server's own: no credential of the admin's is in it, and none is needed to use it.
    expect(href).not.toContain(await simApiKey('admin@demo.test'));
    const file = await fetch(href);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/gzip');

    await row.getByRole('button', { name: `Delete export #${id}` }).click();
    const confirm = page.getByRole('dialog', { name: `Delete export #${id}?` });
    await confirm.getByRole('button', { name: 'Delete export' }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toContainText('Deleted');
    await expect(row.getByRole('link')).toHaveCount(0);
    expect((await fetch(href)).status).toBe(404);

    await page.goto('/audit?operation=exportRealm,deleteRealmExport');
    const audit = page.getByRole('main');
    await expect(audit).toContainText('Request data export');
    await expect(audit).toContainText('Requested a public data export.');
    await expect(audit).toContainText("Deleted the data export's file.");
  } finally {
    await simControl('export-worker', { mode: 'auto' });
  }
});

test("an export with private data is refused in the server's words until an owner consents", async ({ page }) => {
  await signIn(page, 'admin@demo.test', undefined, PAGE);
  await expect(page.getByRole('status', { name: 'Consent to private data export' })).toContainText('no owner has');
  await page.getByRole('radio', { name: /private data of those who consented/ }).check();
  await page.getByRole('button', { name: 'Request export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a data export?' });
  await dialog.getByRole('button', { name: 'Request export' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'Make sure at least one Organization Owner is consenting to the export or contact',
  );
});

test('an admin adds a code playground (checked in the form), and removes it after confirming', async ({ page }) => {
  const name = `E2E playground ${Date.now().toString(36)}`;
  try {
    await signIn(page, 'admin@demo.test', undefined, PAGE);
    const form = page.getByRole('form', { name: 'Add code playground' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Pygments language').fill('Python');
    await form.getByLabel('URL template').fill('https://play.example.com/?src={source}');
    await form.getByRole('button', { name: 'Add playground' }).click();
    await expect(form.getByText('Missing the required variable "code" in the URL template')).toBeVisible();
    await form.getByLabel('URL template').fill('https://play.example.com/?src={code}');
    await expect(form.getByLabel('Example link')).toContainText('https://play.example.com/?src=print%28%22Hello%22%29');
    await form.getByRole('button', { name: 'Add playground' }).click();

    const row = page.getByRole('table', { name: 'Code playgrounds' }).getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText('Python');
    await expect(form.getByLabel('Name')).toHaveValue('');

    await row.getByRole('button', { name: `Remove ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove playground?' });
    await expect(dialog).toContainText('Messages are not changed.');
    await dialog.getByRole('button', { name: 'Remove playground' }).click();
    await expect(row).toHaveCount(0);

    await page.goto('/audit?operation=addCodePlayground,removeCodePlayground');
    const audit = page.getByRole('main');
    await expect(audit).toContainText(`Added the code playground “${name}” for Python code`);
    await expect(audit).toContainText('Removed the code playground.');
  } finally {
    const { realm_playgrounds: left } = (await simCall('admin@demo.test', 'POST', '/register', {
      fetch_event_types: '["realm_playgrounds"]',
      event_types: '["realm_playgrounds"]',
    })) as { realm_playgrounds: { id: number; name: string }[] };
    for (const p of left.filter((p) => p.name === name)) {
      await simCall('admin@demo.test', 'DELETE', `/realm/playgrounds/${p.id}`);
    }
  }
});

test('a playground added elsewhere shows up live', async ({ page }) => {
  const name = `Elsewhere ${Date.now().toString(36)}`;
  await signIn(page, 'admin@demo.test', undefined, PAGE);
  await expect(page.getByRole('form', { name: 'Add code playground' })).toBeVisible();
  // Live first: a change made before the console's event queue exists reaches it only through a reload.
  await expect(page.getByLabel('Live updates: Live')).toBeVisible({ timeout: 20_000 });
  const { id } = (await simCall('owner@demo.test', 'POST', '/realm/playgrounds', {
    name,
    pygments_language: 'Rust',
    url_template: 'https://play.rust.example/?code={code}',
  })) as { id: number };
  try {
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Rust');
  } finally {
    await simCall('owner@demo.test', 'DELETE', `/realm/playgrounds/${id}`);
  }
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('members have no entry and are told the page is for administrators', async ({ page }) => {
  await signIn(page, 'moderator@demo.test', undefined, PAGE);
  await expect(page.getByText('For administrators only')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Data exports & playgrounds' })).toHaveCount(0);
});

test('axe finds no serious or critical violation on the organization data page', async ({ page }) => {
  await signIn(page, 'admin@demo.test', undefined, PAGE);
  await expect(page.getByRole('form', { name: 'Add code playground' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Consent to private data export' })).toBeVisible();
  const violations = (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(violations).toEqual([]);
});
