// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { UsersPage } from './users-page';

/**
 * Two Zulip 12 changes of the users area on both sides of their level, through the real BFF in front of the
 * simulator: deactivation with a spam clean-up (459) and imported accounts that never signed in (433).
 */

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 3 });

const PUBLIC_MESSAGES = 'Delete their messages in public channels';

function simUser(email: string) {
  const user = env.sim.store.userByDeliveryEmail(email);
  if (!user) throw new Error(`no simulated user ${email}`);
  return user;
}

/** The channel messages `userId` sent to channels everyone can join and read. */
function publicMessagesOf(userId: number) {
  return [...env.sim.store.messages.values()].filter((m) => {
    const channel = m.dmRecipients ? undefined : env.sim.store.channel(m.streamId);
    return m.senderId === userId && channel !== undefined && !channel.inviteOnly;
  });
}

async function openDeactivate(email: string) {
  const target = simUser(email);
  const query = encodeURIComponent(email);
  const view = renderWithProviders(<UsersPage />, { route: `/users?q=${query}&user=${target.user_id}` });
  const drawer = await screen.findByRole('dialog', { name: target.fullName });
  const button = await within(drawer).findByRole('button', { name: 'Deactivate' });
  await waitFor(() => expect(button).toBeEnabled());
  await view.user.click(button);
  const dialog = await screen.findByRole('dialog', { name: `Deactivate ${target.fullName}?` });
  return { view, drawer, dialog, target };
}

describe('deactivation with a spam clean-up (level 459)', () => {
  it('deletes the chosen messages after a typed confirmation, and says only what the server confirmed', async () => {
    const { view, dialog, target } = await openDeactivate('member@demo.test');
    expect(publicMessagesOf(target.user_id).length).toBeGreaterThan(0);
    const clean = within(dialog).getByRole('group', { name: 'Spam clean-up' });
    expect(within(clean).queryByText(/This is permanent/)).not.toBeInTheDocument();
    await view.user.click(within(clean).getByRole('checkbox', { name: PUBLIC_MESSAGES }));

    expect(within(clean).getByText('This is permanent')).toBeInTheDocument();
    expect(clean).toHaveTextContent('Reactivating the account later does not bring back anything deleted.');
    const submit = within(dialog).getByRole('button', { name: 'Deactivate and delete' });
    expect(submit).toBeDisabled();
    await view.user.type(within(clean).getByRole('textbox', { name: /to confirm/ }), 'Delete messages');
    expect(submit).toBeEnabled();
    await view.user.click(submit);

    await waitFor(() => expect(target.isActive).toBe(false));
    expect(publicMessagesOf(target.user_id)).toEqual([]);
    expect(
      await screen.findByText('Mia Member was deactivated. The server deleted their messages in public channels.'),
    ).toBeInTheDocument();
    // The profile was not chosen: the name stays.
    expect(target.fullName).toBe('Mia Member');
  });

  it('asks for no typed confirmation when only the profile goes, and renames them as the server did', async () => {
    const { view, dialog, target } = await openDeactivate('member@demo.test');
    const before = publicMessagesOf(target.user_id).length;
    await view.user.click(within(dialog).getByRole('checkbox', { name: 'Delete their profile' }));
    expect(within(dialog).queryByRole('textbox', { name: /to confirm/ })).not.toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('button', { name: 'Deactivate and delete' }));
    await waitFor(() => expect(target.fullName).toBe('Deleted user'));
    expect(publicMessagesOf(target.user_id)).toHaveLength(before);
    expect(
      await screen.findByText('Mia Member was deactivated. The server deleted their profile (name and picture).'),
    ).toBeInTheDocument();
  });

  it('keeps every choice and what was typed when the server refuses', async () => {
    env.signInAs('owner@demo.test');
    const { view, dialog, target } = await openDeactivate('owner@demo.test');
    await view.user.click(within(dialog).getByRole('checkbox', { name: PUBLIC_MESSAGES }));
    await view.user.type(within(dialog).getByRole('textbox', { name: /to confirm/ }), 'delete messages');
    await view.user.click(within(dialog).getByRole('button', { name: 'Deactivate and delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Cannot deactivate the only organization owner');
    expect(within(dialog).getByRole('checkbox', { name: PUBLIC_MESSAGES })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: /to confirm/ })).toHaveValue('delete messages');
    expect(target.isActive).toBe(true);
  });

  it('below level 459 offers no clean-up: each choice is disabled with the reason, and deactivation still works', async () => {
    env.sim.control.setFeatureLevel(458);
    const { view, dialog, target } = await openDeactivate('member@demo.test');
    const clean = within(dialog).getByRole('group', { name: 'Spam clean-up' });
    expect(clean).toHaveTextContent('Needs a newer chat server: feature level 459, this one is at 458.');
    for (const box of within(clean).getAllByRole('checkbox')) expect(box).toBeDisabled();
    await view.user.click(within(dialog).getByRole('button', { name: 'Deactivate user' }));
    await waitFor(() => expect(target.isActive).toBe(false));
    expect(await screen.findByText('Mia Member was deactivated.')).toBeInTheDocument();
  });
});

