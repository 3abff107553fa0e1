// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { toStatusParams } from './set-status-modal';
import { UsersPage } from './users-page';

const env = setupSimServer({ as: 'admin@demo.test' });

function simUser(email: string) {
  const user = env.sim.store.userByDeliveryEmail(email);
  if (!user) throw new Error(`no simulated user ${email}`);
  return user;
}

async function openSetStatus(email = 'member@demo.test') {
  const target = simUser(email);
  // Start from "no status", whatever the demo seed gave this user.
  env.sim.store.statuses.delete(target.user_id);
  const view = renderWithProviders(<UsersPage />, { route: `/users?user=${target.user_id}` });
  const drawer = await screen.findByRole('dialog', { name: target.fullName });
  const button = await within(drawer).findByRole('button', { name: 'Set status' });
  await waitFor(() => expect(button).toBeEnabled());
  await view.user.click(button);
  const dialog = await screen.findByRole('dialog', { name: `Set the status of ${target.fullName}` });
  return { view, drawer, dialog, target };
}

describe('Set status dialog', () => {
  it('counts characters and cannot submit 61 of them', async () => {
    const { view, dialog, target } = await openSetStatus();
    const text = within(dialog).getByLabelText('Status text');
    await view.user.click(text);
    await view.user.paste('x'.repeat(60));
    expect(dialog).toHaveTextContent('60/60');
    expect(within(dialog).getByRole('button', { name: 'Save status' })).toBeEnabled();

    await view.user.type(text, 'y');
    expect(dialog).toHaveTextContent('61/60');
    expect(within(dialog).getByText('Status text is too long (limit: 60 characters)')).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save status' });
    expect(save).toBeDisabled();
    // Enter in the field does not get around the disabled button.
    await view.user.type(text, '{Enter}');
    expect(env.sim.store.statuses.get(target.user_id)?.status_text ?? '').not.toHaveLength(61);
    expect(screen.getByRole('dialog', { name: 'Set the status of Mia Member' })).toBeInTheDocument();
  });

  it('shows the server’s message for an unknown emoji and keeps the values', async () => {
    const { view, dialog } = await openSetStatus();
    const text = within(dialog).getByLabelText('Status text');
    await view.user.clear(text);
    await view.user.type(text, 'Out to lunch');
    await view.user.clear(within(dialog).getByLabelText('Emoji name'));
    await view.user.type(within(dialog).getByLabelText('Emoji name'), 'xyz');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save status' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Emoji 'xyz' does not exist");
    expect(within(dialog).getByLabelText('Status text')).toHaveValue('Out to lunch');
    expect(within(dialog).getByLabelText('Emoji name')).toHaveValue('xyz');
  });

  it('requires an emoji name when a code or type is given (the catalog schema’s rule)', async () => {
    const { view, dialog } = await openSetStatus();
    await view.user.clear(within(dialog).getByLabelText('Emoji name'));
    await view.user.clear(within(dialog).getByLabelText('Emoji code'));
    await view.user.type(within(dialog).getByLabelText('Emoji code'), '1f600');
    expect(
      await within(dialog).findByText('Give an emoji name when you give an emoji code or type.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save status' })).toBeDisabled();
  });

  it('saves a status and shows it in the details', async () => {
    const { view, drawer, dialog, target } = await openSetStatus();
    const text = within(dialog).getByLabelText('Status text');
    await view.user.clear(text);
    await view.user.type(text, 'In a meeting');
    await view.user.clear(within(dialog).getByLabelText('Emoji name'));
    await view.user.type(within(dialog).getByLabelText('Emoji name'), 'calendar');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save status' }));

    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Set the status of Mia Member' })).not.toBeInTheDocument(),
    );
    expect(env.sim.store.statuses.get(target.user_id)).toMatchObject({
      status_text: 'In a meeting',
      emoji_name: 'calendar',
    });
    await waitFor(() =>
      expect(within(drawer).getByText('Current status').nextSibling).toHaveTextContent('In a meeting'),
    );
  });
});

