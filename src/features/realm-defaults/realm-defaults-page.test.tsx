// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { callSim } from '../../sim/svc';
import { setupSimServer } from '../../testing/msw-sim';
import { createTestQueryClient } from '../../testing/render-with-providers';
import { realmDefaultsEventHandlers } from './live-events';
import { RealmDefaultsPage } from './realm-defaults-page';

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 5 });
const PAGE = '/settings/new-user-defaults';

/**
 * The page inside a data router (its unsaved-changes guard uses react-router's blocker, which the
 * declarative MemoryRouter of renderWithProviders does not support), with the app's other providers.
 */
function renderPage() {
  const router = createMemoryRouter(
    [
      { path: PAGE, element: <RealmDefaultsPage /> },
      { path: '/users', element: <h1>Users page</h1> },
    ],
    { initialEntries: [PAGE] },
  );
  const queryClient = createTestQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <MantineProvider env="test">
        <ModalsProvider>
          <Notifications />
          <RouterProvider router={router} />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), router, queryClient };
}

async function loaded() {
  const select = await screen.findByLabelText('Home view');
  await waitFor(() => expect(select).toBeEnabled());
  return select;
}

const saveBar = () => screen.getByRole('region', { name: 'Unsaved changes' });
const saveButton = () => within(saveBar()).getByRole('button', { name: 'Save changes' });

