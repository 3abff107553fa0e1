// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { userStatusQueryOptions } from './api/get-user-status';
import { UsersPage } from './users-page';

const env = setupSimServer({ as: 'admin@demo.test' });

function usersTable() {
  return screen.getByRole('table', { name: 'Users' });
}

/** The text of each rendered body row (the header row left out). */
function bodyRows(): string[] {
  return within(usersTable())
    .queryAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');
}

function countText(): string {
  return screen.getByRole('status').textContent ?? '';
}

function userId(email: string): number {
  const user = env.sim.store.userByDeliveryEmail(email);
  if (!user) throw new Error(`no simulated user ${email}`);
  return user.user_id;
}

async function renderPage(route = '/users') {
  const view = renderWithProviders(<UsersPage />, { route });
  const total = env.sim.store.users.length;
  await waitFor(() => expect(countText()).toMatch(/^\d+ users?/));
  return { ...view, total };
}

describe('UsersPage: finding users', () => {
  it('lists every user, deactivated ones and bots included', async () => {
    const { total } = await renderPage();
    expect(countText()).toBe(`${total} users`);
    expect(usersTable()).toHaveAttribute('aria-rowcount', String(total + 1));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Select',
      'Name',
      'Email',
      'Role',
      'Joined',
      'Last active',
      'Status',
      'Bot type',
    ]);
    expect(screen.getByRole('row', { name: /Adam Admin/ })).toHaveTextContent('admin@demo.test');
  });

  it('narrows the rows as you type a name, and keeps the text in the URL', async () => {
    const view = await renderPage();
    await view.user.type(screen.getByLabelText('Search users'), 'mia mem');
    await waitFor(() => expect(bodyRows()).toEqual([expect.stringContaining('Mia Member')]));
    expect(countText()).toBe(`1 user of ${view.total}`);
    // The URL follows once typing pauses (a router navigation per keystroke would compete with typing).
    await waitFor(() => expect(view.searchParams().get('q')).toBe('mia mem'));
  });

  it('keeps text typed just before another URL change', async () => {
    const view = await renderPage();
    await view.user.type(screen.getByLabelText('Search users'), 'gus');
    await waitFor(() => expect(bodyRows()).toEqual([expect.stringContaining('Gus Guest')]));
    // Clicked before the text went into the URL on its own: the same write carries it.
    await view.user.click(screen.getByRole('row', { name: /Gus Guest/ }));
    await screen.findByRole('dialog', { name: 'Gus Guest' });
    expect(view.searchParams().get('q')).toBe('gus');
    expect(view.searchParams().get('user')).toBe(String(userId('guest@demo.test')));
  });

  it('finds users by email', async () => {
    const view = await renderPage();
    await view.user.type(screen.getByLabelText('Search users'), 'guest@demo');
    await waitFor(() => expect(bodyRows()).toEqual([expect.stringContaining('Gus Guest')]));
  });

  it('filters by role', async () => {
    const view = await renderPage();
    await view.user.selectOptions(screen.getByLabelText('Role'), 'Owner');
    const owners = env.sim.store.users.filter((u) => u.role === 100).length;
    await waitFor(() => expect(countText()).toBe(`${owners} ${owners === 1 ? 'user' : 'users'} of ${view.total}`));
    for (const row of bodyRows()) expect(row).toContain('Owner');
    expect(bodyRows()).toContainEqual(expect.stringContaining('Olivia Owner'));
    expect(view.searchParams().get('role')).toBe('owner');

    await view.user.selectOptions(screen.getByLabelText('Role'), 'All roles');
    await waitFor(() => expect(countText()).toBe(`${view.total} users`));
    expect(view.searchParams().has('role')).toBe(false);
  });
});