describe('Set status dialog: presets and emoji', () => {
  it('sets a preset in one click and shows its emoji, not its name, as the current status', async () => {
    const { view, drawer, dialog, target } = await openSetStatus();
    const presets = within(dialog).getByRole('group', { name: 'Common statuses' });
    await view.user.click(await within(presets).findByRole('button', { name: 'In a meeting' }));
    expect(within(dialog).getByLabelText('Status text')).toHaveValue('In a meeting');
    expect(within(dialog).getByLabelText('Emoji name')).toHaveValue('calendar');
    expect(within(dialog).getByLabelText('Emoji code')).toHaveValue('1f4c5');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save status' }));
    await waitFor(() =>
      expect(env.sim.store.statuses.get(target.user_id)).toMatchObject({
        status_text: 'In a meeting',
        emoji_name: 'calendar',
        emoji_code: '1f4c5',
        reaction_type: 'unicode_emoji',
      }),
    );
    await waitFor(() =>
      expect(within(drawer).getByText('Current status').nextSibling).toHaveTextContent('📅 In a meeting'),
    );
    await view.user.click(within(drawer).getByRole('button', { name: 'Set status' }));
    const again = await screen.findByRole('dialog', { name: `Set the status of ${target.fullName}` });
    expect(again).toHaveTextContent('Current status: 📅 In a meeting.');
    expect(again).not.toHaveTextContent(':calendar:');
  });

  it('finds an emoji by a word and fills the server’s name and code', async () => {
    const { view, dialog } = await openSetStatus();
    const search = await within(dialog).findByRole('combobox', { name: 'Emoji' });
    await view.user.type(search, 'vacation');
    const option = await screen.findByRole('option', { name: /palm_tree/ });
    expect(screen.queryByRole('option', { name: /calendar/ })).toBeNull();
    await view.user.click(option);
    expect(within(dialog).getByLabelText('Emoji name')).toHaveValue('palm_tree');
    expect(within(dialog).getByLabelText('Emoji code')).toHaveValue('1f334');
    expect(within(dialog).getByLabelText('Emoji type')).toHaveValue('unicode_emoji');
  });

  it('offers the organization’s custom emoji and shows the chosen one as an image', async () => {
    const { view, drawer, dialog, target } = await openSetStatus();
    const search = await within(dialog).findByRole('combobox', { name: 'Emoji' });
    await view.user.type(search, 'green');
    await view.user.click(await screen.findByRole('option', { name: /green_tick/ }));
    expect(within(dialog).getByLabelText('Emoji type')).toHaveValue('realm_emoji');
    await view.user.type(within(dialog).getByLabelText('Status text'), 'Reviewed');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save status' }));
    await waitFor(() =>
      expect(env.sim.store.statuses.get(target.user_id)).toMatchObject({
        emoji_name: 'green_tick',
        emoji_code: '1',
        reaction_type: 'realm_emoji',
      }),
    );
    expect(await within(drawer).findByRole('img', { name: ':green_tick:' })).toBeInTheDocument();
  });

  it('is disabled, with the reason, below feature level 407', async () => {
    env.sim.control.setFeatureLevel(406);
    const target = simUser('member@demo.test');
    renderWithProviders(<UsersPage />, { route: `/users?user=${target.user_id}` });
    const drawer = await screen.findByRole('dialog', { name: 'Mia Member' });
    const actions = await within(drawer).findByRole('group', { name: 'Actions' });
    await waitFor(() =>
      expect(actions).toHaveTextContent(
        'Set status: Needs a newer chat server: feature level 407, this one is at 406.',
      ),
    );
    expect(within(actions).getByRole('button', { name: 'Set status' })).toBeDisabled();
  });
});

describe('toStatusParams', () => {
  const values = { status_text: 'Hi', emoji_name: '', emoji_code: '', reaction_type: '' };

  it('always sends the text and leaves unset emoji fields out', () => {
    expect(toStatusParams(7, values, undefined)).toEqual({ user_id: 7, status_text: 'Hi' });
  });

  it('sends an empty emoji name to clear an emoji the user has', () => {
    expect(toStatusParams(7, values, { emoji_name: 'smile' })).toEqual({
      user_id: 7,
      status_text: 'Hi',
      emoji_name: '',
    });
  });

  it('sends filled emoji fields', () => {
    expect(
      toStatusParams(
        7,
        { ...values, emoji_name: ' tada ', emoji_code: '1f389', reaction_type: 'unicode_emoji' },
        undefined,
      ),
    ).toEqual({
      user_id: 7,
      status_text: 'Hi',
      emoji_name: 'tada',
      emoji_code: '1f389',
      reaction_type: 'unicode_emoji',
    });
  });
});
