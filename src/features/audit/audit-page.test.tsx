// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CSRF_HEADER, CSRF_VALUE } from '../../shared/bff/protocol';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { AuditPage } from './audit-page';

const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 3 });

/** A change made through the console, as another page of it would send it (the BFF records it). */
async function consoleChange(method: string, path: string, params: Record<string, string> = {}) {
  return fetch(`http://localhost:3000/bff/svc${path}`, {
    method,
    headers: { [CSRF_HEADER]: CSRF_VALUE, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
}

function userId(email: string): number {
  return env.sim.store.userByDeliveryEmail(email)!.user_id;
}

async function renderPage(route = '/audit') {
  const view = renderWithProviders(<AuditPage />, { route });
  await screen.findByRole('heading', { name: 'Audit' });
  return view;
}

describe('Audit', () => {
  it('shows a change made through the console: who, what, on whom, and how it ended', async () => {
    const guest = userId('guest@demo.test');
    expect((await consoleChange('POST', `/users/${guest}/reactivate`)).status).toBeLessThan(500);
    await renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const row = await within(table).findByRole('row', { name: /reactivate/i });
    expect(row).toHaveTextContent('admin@demo.test');
  });

  it('records a refused change with the server’s refusal, and filters by outcome in the URL', async () => {
    // The only owner cannot be demoted: the chat server refuses, the BFF records the refusal.
    const owner = userId('owner@demo.test');
    const refused = await consoleChange('PATCH', `/users/${owner}`, { role: '400' });
    expect(refused.ok).toBe(false);
    const view = await renderPage();
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const row = await within(table).findByRole('row', { name: /Olivia Owner/ });
    expect(row).not.toHaveTextContent('success');

    await view.user.click(screen.getByRole('textbox', { name: 'Actor' }));
    await view.user.type(screen.getByRole('textbox', { name: 'Actor' }), 'owner@demo.test');
    await waitFor(() => expect(view.searchParams().get('actor')).toBe('owner@demo.test'));
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Olivia Owner/ })).toBeNull());
  });

  it('is for administrators only, and the BFF refuses the log to anyone else', async () => {
    env.signInAs('member@demo.test');
    await renderPage();
    expect(screen.getByText('For administrators only')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Audit log' })).toBeNull();
    expect((await fetch('http://localhost:3000/bff/audit')).status).toBe(403);
  });
});