describe('UsersPage: filters', () => {
  it('filters by status', async () => {
    const view = await renderPage();
    const status = screen.getByRole('radiogroup', { name: 'Status' });
    await view.user.click(within(status).getByRole('radio', { name: 'Deactivated' }));
    const deactivated = env.sim.store.users.filter((u) => !u.isActive).length;
    expect(deactivated).toBeGreaterThan(0);
    await waitFor(() => expect(countText()).toBe(`${deactivated} users of ${view.total}`));
    for (const row of bodyRows()) expect(row).toContain('Deactivated');
    expect(view.searchParams().get('status')).toBe('deactivated');

    await view.user.click(within(status).getByRole('radio', { name: 'Active' }));
    await waitFor(() => expect(countText()).toBe(`${view.total - deactivated} users of ${view.total}`));
    for (const row of bodyRows()) expect(row).not.toContain('Deactivated');
    expect(view.searchParams().get('status')).toBe('active');
  });

  it('filters bots from humans', async () => {
    const view = await renderPage();
    const bots = screen.getByRole('radiogroup', { name: 'Bots' });
    await view.user.click(within(bots).getByRole('radio', { name: 'Bots' }));
    const botCount = env.sim.store.users.filter((u) => u.isBot).length;
    await waitFor(() => expect(countText()).toBe(`${botCount} users of ${view.total}`));
    expect(bodyRows()).toContainEqual(expect.stringContaining('Outgoing webhook'));
    // Every row names its bot type (no "—" in that column).
    for (const row of bodyRows()) expect(row).toMatch(/Generic bot|Incoming webhook|Outgoing webhook|Embedded bot/);
    expect(view.searchParams().get('bots')).toBe('bots');

    await view.user.click(within(bots).getByRole('radio', { name: 'Humans' }));
    await waitFor(() => expect(countText()).toBe(`${view.total - botCount} users of ${view.total}`));
    expect(view.searchParams().get('bots')).toBe('humans');
  });

  it('starts from the filters in the URL and combines them', async () => {
    await renderPage('/users?q=a&status=deactivated&bots=humans&role=member');
    expect(screen.getByLabelText('Search users')).toHaveValue('a');
    expect(screen.getByLabelText('Role')).toHaveValue('member');
    expect(
      within(screen.getByRole('radiogroup', { name: 'Status' })).getByRole('radio', { name: 'Deactivated' }),
    ).toBeChecked();
    expect(
      within(screen.getByRole('radiogroup', { name: 'Bots' })).getByRole('radio', { name: 'Humans' }),
    ).toBeChecked();
    const expected = env.sim.store.users.filter(
      (u) =>
        !u.isActive &&
        !u.isBot &&
        u.role === 400 &&
        `${u.fullName} ${u.deliveryEmail} ${u.apiEmail}`.toLowerCase().includes('a'),
    ).length;
    await waitFor(() => expect(countText()).toMatch(new RegExp(`^${expected} users? of`)));
    for (const row of bodyRows()) expect(row).toMatch(/Member.*Deactivated—$/);
  });

  it('says so when nothing matches', async () => {
    const view = await renderPage();
    await view.user.type(screen.getByLabelText('Search users'), 'zzzz-nobody');
    expect(await screen.findByText('No users match these filters.')).toBeInTheDocument();
    expect(countText()).toBe(`0 users of ${view.total}`);
  });
});

