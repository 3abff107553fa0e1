// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BulkPreview } from '../../../shared/bff/bulk';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { PreviewStep } from './preview-modal';

const person = (i: number) => ({ userId: i, name: `Person ${i}`, email: `p${i}@demo.test`, role: 400 });

function preview(affected: number, skipped: number): BulkPreview {
  return {
    previewId: 'p1',
    kind: 'deactivate',
    label: `Deactivate ${affected} users`,
    affected: Array.from({ length: affected }, (_, i) => person(i + 1)),
    skipped: Array.from({ length: skipped }, (_, i) => ({
      ...person(affected + i + 1),
      reason: 'already_deactivated' as const,
      reasonText: 'Already deactivated',
    })),
    confirmation: null,
    channels: [],
    expiresAt: Date.now() + 60_000,
    undoOf: null,
  };
}

describe('PreviewStep', () => {
  it('lists the first 200 affected and skipped users and says how many more there are', () => {
    renderWithProviders(<PreviewStep preview={preview(250, 5_000)} onStarted={() => {}} onBack={() => {}} />);
    const affected = screen.getByRole('region', { name: 'Affected users' });
    expect(within(affected).getAllByRole('listitem')).toHaveLength(200);
    expect(affected).toHaveTextContent('…and 50 more');
    const skipped = screen.getByRole('region', { name: 'Skipped users' });
    const table = within(skipped).getByRole('table', { name: 'Skipped users and why' });
    expect(within(table).getAllByRole('row')).toHaveLength(201);
    expect(skipped).toHaveTextContent('Skipped: 5,000 users');
    expect(skipped).toHaveTextContent('…and 4,800 more');
  });

  it('lists a short skipped list whole', () => {
    renderWithProviders(<PreviewStep preview={preview(3, 2)} onStarted={() => {}} onBack={() => {}} />);
    const skipped = screen.getByRole('region', { name: 'Skipped users' });
    expect(within(skipped).getAllByRole('row')).toHaveLength(3);
    expect(skipped).not.toHaveTextContent('more');
  });
});
