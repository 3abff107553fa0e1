import type { Page } from '@playwright/test';
import { expect, signIn, test, requestPublicExport } from './fixtures';
import { DEMO_LEVEL, restoreFeatureLevel, simCall, simControl, switchFeatureLevel } from './sim-api';

/**
 * Today's servers (Zulip 11 and 12) spell some things differently from the level-372 server the console was
 * first proven on. Each journey runs at the demo's level (500) and below the change, and checks what reached
 * the simulator, which spells by its own reading of the changelog.
 */

async function defaultsOnServer(): Promise<Record<string, unknown>> {
  const registered = await simCall('admin@demo.test', 'POST', '/register', {
    event_types: '[]',
    fetch_event_types: '["realm_user_settings_defaults"]',
  });
  await simCall('admin@demo.test', 'DELETE', '/events', { queue_id: String(registered.queue_id) });
  return registered.realm_user_settings_defaults as Record<string, unknown>;
}

async function saveHomeView(page: Page, label: string) {
  await signIn(page, 'admin@demo.test', undefined, '/settings/new-user-defaults');
  const home = page.getByLabel('Home view', { exact: true });
  await expect(home).toBeEnabled();
  await home.selectOption({ label });
  const bar = page.getByRole('region', { name: 'Unsaved changes' });
  await bar.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Defaults saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Home view', { exact: true })).toHaveValue('recent');
}

for (const [level, spelled] of [
  [DEMO_LEVEL, 'recent'],
  [453, 'recent_topics'],
] as const) {
  test(`at level ${level} "Recent conversations" is saved as new members' home view (the server gets "${spelled}")`, async ({
    page,
    request,
  }) => {
    const before = await defaultsOnServer();
    await switchFeatureLevel(request, level);
    try {
      // Start from another view so the choice is a change.
      await simCall('admin@demo.test', 'PATCH', '/realm/user_settings_defaults', { web_home_view: 'inbox' });
      await saveHomeView(page, 'Recent conversations');
      expect((await defaultsOnServer()).web_home_view).toBe(spelled);
      await expect(page.getByLabel('Home view', { exact: true })).not.toContainText('Other');
    } finally {
      await simCall('admin@demo.test', 'PATCH', '/realm/user_settings_defaults', {
        web_home_view: String(before.web_home_view),
      });
      await restoreFeatureLevel(request);
    }
  });
}

// At the demo's level the same journey is organization-data.spec.ts's first (the server at most makes five
// exports a week, so each level is requested once).
for (const [level, spelled] of [[420, 1]] as const) {
  test(`at level ${level} a public export is requested and listed with its progress (the server gets ${JSON.stringify(spelled)})`, async ({
    page,
    request,
  }) => {
    await switchFeatureLevel(request, level);
    await simControl('export-worker', { mode: 'hold' });
    try {
      await signIn(page, 'admin@demo.test', undefined, '/settings/data');
      await requestPublicExport(page);
      const row = page.getByRole('table', { name: 'Data exports' }).getByRole('row').nth(1);
      await expect(row).toContainText('Being prepared');
      await expect(row).toContainText('Public data');
      const { exports } = (await simCall('admin@demo.test', 'GET', '/export/realm')) as unknown as {
        exports: { id: number; export_type: unknown }[];
      };
      expect(exports.at(-1)?.export_type).toBe(spelled);
      // The server's worker finishes: the live event (in the server's spelling) turns the row Ready.
      await simControl('export-worker', { mode: 'finish' });
      await expect(row).toContainText('Ready');
      await expect(row).toContainText('Public data');
    } finally {
      await simControl('export-worker', { mode: 'auto' });
      await restoreFeatureLevel(request);
    }
  });
}

const WITHOUT_CONSENT = /Everything, including everyone’s private data, without consent/;

