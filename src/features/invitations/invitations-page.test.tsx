// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callSim } from '../../sim/svc';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { InvitationsPage } from './invitations-page';

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 0 });

describe('InvitationsPage', () => {
  it('shows each address with what the server said about it', async () => {
    const user = (await import('@testing-library/user-event')).default.setup();
    renderWithProviders(<InvitationsPage />, { route: '/invitations' });
    const form = await screen.findByRole('form', { name: 'Invite by email' }, { timeout: 5_000 });
    await user.type(within(form).getByLabelText('Email addresses'), 'member@demo.test, new-one@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invitations' }));
    const region = await screen.findByRole('region', { name: 'Invitation results' });
    expect(region).toHaveTextContent('1 of 2 addresses invited');
    const rows = within(region)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(rows).toEqual([
      expect.stringContaining('Already a member'),
      expect.stringMatching(/new-one@example\.com.*Invited/),
    ]);
    // The new invitation is listed, with the admin's name as its author.
    const table = await screen.findByRole('table', { name: 'Pending invitations' });
    expect(within(table).getByRole('row', { name: /new-one@example\.com/ })).toHaveTextContent('Adam Admin');
  });

  it('keeps the form when an address does not look like one, and sends nothing', async () => {
    const user = (await import('@testing-library/user-event')).default.setup();
    renderWithProviders(<InvitationsPage />, { route: '/invitations' });
    const form = await screen.findByRole('form', { name: 'Invite by email' }, { timeout: 5_000 });
    await user.type(within(form).getByLabelText('Email addresses'), 'nobody');
    await user.click(within(form).getByRole('button', { name: 'Send invitations' }));
    expect(await within(form).findByText('Not an email address: nobody')).toBeInTheDocument();
    expect(within(form).getByLabelText('Email addresses')).toHaveValue('nobody');
    const { body } = await callSim(env.sim, 'GET', '/invites', { as: 'admin@demo.test' });
    expect(body.invites).toEqual([]);
  });
});
