// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RealmState } from '../../shared/bff/protocol';
import { callSim } from '../../sim/svc';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { InvitationsPage } from './invitations-page';

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 0 });

/** What the BFF serves at /bff/state/realm: the register state's scalar and group-setting values. */
async function realmFromSim(email: string): Promise<RealmState> {
  const { body } = await callSim(env.sim, 'POST', '/register', { as: email, params: { event_types: [] } });
  await callSim(env.sim, 'DELETE', '/events', { as: email, params: { queue_id: body.queue_id } });
  const realm: RealmState['realm'] = {};
  for (const [name, value] of Object.entries(body)) {
    if (!name.startsWith('realm_')) continue;
    if (value === null || ['boolean', 'number', 'string'].includes(typeof value)) {
      realm[name] = value as boolean | number | string | null;
    } else if (typeof value === 'object' && 'direct_members' in value) {
      realm[name] = value as { direct_members: number[]; direct_subgroups: number[] };
    }
  }
  return { realm };
}

beforeEach(() => {
  env.server.use(
    http.get('*/bff/state/realm', async () => HttpResponse.json(await realmFromSim(env.signedInAs() ?? ''))),
    http.get('*/bff/state/user-settings-defaults', () =>
      HttpResponse.json({
        defaults: { web_home_view: 'inbox' },
        availableNotificationSounds: null,
        emojisetChoices: null,
      }),
    ),
  );
});

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
