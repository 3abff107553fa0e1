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
import { RealmDefaultsPage } from './realm-defaults-page';

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 5, featureLevel: 500 });
const PAGE = '/settings/new-user-defaults';

/** The page in a data router (its unsaved-changes guard needs one), with the app's other providers. */
function renderPage() {
  const router = createMemoryRouter([{ path: PAGE, element: <RealmDefaultsPage /> }], { initialEntries: [PAGE] });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <MantineProvider env="test">
        <ModalsProvider>
          <Notifications />
          <RouterProvider router={router} />
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { user: userEvent.setup() };
}

async function loaded() {
  const select = await screen.findByLabelText('Home view', {}, { timeout: 5_000 });
  await waitFor(() => expect(select).toBeEnabled());
  return select;
}

const applyButton = () => screen.getByRole('button', { name: 'Apply to existing users…' });
const humans = () => env.sim.store.users.filter((u) => !u.isBot);
const byEmail = (email: string) => env.sim.store.users.find((u) => u.deliveryEmail === email)!;

describe('Defaults applied to existing users (level 444)', () => {
  it('applies a saved default to everyone, skipping who changed it themselves, and says only what the server did', async () => {
    // The member chose their own home view earlier, in another client.
    await callSim(env.sim, 'PATCH', '/settings', { as: 'member@demo.test', params: { web_home_view: 'recent' } });
    const { user } = renderPage();
    const home = await loaded();
    await user.selectOptions(home, 'Combined feed');
    expect(applyButton()).toBeDisabled();
    expect(
      screen.getByText('Save or discard your changes first: only saved defaults are applied.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Defaults saved')).toBeInTheDocument();
    await waitFor(() => expect(applyButton()).toBeEnabled());

    await user.click(applyButton());
    const dialog = await screen.findByRole('dialog', { name: 'Apply defaults to existing users?' });
    // The setting just saved is chosen, with its value.
    expect(within(dialog).getByRole('list', { name: 'Settings they will get' })).toHaveTextContent(
      'Home view: Combined feed',
    );
    const total = humans().length;
    const deactivated = humans().filter((u) => !u.isActive).length;
    const who = await within(dialog).findByRole('note', { name: 'Who is affected' });
    expect(who).toHaveTextContent(
      `Everyone with an account: ${total} people (${total - deactivated} active, ${deactivated} deactivated).`,
    );
    expect(
      within(dialog).getByRole('checkbox', { name: 'Skip people who changed a setting themselves' }),
    ).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: `Apply to ${total} people` }));

    expect(await screen.findByText('Applied to existing users')).toBeInTheDocument();
    expect(
      screen.getByText(
        `The chat server set Home view for the ${total} accounts asked for, except anyone who had changed it themselves. It does not report how many accounts this changed.`,
      ),
    ).toBeInTheDocument();
    expect(env.sim.store.personalSetting(byEmail('moderator@demo.test').user_id, 'web_home_view')).toBe('all_messages');
    expect(env.sim.store.personalSetting(byEmail('member@demo.test').user_id, 'web_home_view')).toBe('recent');
  });

  it('keeps privacy choices each person’s own, and needs a setting chosen', async () => {
    const { user } = renderPage();
    await loaded();
    await user.click(applyButton());
    const dialog = await screen.findByRole('dialog', { name: 'Apply defaults to existing users?' });
    await within(dialog).findByRole('note', { name: 'Who is affected' });
    const apply = within(dialog).getByRole('button', { name: /^Apply to \d+ people$/ });
    expect(apply).toBeDisabled();
    expect(within(dialog).getByText('Applying is possible once at least one setting is chosen.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'Settings to apply' }));
    expect(
      await screen.findByRole('option', { name: /Show availability to other users: On \(each person decides\)/ }),
    ).toHaveAttribute('data-combobox-disabled', 'true');
    await user.click(screen.getByRole('option', { name: 'Color theme: Automatic (follows the system)' }));
    expect(apply).toBeEnabled();
  });

  it('keeps the choice and shows the server’s message when it refuses', async () => {
    const { user } = renderPage();
    await loaded();
    await user.click(applyButton());
    const dialog = await screen.findByRole('dialog', { name: 'Apply defaults to existing users?' });
    await within(dialog).findByRole('note', { name: 'Who is affected' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Settings to apply' }));
    await user.click(await screen.findByRole('option', { name: 'Color theme: Automatic (follows the system)' }));
    env.sim.control.failNext(1, 500);
    await user.click(within(dialog).getByRole('button', { name: /^Apply to \d+ people$/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Internal server error');
    expect(within(dialog).getByRole('list', { name: 'Settings they will get' })).toHaveTextContent('Color theme');
  });

  it('is not offered below level 444, with the reason; the inbox folders default is there from 431', async () => {
    env.sim.control.setFeatureLevel(443);
    renderPage();
    await loaded();
    expect(applyButton()).toBeDisabled();
    expect(screen.getByText('Needs a newer chat server: feature level 444, this one is at 443.')).toBeInTheDocument();
    expect(screen.getByRole('note', { name: /Applies to users who join later/ })).toHaveTextContent(
      "saving a default here does not change anyone's settings today.",
    );
    expect(screen.getByRole('switch', { name: 'Show channel folders in the inbox' })).toBeEnabled();
  });

  it('gates the inbox folders default below level 431', async () => {
    env.sim.control.setFeatureLevel(430);
    renderPage();
    await loaded();
    expect(screen.getByRole('switch', { name: 'Show channel folders in the inbox' })).toBeDisabled();
    expect(screen.getByText('Needs a newer chat server: feature level 431, this one is at 430.')).toBeInTheDocument();
  });

  it('saves the inbox folders default at 431 and up', async () => {
    const { user } = renderPage();
    await loaded();
    const folders = screen.getByRole('switch', { name: 'Show channel folders in the inbox' });
    const before = env.sim.store.userSettingsDefaults.web_inbox_show_channel_folders;
    await user.click(folders);
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(env.sim.store.userSettingsDefaults.web_inbox_show_channel_folders).toBe(!before));
  });

  it('is disabled for a moderator, with the reason', async () => {
    env.signInAs('moderator@demo.test');
    renderPage();
    await screen.findByLabelText('Home view', {}, { timeout: 5_000 });
    expect(applyButton()).toBeDisabled();
    expect(
      within(screen.getByRole('region', { name: 'Existing users' })).getByText(
        'Only organization administrators can change these defaults.',
      ),
    ).toBeInTheDocument();
  });
});