test('a full export without consent is offered only to an owner, only where the organization allows it, only from level 449', async ({
  page,
  browser,
  request,
}) => {
  await simControl('export-worker', { mode: 'hold' });
  try {
    // Not allowed by the organization: disabled, and the reason says who can change that.
    await simControl('realm-flags', { owner_full_content_access: 'false' });
    await signIn(page, 'owner@demo.test', undefined, '/settings/data');
    const radio = page.getByRole('radio', { name: WITHOUT_CONSENT });
    await expect(radio).toBeDisabled();
    await expect(page.getByText('does not give owners access to all private content')).toBeVisible();

    // Allowed (a server administrator's setting, read when the console registers): an administrator who is not
    // an owner still may not, an owner may.
    await simControl('realm-flags', { owner_full_content_access: 'true' });
    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, 'admin@demo.test', undefined, '/settings/data');
    await expect(admin.getByRole('radio', { name: WITHOUT_CONSENT })).toBeDisabled();
    await expect(admin.getByText('Only an owner of the organization can ask for it.')).toBeVisible();
    await admin.context().close();

    const owner = await (await browser.newContext()).newPage();
    await signIn(owner, 'owner@demo.test', undefined, '/settings/data');
    await owner.getByRole('radio', { name: WITHOUT_CONSENT }).check();
    await owner.getByRole('button', { name: 'Request export…' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Request a data export?' });
    await expect(dialog.getByRole('alert')).toContainText("Nobody's consent is asked");
    await dialog.getByRole('button', { name: 'Request export' }).click();
    await expect(dialog).toBeHidden();
    const row = owner.getByRole('table', { name: 'Data exports' }).getByRole('row').nth(1);
    await expect(row).toContainText('Everything, without consent');
    const { exports } = (await simCall('owner@demo.test', 'GET', '/export/realm')) as unknown as {
      exports: { export_type: unknown }[];
    };
    expect(exports.at(-1)?.export_type).toBe('full_without_consent');

    // Below 449 the choice does not exist: disabled with the level it needs.
    await switchFeatureLevel(request, 448);
    await owner.reload();
    await expect(owner.getByRole('radio', { name: WITHOUT_CONSENT })).toBeDisabled();
    await expect(owner.getByText('Needs a newer chat server: feature level 449, this one is at 448.')).toBeVisible();
    await owner.context().close();
  } finally {
    await simControl('realm-flags', { owner_full_content_access: 'false' });
    await simControl('export-worker', { mode: 'auto' });
    await restoreFeatureLevel(request);
  }
});

/** A file uploaded by `email` and a message of theirs linking it (new, so still within the edit time limit). */
async function messageWithUpload(email: string, topic: string, file: string): Promise<number> {
  const res = await fetch(`${process.env.E2E_SVC_URL}/__sim/upload`, {
    method: 'POST',
    body: new URLSearchParams({ email, name: file, size: '20480' }),
  });
  const upload = (await res.json()) as { id: number; link: string };
  const sent = await simCall(email, 'POST', '/messages', {
    type: 'stream',
    to: 'design',
    topic,
    content: `The new version is here.\n\n${upload.link}`,
  });
  expect(sent.result).toBe('success');
  return upload.id;
}

for (const level of [DEMO_LEVEL, 471]) {
  test(`at level ${level} an edit that leaves an upload orphaned offers to delete it, and deletes it`, async ({
    page,
    request,
  }) => {
    await switchFeatureLevel(request, level);
    try {
      const topic = `uploads ${level} ${Date.now().toString(36)}`;
      const file = `mock-up-${level}.png`;
      const id = await messageWithUpload('member@demo.test', topic, file);
      await signIn(page, 'member@demo.test', undefined, '/topics');
      await page.getByLabel('Search topics').fill(topic);
      await page
        .getByRole('row', { name: new RegExp(topic) })
        .first()
        .click();
      const drawer = page.getByRole('dialog', { name: `#design › ${topic}` });
      await drawer.getByRole('article').filter({ hasText: file }).getByRole('button', { name: 'Edit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit message' });
      await dialog.getByLabel('Your version').fill('The new version is coming.');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toContainText('The edit removed the last link to this file');
      await expect(dialog.getByRole('listitem')).toContainText(file);
      await dialog.getByRole('button', { name: 'Delete the files' }).click();
      await expect(dialog).toBeHidden();
      // The server no longer has it: deleting it again is refused.
      expect(await simCall('member@demo.test', 'DELETE', `/attachments/${id}`)).toMatchObject({
        result: 'error',
        msg: 'Invalid attachment',
      });
    } finally {
      await restoreFeatureLevel(request);
    }
  });
}
