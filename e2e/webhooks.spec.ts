import { expect, signIn, test } from './fixtures';
import { simCall } from './sim-api';

const BOT_EMAIL = 'standup-bot@demo.test';
const BOT_NAME = 'Standup Helper';

/** The simulator's control API for outgoing-webhook bots: reads the bot's token, and sets its URL when given. */
async function outgoingWebhook(params: Record<string, string>): Promise<{ token: string; url: string | null }> {
  const res = await fetch(`${process.env.E2E_SVC_URL}/__sim/outgoing-webhook`, {
    method: 'POST',
    body: new URLSearchParams({ bot_email: BOT_EMAIL, ...params }),
  });
  if (!res.ok) throw new Error(`sim control outgoing-webhook: ${res.status} ${await res.text()}`);
  return (await res.json()) as { token: string; url: string | null };
}

test.afterEach(async () => {
  await outgoingWebhook({ url: '' });
});

test('an admin registers an endpoint for the outgoing-webhook bot and watches a test delivery and the reply', async ({
  page,
}) => {
  const topic = `webhook e2e ${Date.now().toString(36)}`;
  const replyText = `Standup noted (${topic})`;
  // As an administrator would copy it from the bot's configuration file.
  const { token } = await outgoingWebhook({});

  await signIn(page, 'admin@demo.test', undefined, '/webhooks');
  await expect(page.getByRole('heading', { name: 'Outgoing webhooks', level: 2 })).toBeVisible();
  const bots = page.getByRole('table', { name: 'Outgoing-webhook bots' });
  await expect(bots.getByRole('cell', { name: BOT_NAME, exact: true })).toBeVisible();
  const cards = page.getByRole('region', { name: `Endpoint for ${BOT_NAME}` });
  const before = await cards.count();

  await bots.getByRole('button', { name: `Add endpoint for ${BOT_NAME}` }).click();
  const modal = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
  await modal.getByLabel('Bot token').fill(token);
  await modal.getByRole('button', { name: 'Create endpoint' }).click();
  await expect(modal).toBeHidden();
  await expect(cards).toHaveCount(before + 1);
  const card = cards.last();

  // The chat server is told where to deliver: the receiver URL the console shows.
  const receiverUrl = (await card.getByTestId('receiver-url').textContent())!.trim();
  expect(receiverUrl).toMatch(new RegExp(`^${process.env.E2E_BASE_URL}/hooks/outgoing/[\\w-]+$`));
  await outgoingWebhook({ url: receiverUrl });

  // The bot answers with a reply.
  await card.getByText('Reply as the bot').click();
  await card.getByLabel('Reply content').fill(replyText);
  await card.getByRole('button', { name: 'Save reply' }).click();
  await expect(card.getByText(JSON.stringify({ content: replyText }))).toBeVisible();

  await expect(card.getByText('No deliveries yet.', { exact: false })).toBeVisible();
  await card.getByLabel('Topic').fill(topic);
  await card.getByLabel('Message', { exact: true }).fill('what is on today?');
  await card.getByRole('button', { name: 'Send test message' }).click();
  await expect(card.getByRole('status')).toContainText('Sent');

  // The delivery arrives live, authenticated by the token, with its trigger and the raw Markdown.
  const delivery = card.getByTestId('delivery').first();
  await expect(delivery).toBeVisible({ timeout: 10_000 });
  await expect(delivery.getByText('mention', { exact: true })).toBeVisible();
  await expect(delivery).toContainText(`@**${BOT_NAME}** what is on today?`);
  await expect(delivery).toContainText(`#general > ${topic}`);
  await expect(delivery).toContainText('Admin');
  await delivery.getByText('Full JSON').click();
  await expect(delivery).toContainText('"bot_email": "standup-bot@demo.test"');
  await expect(delivery).toContainText('"token": "[redacted]"');
  await expect(delivery).not.toContainText(token);

  // The chat server posted the configured reply as the bot in the same topic.
  await expect(async () => {
    const body = await simCall('admin@demo.test', 'GET', '/messages', {
      anchor: 'newest',
      num_before: '10',
      num_after: '0',
      apply_markdown: 'false',
      narrow: JSON.stringify([
        { operator: 'channel', operand: 'general' },
        { operator: 'topic', operand: topic },
      ]),
    });
    const messages = body.messages as { sender_email: string; content: string }[];
    expect(messages.map((m) => [m.sender_email, m.content])).toEqual([
      ['admin@demo.test', `@**${BOT_NAME}** what is on today?`],
      [BOT_EMAIL, replyText],
    ]);
  }).toPass({ timeout: 10_000 });
});