describe('Defaults for new users', () => {
  it('shows every group with labelled controls at the current values, and says who they apply to', async () => {
    renderPage();
    const home = await loaded();
    expect(screen.getByRole('note', { name: /Applies to users who join later/ })).toHaveTextContent(
      'Existing users keep their own settings',
    );
    for (const title of [
      'Appearance',
      'Home view and navigation',
      'Channel notifications',
      'Direct messages and mentions',
      'Followed topics',
      'Email',
      'Privacy and presence',
      'Composing',
    ]) {
      expect(screen.getByRole('region', { name: title })).toBeInTheDocument();
    }
    const appearance = screen.getByRole('region', { name: 'Appearance' });
    expect(home).toHaveDisplayValue('Inbox');
    expect(within(appearance).getByLabelText('Color theme')).toHaveDisplayValue('Automatic (follows the system)');
    expect(within(appearance).getByLabelText('Emoji style')).toHaveDisplayValue('Google');
    expect(within(appearance).getByLabelText('Play animated images')).toHaveDisplayValue('On hover');
    expect(within(appearance).getByLabelText('Font size')).toHaveValue('16 px');
    expect(within(appearance).getByLabelText('Line height')).toHaveValue('140%');
    expect(screen.getByLabelText('Opening a channel shows')).toHaveDisplayValue('Top topic in the channel');
    expect(screen.getByLabelText('Notification sound')).toHaveDisplayValue('Ding');
    expect(screen.getByRole('switch', { name: 'Save drafts on the server' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Enter sends the message' })).not.toBeChecked();
    // Removed at level 364.
    expect(screen.queryByRole('switch', { name: 'Dense mode' })).not.toBeInTheDocument();
    expect(saveBar()).toHaveTextContent('No unsaved changes');
    expect(saveButton()).toBeDisabled();
  });

  it('offers dense mode below level 364 and gates settings newer than the server', async () => {
    env.sim.control.setFeatureLevel(363);
    renderPage();
    await loaded();
    expect(screen.getByRole('switch', { name: 'Dense mode' })).toBeEnabled();
    const folders = screen.getByRole('switch', { name: 'Show channel folders in the left sidebar' });
    expect(folders).toBeDisabled();
    expect(screen.getByText('Needs a newer chat server: feature level 411, this one is at 363.')).toBeInTheDocument();
    const view = screen.getByLabelText('Opening a channel shows');
    expect(within(view).getByRole('option', { name: /List of topics/ })).toBeDisabled();
  });

  it('sends only the changed settings and shows the outcome', async () => {
    const { user } = renderPage();
    const home = await loaded();
    await user.selectOptions(home, 'Recent conversations');
    await user.selectOptions(screen.getByLabelText('Color theme'), 'Dark');
    expect(saveBar()).toHaveTextContent('2 unsaved changes');
    expect(screen.getByText('Unsaved change; saved value: Inbox.')).toBeInTheDocument();
    // Changing a setting back is not a change.
    await user.click(screen.getByRole('switch', { name: 'Enter sends the message' }));
    await user.click(screen.getByRole('switch', { name: 'Enter sends the message' }));
    expect(saveBar()).toHaveTextContent('2 unsaved changes');

    await user.click(saveButton());
    expect(await screen.findByText('Defaults saved')).toBeInTheDocument();
    expect(env.sim.emitted).toEqual([
      { type: 'realm_user_settings_defaults', op: 'update', property: 'color_scheme', value: 2 },
      { type: 'realm_user_settings_defaults', op: 'update', property: 'web_home_view', value: 'recent' },
    ]);
    await waitFor(() => expect(saveBar()).toHaveTextContent('No unsaved changes'));
    expect(home).toHaveDisplayValue('Recent conversations');
  });

  it('keeps the edits after a failed save and shows the server’s message verbatim', async () => {
    const { user } = renderPage();
    await loaded();
    const font = screen.getByLabelText('Font size');
    await user.clear(font);
    await user.type(font, '18');
    env.sim.control.failNext(1, 500);
    await user.click(saveButton());
    expect(await within(saveBar()).findByRole('alert')).toHaveTextContent('Internal server error');
    expect(font).toHaveValue('18 px');
    expect(saveBar()).toHaveTextContent('1 unsaved change');

    await user.click(saveButton());
    await waitFor(() => expect(env.sim.store.userSettingsDefaults.web_font_size_px).toBe(18));
    await waitFor(() => expect(within(saveBar()).queryByRole('alert')).not.toBeInTheDocument());
  });

  it('refuses numbers outside the offered range before sending', async () => {
    const { user } = renderPage();
    await loaded();
    const font = screen.getByLabelText('Font size');
    await user.clear(font);
    await user.type(font, '25');
    expect(screen.getByText('Enter a value from 12 to 20 px.')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await user.clear(font);
    expect(screen.getByText('Enter a number.')).toBeInTheDocument();
  });

  it('asks before turning drafts synchronization off', async () => {
    const { user } = renderPage();
    await loaded();
    await user.click(screen.getByRole('switch', { name: 'Save drafts on the server' }));
    await user.click(saveButton());
    let dialog = await screen.findByRole('dialog', { name: 'Turn off drafts synchronization for new users?' });
    expect(dialog).toHaveTextContent('every draft it has stored for them is deleted');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(env.sim.emitted).toEqual([]);
    expect(saveBar()).toHaveTextContent('1 unsaved change');

    await user.click(saveButton());
    dialog = await screen.findByRole('dialog', { name: 'Turn off drafts synchronization for new users?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off and save' }));
    await waitFor(() => expect(env.sim.store.userSettingsDefaults.enable_drafts_synchronization).toBe(false));
  });

  it('reports each ignored setting by name and shows the server’s value again', async () => {
    env.sim.control.setIgnoredParameters(['color_scheme']);
    const { user } = renderPage();
    await loaded();
    await user.selectOptions(screen.getByLabelText('Color theme'), 'Light');
    await user.selectOptions(screen.getByLabelText('Emoji style'), 'Plain text');
    await user.click(saveButton());
    const report = await within(saveBar()).findByRole('alert');
    expect(report).toHaveTextContent('The server ignored 1 setting');
    expect(within(report).getByRole('listitem')).toHaveTextContent('Color theme color_scheme');
    expect(env.sim.store.userSettingsDefaults).toMatchObject({ color_scheme: 1, emojiset: 'text' });
    expect(screen.getByLabelText('Color theme')).toHaveDisplayValue('Automatic (follows the system)');
    expect(saveBar()).toHaveTextContent('No unsaved changes');
    await user.click(within(report).getByRole('button', { name: 'Dismiss' }));
    expect(within(saveBar()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the values read-only, with the reason, to a moderator', async () => {
    env.signInAs('moderator@demo.test');
    renderPage();
    const home = await screen.findByLabelText('Home view');
    expect(screen.getByRole('note', { name: 'Read only' })).toHaveTextContent(
      'Only organization administrators can change these defaults.',
    );
    expect(home).toBeDisabled();
    expect(home).toHaveDisplayValue('Inbox');
    expect(screen.getByRole('switch', { name: 'Save drafts on the server' })).toBeDisabled();
    // The faded switch also says its state in words.
    expect(screen.getByText('Save drafts on the server').closest('span')).toHaveTextContent(
      /^Save drafts on the server(On|Off)$/,
    );
    expect(screen.getByLabelText('Font size')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user, router } = renderPage();
    const home = await loaded();
    await user.selectOptions(home, 'Combined feed');
    await router.navigate('/users');
    let dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(dialog).toHaveTextContent('You have 1 unsaved change to the defaults for new users.');
    await user.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(PAGE);
    expect(screen.getByLabelText('Home view')).toHaveDisplayValue('Combined feed');

    await router.navigate('/users');
    dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'Users page' })).toBeInTheDocument();
  });

  it('leaves without asking once the changes are discarded', async () => {
    const { user, router } = renderPage();
    const home = await loaded();
    await user.selectOptions(home, 'Combined feed');
    await user.click(within(saveBar()).getByRole('button', { name: 'Discard changes' }));
    expect(home).toHaveDisplayValue('Inbox');
    await router.navigate('/users');
    expect(await screen.findByRole('heading', { name: 'Users page' })).toBeInTheDocument();
  });

  it('follows changes made elsewhere while keeping the admin’s own edits', async () => {
    const { user, queryClient } = renderPage();
    const home = await loaded();
    await user.selectOptions(screen.getByLabelText('Color theme'), 'Dark');
    await callSim(env.sim, 'PATCH', '/realm/user_settings_defaults', {
      as: 'owner@demo.test',
      params: { web_home_view: 'all_messages', color_scheme: 3 },
    });
    env.sim.emitted.forEach((event, id) => realmDefaultsEventHandlers[event.type]!({ ...event, id }, queryClient));
    await waitFor(() => expect(home).toHaveDisplayValue('Combined feed'));
    expect(screen.getByLabelText('Color theme')).toHaveDisplayValue('Dark');
    expect(screen.getByText('Unsaved change; saved value: Light.')).toBeInTheDocument();
    expect(saveBar()).toHaveTextContent('1 unsaved change');
  });
});
