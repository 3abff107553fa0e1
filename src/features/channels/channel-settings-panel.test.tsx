// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { ChannelsPage } from './channels-page';

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 3 });

const channelId = (name: string) => env.sim.store.channels.find((c) => c.name === name)!.stream_id;

async function openSettings(name: string) {
  const view = renderWithProviders(<ChannelsPage />, { route: `/channels?channel=${channelId(name)}&tab=settings` });
  const drawer = await screen.findByRole('dialog', { name: `#${name}` });
  return { view, drawer };
}

describe('Channel settings', () => {
  it('renames and describes with the server’s preview; a refused name keeps the edits and shows why', async () => {
    const { view, drawer } = await openSettings('design');
    const section = within(drawer).getByRole('region', { name: 'Name and description' });
    const name = within(section).getByRole('textbox', { name: /Channel name/ });
    const description = within(section).getByRole('textbox', { name: 'Description' });

    await view.user.clear(description);
    await view.user.type(description, 'Reviews in **bold**');
    await waitFor(() =>
      expect(within(section).getByRole('region', { name: 'Description preview' }).innerHTML).toContain(
        '<strong>bold</strong>',
      ),
    );

    await view.user.clear(name);
    await view.user.type(name, 'general');
    await view.user.click(within(section).getByRole('button', { name: 'Save name and description' }));
    expect(await within(section).findByText('Channel name is already in use.')).toBeInTheDocument();
    expect(name).toHaveValue('general');
    expect(description).toHaveValue('Reviews in **bold**');

    await view.user.clear(name);
    await view.user.type(name, 'design-reviews');
    await view.user.click(within(section).getByRole('button', { name: 'Save name and description' }));
    await waitFor(() => expect(env.sim.store.channel(channelId('design-reviews'))).toBeDefined());
    expect(env.sim.store.channel(channelId('design-reviews'))!.description).toBe('Reviews in **bold**');
  });

  it('makes a channel private with protected history', async () => {
    const { view, drawer } = await openSettings('design');
    const section = within(drawer).getByRole('region', { name: 'Privacy' });
    await view.user.click(within(section).getByRole('radio', { name: /Private, protected history/ }));
    await view.user.click(within(section).getByRole('button', { name: 'Save privacy' }));
    const id = channelId('design');
    await waitFor(() => expect(env.sim.store.channel(id)!.inviteOnly).toBe(true));
    expect(env.sim.store.channel(id)!.historyPublicToSubscribers).toBe(false);
  });

  it('says a default channel cannot become private, and shows the server’s refusal', async () => {
    const { view, drawer } = await openSettings('general');
    const section = within(drawer).getByRole('region', { name: 'Privacy' });
    await view.user.click(within(section).getByRole('radio', { name: /Private, shared history/ }));
    expect(await within(section).findByRole('note')).toHaveTextContent('a default channel cannot be private');
    await view.user.click(within(section).getByRole('button', { name: 'Save privacy' }));
    expect(await within(section).findByText('A default channel cannot be private.')).toBeInTheDocument();
  });

  it('is read-only for a member who does not administer the channel', async () => {
    env.signInAs('member@demo.test');
    const { drawer } = await openSettings('design');
    expect(
      await within(drawer).findByText(
        'Only organization administrators and this channel’s administrators can change its settings.',
      ),
    ).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Archive channel' })).toBeDisabled();
  });

  it('archives after a confirmation that says what happens, and unarchives', async () => {
    const { view, drawer } = await openSettings('design');
    await view.user.click(within(drawer).getByRole('button', { name: 'Archive channel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Archive #design?' });
    expect(dialog).toHaveTextContent('Its messages are not deleted');
    await view.user.click(within(dialog).getByRole('button', { name: 'Archive' }));
    const id = channelId('design');
    await waitFor(() => expect(env.sim.store.channel(id)!.isArchived).toBe(true));
    await view.user.click(await within(drawer).findByRole('button', { name: 'Unarchive channel' }));
    const undo = await screen.findByRole('dialog', { name: 'Unarchive #design?' });
    await view.user.click(within(undo).getByRole('button', { name: 'Unarchive' }));
    await waitFor(() => expect(env.sim.store.channel(id)!.isArchived).toBe(false));
  });
});

describe('Default channels', () => {
  it('lists, adds and removes the default channels', async () => {
    const view = renderWithProviders(<ChannelsPage />, { route: '/channels' });
    await view.user.click(await screen.findByRole('button', { name: 'Default channels' }));
    const dialog = await screen.findByRole('dialog', { name: 'Default channels for new users' });
    const table = await within(dialog).findByRole('table', { name: 'Default channels' });
    expect(table).toHaveTextContent('#announcementsRemove#generalRemove');

    await view.user.click(within(dialog).getByRole('combobox', { name: 'Add a default channel' }));
    await view.user.click(await screen.findByRole('option', { name: '#design' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(env.sim.store.channel(channelId('design'))!.isDefault).toBe(true));

    await view.user.click(within(dialog).getByRole('button', { name: 'Remove #general from the default channels' }));
    await waitFor(() => expect(env.sim.store.channel(channelId('general'))!.isDefault).toBe(false));
  });
});

describe('Channel folders', () => {
  it('creates, renames, reorders and archives folders', async () => {
    const view = renderWithProviders(<ChannelsPage />, { route: '/channels' });
    await view.user.click(await screen.findByRole('button', { name: 'Channel folders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Channel folders' });
    await within(dialog).findByRole('table', { name: 'Channel folders' });

    await view.user.type(within(dialog).getByRole('textbox', { name: 'New folder' }), 'Ops');
    await view.user.click(within(dialog).getByRole('button', { name: 'Create folder' }));
    await waitFor(() => expect(env.sim.store.channelFolders.some((f) => f.name === 'Ops')).toBe(true));

    await view.user.click(await within(dialog).findByRole('button', { name: 'Rename Ops' }));
    const input = within(dialog).getByRole('textbox', { name: 'New name for Ops' });
    await view.user.clear(input);
    await view.user.type(input, 'Operations');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(env.sim.store.channelFolders.some((f) => f.name === 'Operations')).toBe(true));

    await view.user.click(await within(dialog).findByRole('button', { name: 'Move Operations up' }));
    await waitFor(() => {
      const ordered = [...env.sim.store.channelFolders].sort((a, b) => a.order - b.order).map((f) => f.name);
      expect(ordered.indexOf('Operations')).toBe(ordered.length - 2);
    });

    await view.user.click(within(dialog).getByRole('button', { name: 'Archive Operations' }));
    await waitFor(() =>
      expect(env.sim.store.channelFolders.find((f) => f.name === 'Operations')!.isArchived).toBe(true),
    );
  });
});
