// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { UsersPage } from './users-page';

const env = setupSimServer({ as: 'admin@demo.test' });

function simUser(email: string) {
  const user = env.sim.store.userByDeliveryEmail(email);
  if (!user) throw new Error(`no simulated user ${email}`);
  return user;
}

/** Opens the page on a user and that user's deactivation dialog. */
async function openDeactivate(email: string) {
  const target = simUser(email);
  // Searching for the address keeps the user's row in the rendered window of the virtual table.
  const query = encodeURIComponent(email);
  const view = renderWithProviders(<UsersPage />, { route: `/users?q=${query}&user=${target.user_id}` });
  const drawer = await screen.findByRole('dialog', { name: target.fullName });
  const button = await within(drawer).findByRole('button', { name: 'Deactivate' });
  await waitFor(() => expect(button).toBeEnabled());
  await view.user.click(button);
  const dialog = await screen.findByRole('dialog', { name: `Deactivate ${target.fullName}?` });
  return { view, drawer, dialog, target };
}

describe('Deactivate user dialog', () => {
  it('names the user, says what will happen, and starts with no email', async () => {
    const { dialog } = await openDeactivate('member@demo.test');
    expect(dialog).toHaveTextContent('Mia Member (member@demo.test) will be signed out everywhere');
    expect(within(dialog).getByRole('switch', { name: 'Send notification email' })).not.toBeChecked();
    expect(within(dialog).getByLabelText('Notification comment')).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Deactivate user' })).toBeEnabled();
  });

  it('with the switch off, omits the comment: the user is deactivated and not emailed', async () => {
    const { view, drawer, dialog, target } = await openDeactivate('member@demo.test');
    await view.user.click(within(dialog).getByRole('button', { name: 'Deactivate user' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Deactivate Mia Member?' })).not.toBeInTheDocument(),
    );
    expect(target.isActive).toBe(false);
    expect(env.sim.store.sentEmails).toEqual([]);
    expect(await screen.findByText('Mia Member was deactivated.')).toBeInTheDocument();
    // The drawer and the table show the new state after the refetch.
    expect(await within(drawer).findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(within(drawer).getByText('Account').nextSibling).toHaveTextContent('Deactivated');
    expect(screen.getByRole('row', { name: /Mia Member/ })).toHaveTextContent('Deactivated');
  });

  it('with the switch on, sends the typed comment in the notification', async () => {
    const { view, dialog, target } = await openDeactivate('member@demo.test');
    await view.user.click(within(dialog).getByRole('switch', { name: 'Send notification email' }));
    const comment = within(dialog).getByLabelText('Notification comment');
    expect(comment).toBeEnabled();
    await view.user.type(comment, 'Your contract ended. Thanks!');
    await view.user.click(within(dialog).getByRole('button', { name: 'Deactivate user' }));

    await waitFor(() => expect(target.isActive).toBe(false));
    expect(env.sim.store.sentEmails).toEqual([
      expect.objectContaining({
        to: 'member@demo.test',
        userId: target.user_id,
        comment: 'Your contract ended. Thanks!',
      }),
    ]);
    expect(await screen.findByText('Mia Member was deactivated and notified by email.')).toBeInTheDocument();
  });

  it('with the switch on and no comment, still sends the (empty) notification', async () => {
    const { view, dialog, target } = await openDeactivate('member@demo.test');
    await view.user.click(within(dialog).getByRole('switch', { name: 'Send notification email' }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Deactivate user' }));
    await waitFor(() => expect(target.isActive).toBe(false));
    expect(env.sim.store.sentEmails).toEqual([expect.objectContaining({ userId: target.user_id, comment: '' })]);
  });

  it('shows the only-owner refusal verbatim and keeps what was typed', async () => {
    env.signInAs('owner@demo.test');
    const { view, dialog, target } = await openDeactivate('owner@demo.test');
    // Acting on yourself is allowed, with a warning.
    expect(within(dialog).getByText(/This is your own account/)).toBeInTheDocument();
    await view.user.click(within(dialog).getByRole('switch', { name: 'Send notification email' }));
    await view.user.type(within(dialog).getByLabelText('Notification comment'), 'Handing over');
    await view.user.click(within(dialog).getByRole('button', { name: 'Deactivate user' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Cannot deactivate the only organization owner');
    expect(screen.getByRole('dialog', { name: 'Deactivate Olivia Owner?' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Notification comment')).toHaveValue('Handing over');
    expect(within(dialog).getByRole('switch', { name: 'Send notification email' })).toBeChecked();
    expect(target.isActive).toBe(true);
    expect(env.sim.store.sentEmails).toEqual([]);
  });

  it('cancels without asking the server', async () => {
    const { view, dialog, target } = await openDeactivate('member@demo.test');
    await view.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Deactivate Mia Member?' })).not.toBeInTheDocument(),
    );
    expect(target.isActive).toBe(true);
    expect(screen.getByRole('dialog', { name: 'Mia Member' })).toBeInTheDocument();
  });
});

describe('Reactivate and change role', () => {
  it('reactivates a deactivated user after confirmation', async () => {
    const gone = env.sim.store.users.find((u) => !u.isActive && !u.isBot)!;
    const view = renderWithProviders(<UsersPage />, { route: `/users?user=${gone.user_id}` });
    const drawer = await screen.findByRole('dialog', { name: gone.fullName });
    const button = await within(drawer).findByRole('button', { name: 'Reactivate' });
    await waitFor(() => expect(button).toBeEnabled());
    await view.user.click(button);
    const dialog = await screen.findByRole('dialog', { name: `Reactivate ${gone.fullName}?` });
    await view.user.click(within(dialog).getByRole('button', { name: 'Reactivate user' }));
    await waitFor(() => expect(gone.isActive).toBe(true));
    expect(await within(drawer).findByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
  });

  it('changes a role; administrators are not offered the owner role', async () => {
    const mia = simUser('member@demo.test');
    const view = renderWithProviders(<UsersPage />, { route: `/users?user=${mia.user_id}` });
    const drawer = await screen.findByRole('dialog', { name: 'Mia Member' });
    const button = await within(drawer).findByRole('button', { name: 'Change role' });
    await waitFor(() => expect(button).toBeEnabled());
    await view.user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Mia Member' });
    const select = within(dialog).getByLabelText('Role');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Member', 'Administrator', 'Moderator', 'Guest']);
    expect(within(dialog).getByRole('button', { name: 'Save role' })).toBeDisabled();
    await view.user.selectOptions(select, 'Moderator');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(mia.role).toBe(300));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Change the role/ })).not.toBeInTheDocument());
    expect(await within(drawer).findByText('Moderator', { selector: 'dd' })).toBeInTheDocument();
  });

  it('shows the server’s refusal to demote the only owner', async () => {
    env.signInAs('owner@demo.test');
    const owner = simUser('owner@demo.test');
    const view = renderWithProviders(<UsersPage />, { route: `/users?user=${owner.user_id}` });
    const drawer = await screen.findByRole('dialog', { name: 'Olivia Owner' });
    const button = await within(drawer).findByRole('button', { name: 'Change role' });
    await waitFor(() => expect(button).toBeEnabled());
    await view.user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Olivia Owner' });
    await view.user.selectOptions(within(dialog).getByLabelText('Role'), 'Administrator');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The owner permission cannot be removed from the only organization owner.',
    );
    expect(within(dialog).getByLabelText('Role')).toHaveValue('200');
    expect(owner.role).toBe(100);
  });
});
