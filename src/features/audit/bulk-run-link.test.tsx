// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { BulkRunLink, bulkRunIdOf } from './bulk-run-link';

describe('BulkRunLink', () => {
  it("links an entry's bulk_run_id to its run on the Bulk runs page", async () => {
    const view = renderWithProviders(<BulkRunLink params={{ user_id: 4, bulk_run_id: 'r-42' }}>Bulk run</BulkRunLink>);
    const link = screen.getByRole('link', { name: 'Bulk run' });
    expect(link).toHaveAttribute('href', '/users/bulk-runs/r-42');
    await view.user.click(link);
    expect(view.location().pathname).toBe('/users/bulk-runs/r-42');
  });

  it('is nothing for entries outside a bulk run', () => {
    expect(bulkRunIdOf({ user_id: 4 })).toBeNull();
    expect(bulkRunIdOf({ bulk_run_id: 7 })).toBeNull();
    const { container } = renderWithProviders(<BulkRunLink params={{ user_id: 4 }}>Bulk run</BulkRunLink>);
    expect(container.querySelector('a')).toBeNull();
  });
});