describe('UsersPage: details', () => {
  it('opens the selected user from a row click and keeps it in the URL', async () => {
    const view = await renderPage();
    await view.user.click(screen.getByRole('row', { name: /Adam Admin/ }));
    const drawer = await screen.findByRole('dialog', { name: 'Adam Admin' });
    expect(view.searchParams().get('user')).toBe(String(userId('admin@demo.test')));
    expect(within(drawer).getByText('User ID').nextSibling).toHaveTextContent(String(userId('admin@demo.test')));
    expect(within(drawer).getByText('API email')).toBeInTheDocument();

    await view.user.click(within(drawer).getByRole('button', { name: 'Close user details' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Adam Admin' })).not.toBeInTheDocument());
    expect(view.searchParams().has('user')).toBe(false);
  });

  it('selects a row with the keyboard', async () => {
    const view = await renderPage('/users?q=gus');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    within(usersTable()).getAllByRole('row')[1]!.focus();
    await view.user.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Gus Guest' });
    expect(view.searchParams().get('user')).toBe(String(userId('guest@demo.test')));
  });

  it('shows every field of a bot, with its owner by name', async () => {
    const bot = env.sim.store.users.find((u) => u.isBot && u.botOwnerId !== null)!;
    const owner = env.sim.store.users.find((u) => u.user_id === bot.botOwnerId)!;
    await renderPage(`/users?user=${bot.user_id}`);
    const drawer = await screen.findByRole('dialog', { name: bot.fullName });
    expect(within(drawer).getByText('Bot owner').nextSibling).toHaveTextContent(owner.fullName);
    expect(within(drawer).getByText('Bot type').nextSibling).not.toHaveTextContent('Not a bot');
  });

  it('shows profile fields, rendering the server’s HTML', async () => {
    await renderPage(`/users?user=${userId('member@demo.test')}`);
    const drawer = await screen.findByRole('dialog', { name: 'Mia Member' });
    const strong = await within(drawer).findByText('accessible');
    expect(strong.tagName).toBe('STRONG');
    expect(within(drawer).getByText('+49-30-5550-4000')).toBeInTheDocument();
    // Labelled with the organization's own field names, from GET /realm/profile_fields.
    expect(await within(drawer).findByText('Phone')).toBeInTheDocument();
    expect(within(drawer).getByText('Biography')).toBeInTheDocument();
  });

  it('shows the current status from the status endpoint', async () => {
    const mia = userId('member@demo.test');
    env.sim.store.statuses.set(mia, {
      status_text: 'On vacation',
      emoji_name: 'palm_tree',
      emoji_code: '1f334',
      reaction_type: 'unicode_emoji',
    });
    await renderPage(`/users?user=${mia}`);
    const drawer = await screen.findByRole('dialog', { name: 'Mia Member' });
    await waitFor(() =>
      expect(within(drawer).getByText('Current status').nextSibling).toHaveTextContent('🌴 On vacation'),
    );
  });
});

describe('UsersPage: details, status and actions', () => {
  it('asks for a user’s status when the button goes down on their row, before the click opens them', async () => {
    const mia = userId('member@demo.test');
    const view = await renderPage();
    await view.user.type(screen.getByLabelText('Search users'), 'mia mem');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    const key = userStatusQueryOptions(mia).queryKey;
    expect(view.queryClient.getQueryState(key)).toBeUndefined();
    fireEvent.pointerDown(screen.getByRole('row', { name: /Mia Member/ }), { pointerType: 'mouse', button: 0 });
    expect(view.queryClient.getQueryState(key)?.fetchStatus).toBe('fetching');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('explains that reading a status needs level 262 on older servers', async () => {
    env.sim.control.setFeatureLevel(261);
    await renderPage(`/users?user=${userId('member@demo.test')}`);
    const drawer = await screen.findByRole('dialog', { name: 'Mia Member' });
    expect(
      await within(drawer).findByText('Needs a newer chat server: feature level 262, this one is at 261.'),
    ).toBeInTheDocument();
  });

  it('offers moderators, members and guests no admin actions', async () => {
    const adminStatus = env.sim.store.statuses.get(userId('admin@demo.test'))?.status_text || 'No status';
    for (const email of ['moderator@demo.test', 'member@demo.test', 'guest@demo.test']) {
      env.signInAs(email);
      const view = renderWithProviders(<UsersPage />, { route: `/users?user=${userId('admin@demo.test')}` });
      const drawer = await screen.findByRole('dialog', { name: 'Adam Admin' });
      // The status shows once the session (and so the role and feature level) has loaded.
      await waitFor(() =>
        expect(within(drawer).getByText('Current status').nextSibling).toHaveTextContent(adminStatus),
      );
      expect(within(drawer).queryByRole('group', { name: 'Actions' })).not.toBeInTheDocument();
      for (const name of ['Deactivate', 'Reactivate', 'Change role', 'Set status']) {
        expect(within(drawer).queryByRole('button', { name })).not.toBeInTheDocument();
      }
      view.unmount();
    }
  });

  it('offers administrators the actions, disabled with the reason when not allowed', async () => {
    await renderPage(`/users?user=${userId('owner@demo.test')}`);
    const drawer = await screen.findByRole('dialog', { name: 'Olivia Owner' });
    const actions = await within(drawer).findByRole('group', { name: 'Actions' });
    expect(within(actions).getByRole('button', { name: 'Deactivate' })).toBeDisabled();
    expect(within(actions).getByRole('button', { name: 'Change role' })).toBeDisabled();
    expect(within(actions).getByRole('button', { name: 'Set status' })).toBeEnabled();
    expect(actions).toHaveTextContent('Deactivate: Only organization owners can act on an owner.');
  });
});

describe('UsersPage: look up by email', () => {
  it('selects the user the server finds', async () => {
    const view = await renderPage();
    await view.user.click(screen.getByRole('button', { name: 'Look up by email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Look up a user by email' });
    await view.user.type(within(dialog).getByLabelText('Email address'), 'member@demo.test');
    await view.user.click(within(dialog).getByRole('button', { name: 'Look up' }));
    await screen.findByRole('dialog', { name: 'Mia Member' }, { timeout: 3_000 });
    expect(view.searchParams().get('user')).toBe(String(userId('member@demo.test')));
    expect(screen.queryByRole('dialog', { name: 'Look up a user by email' })).not.toBeInTheDocument();
  });

  it('shows the server’s "No such user" verbatim on the address, and drops it once the address changes', async () => {
    const view = await renderPage();
    await view.user.click(screen.getByRole('button', { name: 'Look up by email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Look up a user by email' });
    await view.user.type(within(dialog).getByLabelText('Email address'), 'nobody@demo.test');
    await view.user.click(within(dialog).getByRole('button', { name: 'Look up' }));
    const field = within(dialog).getByLabelText('Email address');
    await waitFor(() => expect(field).toHaveAccessibleDescription('No such user'));
    expect(field).toHaveValue('nobody@demo.test');
    expect(within(dialog).queryByText('The server refused')).not.toBeInTheDocument();
    await view.user.type(field, 'x');
    await waitFor(() => expect(within(dialog).queryByText('No such user')).not.toBeInTheDocument());
  });

  it('rejects text that is not an address before asking the server', async () => {
    const view = await renderPage();
    await view.user.click(screen.getByRole('button', { name: 'Look up by email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Look up a user by email' });
    await view.user.type(within(dialog).getByLabelText('Email address'), 'not an address');
    await view.user.click(within(dialog).getByRole('button', { name: 'Look up' }));
    expect(await within(dialog).findByText('Enter an email address.')).toBeInTheDocument();
  });

  it('checks a new user against the catalog’s rules, says the name limit with its number, and sends nothing', async () => {
    const view = await renderPage();
    const before = env.sim.store.users.length;
    await view.user.click(screen.getByRole('button', { name: 'Create user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create user' });
    await view.user.type(within(dialog).getByLabelText('Email'), 'not-an-address');
    await view.user.click(within(dialog).getByLabelText('Full name'));
    await view.user.paste('x'.repeat(101));
    await view.user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), 'abc');
    await view.user.click(within(dialog).getByRole('button', { name: 'Create user' }));
    expect(await within(dialog).findByText('Enter an email address.')).toBeInTheDocument();
    expect(within(dialog).getByText('At most 100 characters.')).toBeInTheDocument();
    expect(within(dialog).getByText('Use at least 6 characters.')).toBeInTheDocument();
    expect(env.sim.store.users.length).toBe(before);
  });
});
