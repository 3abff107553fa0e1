// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { WebhooksPage } from './webhooks-page';

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 0 });

const BOT_EMAIL = 'standup-bot@demo.test';
const BOT_NAME = 'Standup Helper';

/** The bot's token, as an administrator copies it from the bot's configuration. */
function botToken(): { botId: number; token: string } {
  const { bot_id: botId, token } = env.sim.control.setOutgoingWebhook!({ botEmail: BOT_EMAIL });
  return { botId, token };
}

async function renderPage() {
  const view = renderWithProviders(<WebhooksPage />, { route: '/webhooks' });
  await screen.findByRole('heading', { name: 'Outgoing webhooks', level: 2 });
  return view;
}

async function openCreateDialog(view: Awaited<ReturnType<typeof renderPage>>) {
  const bots = await screen.findByRole('table', { name: 'Outgoing-webhook bots' });
  expect(within(bots).getByRole('cell', { name: BOT_NAME })).toBeInTheDocument();
  await view.user.click(within(bots).getByRole('button', { name: `Add an endpoint for ${BOT_NAME}` }));
  return screen.findByRole('dialog', { name: 'Add a webhook endpoint' });
}

describe('Outgoing webhooks', () => {
  it('lists the outgoing-webhook bots and registers an endpoint for one with its token', async () => {
    const { token } = botToken();
    const view = await renderPage();
    const dialog = await openCreateDialog(view);
    await view.user.type(within(dialog).getByLabelText(/^Bot token/), token);
    await view.user.click(within(dialog).getByRole('button', { name: 'Create endpoint' }));
    expect(await screen.findByRole('region', { name: `Endpoint for ${BOT_NAME}` })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a webhook endpoint' })).toBeNull());
    const stored = await env.bff.deps.webhooks.list();
    expect(stored.map((e) => e.bot.fullName)).toEqual([BOT_NAME]);
  });

  it('checks the token in the form, then shows the server’s refusal and keeps the dialog', async () => {
    const { botId, token } = botToken();
    const view = await renderPage();
    const dialog = await openCreateDialog(view);
    const field = within(dialog).getByLabelText(/^Bot token/);
    await view.user.type(field, 'not a token');
    await view.user.click(within(dialog).getByRole('button', { name: 'Create endpoint' }));
    expect(await within(dialog).findByText('A bot token has letters and digits only.')).toBeInTheDocument();

    // The bot is deactivated (by its owner, elsewhere) while the dialog is open: the BFF checks it upstream and
    // refuses.
    env.sim.store.users.find((u) => u.user_id === botId)!.isActive = false;
    await view.user.clear(field);
    await view.user.type(field, token);
    await view.user.click(within(dialog).getByRole('button', { name: 'Create endpoint' }));
    expect(await within(dialog).findByText(`${BOT_NAME} is not an active outgoing-webhook bot.`)).toBeInTheDocument();
    expect(await env.bff.deps.webhooks.list()).toEqual([]);
  });

  it('is for administrators only', async () => {
    env.signInAs('member@demo.test');
    await renderPage();
    expect(screen.getByText('For administrators only')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Outgoing-webhook bots' })).toBeNull();
    expect((await fetch('http://localhost:3000/bff/webhooks/endpoints')).status).toBe(403);
  });
});
