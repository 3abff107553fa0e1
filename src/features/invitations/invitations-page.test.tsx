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

  it('creates an invite link with a welcome message (level 416)', async () => {
    const user = (await import('@testing-library/user-event')).default.setup();
    renderWithProviders(<InvitationsPage />, { route: '/invitations' });
    const form = await screen.findByRole('form', { name: 'Create invite link' }, { timeout: 5_000 });
    const welcome = within(form).getByLabelText('Welcome message');
    expect(welcome).toBeEnabled();
    await user.type(welcome, 'Hello from the team!');
    await user.click(within(form).getByRole('button', { name: 'Create invite link' }));
    expect(await within(form).findByText('Invite link created')).toBeInTheDocument();
    expect(within(form).getByText("The server took the link's welcome message.")).toBeInTheDocument();
    const sent = env.bff.apiCalls().find((c) => c.url.pathname.endsWith('/invites/multiuse'));
    expect(new URLSearchParams(sent?.body).get('welcome_message_custom_text')).toBe('Hello from the team!');
    expect(within(form).getByLabelText('Welcome message')).toHaveValue('Hello from the team!');
  });

  it('refuses a welcome message over 8000 characters in the form, in words', async () => {
    const user = (await import('@testing-library/user-event')).default.setup();
    renderWithProviders(<InvitationsPage />, { route: '/invitations' });
    const form = await screen.findByRole('form', { name: 'Create invite link' }, { timeout: 5_000 });
    await user.click(within(form).getByLabelText('Welcome message'));
    await user.paste('x'.repeat(8001));
    await user.click(within(form).getByRole('button', { name: 'Create invite link' }));
    expect(
      await within(form).findByText('Welcome message custom text is too long (limit: 8000 characters)'),
    ).toBeInTheDocument();
    expect(within(form).queryByText('Invite link created')).not.toBeInTheDocument();
  });

  it('lets only administrators write a welcome message, and says so', async () => {
    env.signInAs('member@demo.test');
    renderWithProviders(<InvitationsPage />, { route: '/invitations' });
    const form = await screen.findByRole('form', { name: 'Invite by email' }, { timeout: 5_000 });
    expect(within(form).getByLabelText('Welcome message')).toBeDisabled();
    expect(within(form).getByText('Only organization administrators can write a welcome message.')).toBeInTheDocument();
  });

  it('offers no welcome message on links below level 416, and says why', async () => {
    env.sim.control.setFeatureLevel(415);
    renderWithProviders(<InvitationsPage />, { route: '/invitations' });
    const form = await screen.findByRole('form', { name: 'Create invite link' }, { timeout: 5_000 });
    const welcome = within(form).getByLabelText('Welcome message');
    expect(welcome).toBeDisabled();
    expect(
      within(form).getByText('Needs a newer chat server: feature level 416, this one is at 415.'),
    ).toBeInTheDocument();
  });
});
