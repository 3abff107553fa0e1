// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { ProfileFieldsPage } from './profile-fields-page';

/**
 * Two Zulip 12 changes of custom profile fields on both sides of their level, through the real BFF in front of
 * the simulator: fields matched in name suggestions (455) and long text fields on the profile card (476).
 */

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 0 });

const MATCHING = 'Match people by it in name suggestions';
const CARD = 'Show on the user card';
const field = (name: string) => env.sim.store.profileFields.find((f) => f.name === name)!;

async function editField(name: string) {
  const view = renderWithProviders(<ProfileFieldsPage />, { route: '/settings/profile-fields' });
  const edit = await screen.findByRole('button', { name: `Edit ${name}` });
  // The level comes with the session; the gates read it.
  await waitFor(() => expect(screen.queryByText(/feature level \d+, this one is at 0\./)).not.toBeInTheDocument());
  await view.user.click(edit);
  const dialog = await screen.findByRole('dialog', { name: `Edit profile field “${name}”` });
  return { view, dialog };
}

describe('profile fields matched in name suggestions (level 455)', () => {
  it('are set on a short text field, held by the server and shown in the list', async () => {
    const { view, dialog } = await editField('Department');
    const box = within(dialog).getByRole('checkbox', { name: MATCHING });
    await waitFor(() => expect(box).toBeEnabled());
    await view.user.click(box);
    await view.user.click(within(dialog).getByRole('button', { name: 'Save field' }));
    await waitFor(() => expect(field('Department').useForUserMatching).toBe(true));
    const row = await screen.findByRole('row', { name: /Department/ });
    await waitFor(() => expect(row).toHaveTextContent('In name suggestions'));
  });

  it('are not offered for a type the server does not match, with the reason', async () => {
    const { dialog } = await editField('Pronouns');
    const box = within(dialog).getByRole('checkbox', { name: MATCHING });
    expect(box).toBeDisabled();
    expect(dialog).toHaveTextContent('Only short text and external account fields can be matched in name suggestions.');
  });

  it('are disabled with the reason below level 455, and nothing about them is sent', async () => {
    env.sim.control.setFeatureLevel(454);
    const { view, dialog } = await editField('Department');
    const box = within(dialog).getByRole('checkbox', { name: MATCHING });
    await waitFor(() =>
      expect(dialog).toHaveTextContent('Needs a newer chat server: feature level 455, this one is at 454.'),
    );
    expect(box).toBeDisabled();
    await view.user.clear(within(dialog).getByRole('textbox', { name: 'Hint' }));
    await view.user.type(within(dialog).getByRole('textbox', { name: 'Hint' }), 'Team');
    await view.user.click(within(dialog).getByRole('button', { name: 'Save field' }));
    // Saved: the form left the setting out (the BFF refuses it below 455, the server would ignore it).
    await waitFor(() => expect(field('Department').hint).toBe('Team'));
    expect(await screen.findByText('“Department” was saved.')).toBeInTheDocument();
  });
});

describe('long text fields on the profile card (level 476)', () => {
  it('can be put on the card from level 476', async () => {
    const { view, dialog } = await editField('Biography');
    const box = within(dialog).getByRole('checkbox', { name: CARD });
    await waitFor(() => expect(box).toBeEnabled());
    await view.user.click(box);
    await view.user.click(within(dialog).getByRole('button', { name: 'Save field' }));
    await waitFor(() => expect(field('Biography').displayInProfileSummary).toBe(true));
  });

  it('are disabled with the reason below level 476', async () => {
    env.sim.control.setFeatureLevel(475);
    const { dialog } = await editField('Biography');
    await waitFor(() =>
      expect(dialog).toHaveTextContent(
        'Long text on the card needs a newer chat server: feature level 476, this one is at 475.',
      ),
    );
    expect(within(dialog).getByRole('checkbox', { name: CARD })).toBeDisabled();
  });
});
