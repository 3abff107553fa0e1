// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { ChannelsPage } from './channels-page';

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 3 });

async function renderPage() {
  const view = renderWithProviders(<ChannelsPage />, { route: '/channels' });
  await screen.findByRole('heading', { name: 'Channels' });
  return view;
}

const channelRow = (name: string) => screen.findByRole('row', { name: new RegExp(`^${name}`) });

describe('Channels', () => {
  it('lists the channels and filters them by name in the URL', async () => {
    const view = await renderPage();
    expect(await channelRow('general')).toBeInTheDocument();
    expect(await channelRow('design')).toBeInTheDocument();

    await view.user.type(screen.getByRole('textbox', { name: 'Search channels' }), 'general');
    await waitFor(() => expect(screen.getByText('1 channel')).toBeInTheDocument());
    expect(screen.queryByRole('row', { name: /^design/ })).toBeNull();
    expect(view.searchParams().toString()).toContain('general');
  });

  it('creates a channel on the server and opens it', async () => {
    const view = await renderPage();
    await view.user.click(await screen.findByRole('button', { name: 'Create channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create channel' });
    await view.user.type(within(dialog).getByLabelText(/^Name/), 'release-notes');
    await view.user.click(within(dialog).getByRole('button', { name: 'Create channel' }));
    await waitFor(() => expect(env.sim.store.channels.some((c) => c.name === 'release-notes')).toBe(true));
    expect(await screen.findByRole('dialog', { name: '#release-notes' })).toBeInTheDocument();
  });

  it('shows the server’s refusal of a taken name and keeps the form', async () => {
    const before = env.sim.store.channels.length;
    const view = await renderPage();
    await view.user.click(await screen.findByRole('button', { name: 'Create channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create channel' });
    await view.user.type(within(dialog).getByLabelText(/^Name/), 'general');
    await view.user.click(within(dialog).getByRole('button', { name: 'Create channel' }));
    expect(await within(dialog).findByText("Channel 'general' already exists")).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('general');
    expect(env.sim.store.channels).toHaveLength(before);
  });
});
