import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { startProcess } from './stack';

const BOT_NAME = 'Standup Helper';
const BOT_EMAIL = 'standup-bot@demo.test';

async function pointBot(url: string): Promise<void> {
  const res = await fetch(`${process.env.E2E_SVC_URL}/__sim/outgoing-webhook`, {
    method: 'POST',
    body: new URLSearchParams({ bot_email: BOT_EMAIL, url }),
  });
  if (!res.ok) throw new Error(`sim control outgoing-webhook: ${res.status} ${await res.text()}`);
}

async function sendTestMessage(page: Page, card: ReturnType<Page['getByRole']>, topic: string) {
  await card.getByLabel('Topic').fill(topic);
  await card.getByLabel('Message', { exact: true }).fill('anyone there?');
  await card.getByRole('button', { name: 'Send test message' }).click();
  await expect(card.getByRole('status')).toContainText('Sent');
}

test.afterEach(async () => {
  await pointBot('');
});

test('a notification refused for a wrong token is listed in the inspector with the reason', async ({ page }) => {
  await signIn(page, 'admin@demo.test', undefined, '/webhooks');
  const cards = page.getByRole('region', { name: `Endpoint for ${BOT_NAME}` });
  const before = await cards.count();
  // The administrator pasted a token that is not the bot's.
  await page.getByRole('button', { name: `Add an endpoint for ${BOT_NAME}` }).click();
  const modal = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await modal.getByLabel('Bot token').fill('NotTheBotsToken123');
  await modal.getByRole('button', { name: 'Create endpoint' }).click();
  await expect(modal).toBeHidden();
  await expect(cards).toHaveCount(before + 1);
  const card = cards.last();
  await pointBot((await card.getByTestId('receiver-url').textContent())!.trim());

  await sendTestMessage(page, card, `refused ${Date.now().toString(36)}`);
  const refused = card.getByRole('table', { name: 'Refused deliveries' });
  await expect(refused).toBeVisible({ timeout: 10_000 });
  await expect(refused.getByRole('row').nth(1)).toContainText('401');
  await expect(refused.getByRole('row').nth(1)).toContainText('wrong token');
  await expect(refused.getByRole('row').nth(1)).toContainText('The token does not match this endpoint’s bot.');
  await expect(card.getByText('No deliveries yet.', { exact: false })).toBeVisible();
});

test('in the demo, one click points the bot at the console and a test message shows up in the inspector', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The embedded demo, as `npm start` runs it with no configuration (its own simulator on a free port).
  const dataDir = mkdtempSync(join(tmpdir(), 'rc-demo-webhooks-'));
  const { child, ready } = await startProcess<{ consoleUrl: string }>(
    ['src/server/main.ts'],
    {
      PORT: '0',
      SVC_URL: '',
      PROXY_URL: '',
      PROXY_API_KEY: '',
      SIM_SVC_PORT: '0',
      SIM_PROXY_PORT: '0',
      SIM_USERS: '5',
      DATA_DIR: dataDir,
      LOG_REQUESTS: 'false',
    },
    'REALM_CONSOLE_READY',
  );
  try {
    const base = ready.consoleUrl;
    await page.goto(`${base}/sign-in?next=${encodeURIComponent('/webhooks')}`);
    await page.getByLabel('Email').fill('admin@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Outgoing webhooks', level: 2 })).toBeVisible();

    await page.getByRole('button', { name: `Connect ${BOT_NAME} to this console (demo)` }).click();
    await expect(page.getByRole('status').filter({ hasText: 'now sends its notifications' })).toBeVisible();
    const card = page.getByRole('region', { name: `Endpoint for ${BOT_NAME}` });
    await expect(card).toHaveCount(1);

    await sendTestMessage(page, card, 'demo webhook');
    const delivery = card.getByTestId('delivery').first();
    await expect(delivery).toBeVisible({ timeout: 10_000 });
    await expect(delivery).toContainText(`@**${BOT_NAME}** anyone there?`);
    await expect(card.getByRole('table', { name: 'Refused deliveries' })).toHaveCount(0);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
});
