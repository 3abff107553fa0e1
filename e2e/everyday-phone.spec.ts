import type { Page } from '@playwright/test';
import { consolePages, expect, signIn, test } from './fixtures';
import { pickMembers, simCall } from './sim-api';

// Issue 43, item 3: on a 390-pixel phone every page fits the screen for every role; wide lists become cards or
// keep their main action in view; badges keep their words.

const PHONE = { width: 390, height: 844 };
/** #design: few subscribers, so a generated member is not in it yet. */
const DESIGN = 2;
const ROLES = ['owner', 'admin', 'moderator', 'member', 'guest'] as const;

/** The console's own pages (the proxy pages are measured by their own specs). */
const PAGES = [
  ...consolePages.filter((spec) => spec.nav?.section !== 'Proxy').map((spec) => spec.path),
  '/groups?view=access',
];

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** Badges whose words are cut to "AC…": their label is wider than the room it got. */
async function cutBadges(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('#main-content .mantine-Badge-label')]
      .filter((label) => label.checkVisibility() && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent ?? ''),
  );
}

for (const role of ROLES) {
  test(`as ${role}, every page fits a 390-pixel phone and no badge is cut`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    await signIn(page, `${role}@demo.test`);
    const wide: string[] = [];
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expect(page.getByText(/^Loading/)).toHaveCount(0, { timeout: 15_000 });
      await page.waitForLoadState('networkidle');
      const width = await pageWidth(page);
      if (width > PHONE.width) wide.push(`${path}: ${width} px`);
      for (const badge of await cutBadges(page)) wide.push(`${path}: badge “${badge}” is cut`);
    }
    expect(wide).toEqual([]);
  });
}

test('on a phone, profile fields and emoji are cards with their buttons in view', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'admin@demo.test', undefined, '/settings/profile-fields');
  const fields = page.getByRole('table', { name: 'Custom profile fields' });
  const phone = fields.getByRole('row', { name: /^Phone/ });
  await expect(phone.getByRole('button', { name: 'Delete Phone' })).toBeInViewport();
  // An empty Settings column is left out.
  await expect(fields.getByRole('columnheader', { name: 'Settings' })).toHaveCount(0);
  await page.goto('/settings/emoji');
  const emoji = page.getByRole('table', { name: 'Custom emoji' });
  const first = emoji.getByRole('row').nth(1);
  await first.scrollIntoViewIfNeeded();
  await expect(first.getByRole('button', { name: /^Deactivate/ })).toBeInViewport();
});

test('on a phone, Topic moderation keeps Resolve in view beside each topic', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'moderator@demo.test', undefined, '/topics');
  const row = page.getByRole('table', { name: 'Topics' }).getByRole('row').nth(1);
  await expect(row.getByRole('button', { name: /^(Resolve|Unresolve) / })).toBeInViewport();
  await expect(row).toContainText('#');
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
});

test('on a phone, the audit says what each entry did and how it ended, in view', async ({ page }) => {
  await page.setViewportSize(PHONE);
  // Signing in is itself an entry; nothing else is asked of the shared demo (exports count towards its limit).
  await signIn(page, 'owner@demo.test', undefined, '/audit');
  const row = page.getByRole('table', { name: 'Audit log' }).getByRole('row').nth(1);
  await expect(row.getByText('Sign in', { exact: true })).toBeInViewport({ ratio: 1 });
  await expect(row.getByText(/^Session · /)).toBeInViewport();
  await expect(row.getByText('Done', { exact: true })).toBeInViewport({ ratio: 1 });
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
});

test('on a phone, a bulk run is listed by what it did, its link whole and first', async ({ page }) => {
  const [someone] = await pickMembers(1, 140);
  await signIn(page, 'admin@demo.test');
  const origin = new URL(page.url()).origin;
  const headers = { origin, 'x-realm-console': '1', 'content-type': 'application/json' };
  const preview = await page.request.post(`${origin}/bff/bulk/preview`, {
    headers,
    data: { action: { kind: 'add_channels', channelIds: [DESIGN] }, userIds: [someone!.user_id] },
  });
  expect(preview.status(), await preview.text()).toBe(200);
  const { previewId, label } = (await preview.json()) as { previewId: string; label: string };
  const run = await page.request.post(`${origin}/bff/bulk/runs`, { headers, data: { previewId } });
  expect(run.status(), await run.text()).toBe(200);

  await page.setViewportSize(PHONE);
  await page.goto('/users/bulk-runs');
  const link = page.getByRole('table', { name: 'Bulk runs' }).getByRole('link', { name: label }).first();
  await expect(link).toBeInViewport();
  await expect(link).toHaveText(label);
  // Its whole label is shown, not cut to its first word.
  expect(await link.evaluate((a) => a.scrollWidth <= a.clientWidth + 1)).toBe(true);
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
});

test('on a phone, Users starts with several people on the first screen, and fills the screen once scrolled to', async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await signIn(page, 'admin@demo.test');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row').nth(6)).toBeInViewport();
  // The disabled bulk actions wait until someone is selected.
  await expect(page.getByRole('button', { name: 'Deactivate…' })).toBeHidden();
  await table.evaluate((el) => el.scrollIntoView({ block: 'start' }));
  const box = await table.boundingBox();
  expect(box!.height).toBeGreaterThan(PHONE.height * 0.75);
});

test('on a phone, a webhook endpoint with a delivery fits the screen', async ({ page }) => {
  const control = async (params: Record<string, string>) => {
    const res = await fetch(`${process.env.E2E_SVC_URL}/__sim/outgoing-webhook`, {
      method: 'POST',
      body: new URLSearchParams({ bot_email: 'standup-bot@demo.test', ...params }),
    });
    return (await res.json()) as { token: string };
  };
  const { members } = (await simCall('admin@demo.test', 'GET', '/users')) as unknown as {
    members: { user_id: number; email: string }[];
  };
  const bot = members.find((m) => m.email === 'standup-bot@demo.test')!;
  await signIn(page, 'admin@demo.test', undefined, '/webhooks');
  const origin = new URL(page.url()).origin;
  const created = await page.request.post(`${origin}/bff/webhooks/endpoints`, {
    headers: { origin, 'x-realm-console': '1', 'content-type': 'application/json' },
    data: { botUserId: bot.user_id, token: (await control({})).token },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { endpoint: { id: string } }).endpoint;
  const receiverUrl = `${origin}/hooks/outgoing/${encodeURIComponent(id)}`;
  try {
    await control({ url: receiverUrl });
    await simCall('member@demo.test', 'POST', '/messages', {
      type: 'stream',
      to: 'general',
      topic: `phone webhook ${Date.now().toString(36)}`,
      content: '@**Standup Helper** what is on today?',
    });
    await page.setViewportSize(PHONE);
    await page.reload();
    const card = page.getByRole('region', { name: 'Endpoint for Standup Helper' }).last();
    await expect(card.getByRole('table', { name: 'Deliveries' }).getByRole('row').nth(1)).toBeVisible();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  } finally {
    await control({ url: '' });
    await page.request.delete(`${origin}/bff/webhooks/endpoints/${encodeURIComponent(id)}`, {
      headers: { origin, 'x-realm-console': '1' },
    });
  }
});
