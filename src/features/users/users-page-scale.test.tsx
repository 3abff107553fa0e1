// @vitest-environment jsdom
// @vitest-environment-options { "url": "http://localhost:3000/" }
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setupSimServer } from '../../testing/msw-sim';
import { renderWithProviders } from '../../testing/render-with-providers';
import { formatUserCount } from './format';
import { UsersPage } from './users-page';

// Budgets live in the benchmarks; this only checks that ten thousand users work and stay windowed.
const env = setupSimServer({ as: 'admin@demo.test', generatedUsers: 10_000 });

describe('UsersPage with 10,000 users', () => {
  it('lists them all, renders only a window of rows, and filters as you type', async () => {
    const view = renderWithProviders(<UsersPage />, { route: '/users' });
    const total = env.sim.store.users.length;
    expect(total).toBeGreaterThan(10_000);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(formatUserCount(total)));
    const table = screen.getByRole('table', { name: 'Users' });
    expect(table).toHaveAttribute('aria-rowcount', String(total + 1));
    expect(within(table).getAllByRole('row').length).toBeLessThan(60);

    await view.user.type(screen.getByLabelText('Search users'), 'member@demo');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByRole('row', { name: /Mia Member/ })).toBeInTheDocument();
  });
});
