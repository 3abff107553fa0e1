// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { UserGroupsPage } from './user-groups-page';

/** "Who can do what" and who may start new topics in a channel: listed from level 441, explained below it. */

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 3 });

const LABEL = 'Who can start new topics';

async function openAccess() {
  const member = env.sim.store.userByDeliveryEmail('member@demo.test')!;
  const view = renderWithProviders(<UserGroupsPage />, { route: `/groups?view=access&user=${member.user_id}` });
  const held = await screen.findByRole('table', { name: 'Permissions held' });
  return { view, held };
}

describe('who can start new topics in who can do what', () => {
  it('is a channel permission a person holds, and one whose holders can be listed, from level 441', async () => {
    const { view, held } = await openAccess();
    await view.user.type(screen.getByRole('textbox', { name: 'Filter permissions' }), 'start new topics');
    await waitFor(() => expect(held).toHaveTextContent(`${LABEL}#general`));
    expect(held).toHaveTextContent(`→ ${LABEL} (#general)`);

    const permission = screen.getByRole('combobox', { name: 'Permission' });
    await view.user.click(permission);
    await view.user.type(permission, `${LABEL} (#general`);
    await view.user.click(await screen.findByRole('option', { name: `${LABEL} (#general)` }));
    expect(await screen.findByText(new RegExp(`people hold “${LABEL}” \\(#general\\)`))).toBeInTheDocument();
    expect(screen.queryByText(/is not listed/)).toBeNull();
  });

  it('is not listed before level 441, and the page says why', async () => {
    env.sim.control.setFeatureLevel(440);
    const { view, held } = await openAccess();
    expect(
      await screen.findByText(
        `“${LABEL}” (channels) is not listed: Needs a newer chat server: feature level 441, this one is at 440.`,
      ),
    ).toBeInTheDocument();
    await view.user.type(screen.getByRole('textbox', { name: 'Filter permissions' }), 'start new topics');
    await waitFor(() => expect(held).toHaveTextContent('No group-based permissions.'));
  });
});
