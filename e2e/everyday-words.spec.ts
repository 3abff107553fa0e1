import type { Page } from '@playwright/test';
import { consolePages, expect, signIn, test } from './fixtures';
import { pickMembers, simCall } from './sim-api';

// Issue 43, item 1: the console speaks in the words of its labels dictionary, never in the API's names or
// numbers: settings, groups, permissions, custom-field values, audit targets, emoji.

const ROLES = ['owner', 'admin', 'moderator', 'member', 'guest'] as const;

/** Every page of the navigation, and the panels that open over them. */
const PAGES = [
  ...consolePages.filter((spec) => spec.nav?.section !== 'Proxy').map((spec) => spec.path),
  '/users?user=11',
  '/groups?view=access',
  '/channels?channel=1',
  '/channels?channel=1&tab=settings',
];

/**
 * The text a person sees in the page and its open panels, line by line: code (templates, payloads, shortcuts)
 * shows the API's spelling on purpose and is left out, as are addresses and :emoji_names:.
 */
async function shownText(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out: string[] = [];
    const roots = [document.querySelector('#main-content'), ...document.querySelectorAll('[role="dialog"]')];
    for (const root of roots) {
      if (!root) continue;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('code, pre, kbd, textarea') || !parent.checkVisibility()) continue;
        const text = (node.textContent ?? '').trim();
        if (text) out.push(text);
      }
    }
    return out;
  });
  return texts.map((t) =>
    t
      .replace(/https?:\/\/\S+/g, '')
      .replace(/\S+@\S+/g, '')
      .replace(/:[a-z0-9_+-]+:/g, ''),
  );
}

/** An API identifier (`can_join_group`, `data_export`) or a bare enum number where a word exists. */
function apiWords(texts: readonly string[]): string[] {
  const found: string[] = [];
  for (const text of texts) {
    for (const [word] of text.matchAll(/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g)) found.push(`${word} in “${text}”`);
    // "group 14", "Unknown group 6", "Export type: 1", "color scheme: 1": a number standing for something that
    // has a name (every role, a guest too, gets the groups' names).
    if (/\bgroup \d+\b/.test(text) || /\b(?:type|scheme|visibility|policy): \d+\b/i.test(text))
      found.push(`a number for a name in “${text}”`);
  }
  return found;
}

async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 15_000 });
  await page.waitForLoadState('networkidle');
}

for (const role of ROLES) {
  test(`as ${role}, no page shows an API name or a bare number where a word exists`, async ({ page }) => {
    test.setTimeout(120_000);
    const { user_groups } = (await simCall('admin@demo.test', 'GET', '/user_groups')) as unknown as {
      user_groups: { id: number; is_system_group: boolean }[];
    };
    const group = user_groups.find((g) => !g.is_system_group)!.id;
    await signIn(page, `${role}@demo.test`);
    const found: string[] = [];
    for (const path of [...PAGES, `/groups?group=${group}&tab=permissions`]) {
      await page.goto(path);
      await settled(page);
      found.push(...apiWords(await shownText(page)).map((f) => `${path}: ${f}`));
    }
    expect(found).toEqual([]);
  });
}