/** Selects the member on the users page and opens the bulk deactivation. */
async function openBulkDeactivate() {
  const view = renderWithProviders(<UsersPage />, { route: '/users?q=member%40demo.test' });
  await view.user.click(await screen.findByRole('checkbox', { name: 'Select Mia Member' }));
  await view.user.click(screen.getByRole('button', { name: 'Deactivate…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Deactivate users' });
  return { view, dialog };
}

describe('bulk deactivation with a spam clean-up (level 459)', () => {
  it('deletes the chosen messages after the preview’s typed phrase says so', async () => {
    const mia = simUser('member@demo.test');
    const { view, dialog } = await openBulkDeactivate();
    const box = within(dialog).getByRole('checkbox', { name: PUBLIC_MESSAGES });
    await waitFor(() => expect(box).toBeEnabled());
    await view.user.click(box);
    expect(dialog).toHaveTextContent('what the clean-up deleted stays deleted');
    await view.user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(
      await within(dialog).findByText('Deactivate 1 user and delete their messages in public channels'),
    ).toBeInTheDocument();
    const typed = within(dialog).getByRole('textbox', { name: /to confirm/ });
    expect(within(dialog).getByText('deactivate 1 user and delete their messages')).toBeInTheDocument();
    await view.user.type(typed, 'deactivate 1 user and delete their messages');
    await view.user.click(within(dialog).getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(mia.isActive).toBe(false), { timeout: 5_000 });
    expect(publicMessagesOf(mia.user_id)).toEqual([]);
  });

  it('below level 459 each choice is disabled with the reason', async () => {
    env.sim.control.setFeatureLevel(458);
    const { dialog } = await openBulkDeactivate();
    await waitFor(() =>
      expect(dialog).toHaveTextContent('Needs a newer chat server: feature level 459, this one is at 458.'),
    );
    expect(within(dialog).getByRole('checkbox', { name: PUBLIC_MESSAGES })).toBeDisabled();
    expect(within(dialog).getByRole('checkbox', { name: 'Delete their profile' })).toBeDisabled();
  });
});

describe('imported accounts that never signed in (level 433)', () => {
  const stubOf = () => env.sim.store.users.find((u) => u.isImportedStub)!;

  it('are shown as such in the list and the details, not as never active', async () => {
    const stub = stubOf();
    renderWithProviders(<UsersPage />, {
      route: `/users?q=${encodeURIComponent(stub.fullName)}&user=${stub.user_id}`,
    });
    const drawer = await screen.findByRole('dialog', { name: stub.fullName });
    expect(within(drawer).getByText('Imported, never signed in')).toBeInTheDocument();
    expect(within(drawer).getByText('Account').nextSibling).toHaveTextContent(
      'Active, imported from another product and never signed in',
    );
    const row = await screen.findByRole('row', { name: new RegExp(stub.fullName) });
    await waitFor(() => expect(row).toHaveTextContent('Imported, never signed in'));
    expect(row).not.toHaveTextContent(/Never\b/);
  });

  it('have a filter of their own', async () => {
    const view = renderWithProviders(<UsersPage />, { route: '/users' });
    const activity = await screen.findByRole('combobox', { name: 'Activity' });
    // Offered once the session says which level the server is at.
    await waitFor(() =>
      expect(within(activity).getByRole('option', { name: 'Imported, never signed in' })).toBeEnabled(),
    );
    await view.user.selectOptions(activity, 'Imported, never signed in');
    const stubs = env.sim.store.users.filter((u) => u.isImportedStub).map((u) => u.fullName);
    await waitFor(() => {
      const names = screen
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent ?? '');
      expect(names).toHaveLength(stubs.length);
      for (const name of stubs) expect(names.some((n) => n.includes(name))).toBe(true);
    });
  });

  it('below level 433 the server does not tell them apart: no badge, and the filter says why', async () => {
    env.sim.control.setFeatureLevel(432);
    const stub = stubOf();
    renderWithProviders(<UsersPage />, {
      route: `/users?q=${encodeURIComponent(stub.fullName)}&user=${stub.user_id}`,
    });
    const drawer = await screen.findByRole('dialog', { name: stub.fullName });
    expect(within(drawer).getByText('Account').nextSibling).toHaveTextContent(/^Active$/);
    expect(within(drawer).queryByText('Imported, never signed in')).not.toBeInTheDocument();
    const option = within(screen.getByRole('combobox', { name: 'Activity' })).getByRole('option', {
      name: /Imported, never signed in/,
    });
    expect(option).toBeDisabled();
    expect(option).toHaveTextContent('Needs a newer chat server: feature level 433, this one is at 432.');
  });
});