test('a new member’s first day: settings as the Defaults page words them, groups by name, every permission listed', async ({
  page,
}) => {
  await signIn(page, 'admin@demo.test', undefined, '/invitations');
  const preview = page.getByRole('region', { name: "A new member's first day" });
  await expect(preview.getByRole('link', { name: 'Members (by their role)' })).toBeVisible();
  await expect(preview).not.toContainText('role:');

  // "Permissions (15 of 20)": the 15 are all listed, the rest named, nothing hidden in a scroll box.
  const heading = await preview.getByRole('heading', { name: /^Permissions \(\d+ of \d+\)$/ }).textContent();
  const held = Number(/\((\d+) of/.exec(heading ?? '')![1]);
  await expect(preview.getByRole('list', { name: 'Permissions they will hold' }).getByRole('listitem')).toHaveCount(
    held,
  );
  await expect(preview).toContainText('Not theirs:');

  const more = preview.getByRole('button', { name: /^Show all \d+ settings \(\d+ more\)$/ });
  await more.click();
  await expect(preview.getByRole('button', { name: 'Show fewer settings' })).toHaveAttribute('aria-expanded', 'true');
  await expect(preview).toContainText('Color theme: Automatic (follows the system)');
  await expect(preview).toContainText('Who can see the email address: ');
  await expect(preview).toContainText('Font size: 16 px');
  await expect(preview).not.toContainText(/color scheme|web font size|: \d+$/);
});

test('a user’s custom fields show the chosen option and the people by name, as the Edit dialog does', async ({
  page,
}) => {
  const [someone, mentor] = await pickMembers(2, 120);
  const tag = Date.now().toString(36);
  const editor = (await simCall('admin@demo.test', 'POST', '/realm/profile_fields', {
    name: `Editor ${tag}`,
    field_type: '3',
    field_data: JSON.stringify({ '0': { text: 'Vim', order: '1' }, '1': { text: 'Emacs', order: '2' } }),
  })) as { id: number };
  const mentorField = (await simCall('admin@demo.test', 'POST', '/realm/profile_fields', {
    name: `Mentor ${tag}`,
    field_type: '6',
  })) as { id: number };
  try {
    await simCall('admin@demo.test', 'PATCH', `/users/${someone!.user_id}`, {
      profile_data: JSON.stringify([
        { id: editor.id, value: '0' },
        { id: mentorField.id, value: [mentor!.user_id] },
      ]),
    });
    await signIn(page, 'admin@demo.test', undefined, `/users?user=${someone!.user_id}`);
    const drawer = page.getByRole('dialog', { name: someone!.full_name });
    const fields = drawer.getByRole('heading', { name: 'Custom profile fields' }).locator('xpath=..');
    await expect(fields).toContainText(`Editor ${tag}Vim`);
    await expect(fields).toContainText(`Mentor ${tag}${mentor!.full_name}`);
    await expect(fields).not.toContainText(`[${mentor!.user_id}]`);
  } finally {
    await simCall('admin@demo.test', 'DELETE', `/realm/profile_fields/${editor.id}`);
    await simCall('admin@demo.test', 'DELETE', `/realm/profile_fields/${mentorField.id}`);
  }
});

test('a group’s permissions are named by what they let people do, without their API names', async ({ page }) => {
  const { user_groups } = (await simCall('admin@demo.test', 'GET', '/user_groups')) as unknown as {
    user_groups: { id: number; name: string; is_system_group: boolean }[];
  };
  const group = user_groups.find((g) => !g.is_system_group)!;
  await signIn(page, 'admin@demo.test', undefined, `/groups?group=${group.id}&tab=permissions`);
  const table = page.getByRole('table', { name: 'Permission settings' });
  await expect(table).toContainText('Who can join');
  await expect(table).not.toContainText('can_');
});

test('a guest reads who may add custom emoji in words, not as a group’s number', async ({ page }) => {
  await signIn(page, 'guest@demo.test', undefined, '/settings/emoji');
  const main = page.getByRole('main');
  await expect(main).toContainText('Emoji the organization added. Guests cannot add them.');
  await expect(main).not.toContainText(/group \d+/);
});

test('a channel description shows its emoji, not the shortcode', async ({ page }) => {
  const { streams } = (await simCall('admin@demo.test', 'GET', '/streams')) as unknown as {
    streams: { stream_id: number; name: string; description: string }[];
  };
  const design = streams.find((s) => s.name === 'design')!;
  try {
    await simCall('admin@demo.test', 'PATCH', `/streams/${design.stream_id}`, {
      description: 'Lab notes :test_tube: here',
    });
    await signIn(page, 'member@demo.test', undefined, `/channels?channel=${design.stream_id}`);
    const drawer = page.getByRole('dialog', { name: '#design' });
    await expect(drawer).toContainText('Lab notes 🧪 here');
    await expect(drawer).not.toContainText(':test_tube:');
    await expect(page.getByRole('table', { name: 'Channels' }).getByRole('row', { name: /^design/ })).toContainText(
      'Lab notes 🧪 here',
    );
  } finally {
    await simCall('admin@demo.test', 'PATCH', `/streams/${design.stream_id}`, { description: design.description });
  }
});
