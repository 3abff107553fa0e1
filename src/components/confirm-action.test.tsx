// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmAction } from './confirm-action';

describe('ConfirmAction', () => {
  it('says what happens, focuses Cancel, and runs the action only when confirmed', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(
      <MantineProvider env="test">
        <ConfirmAction opened onClose={onClose} title="Delete route?" confirmLabel="Delete route" onConfirm={onConfirm}>
          <p>The route will be deleted.</p>
        </ConfirmAction>
      </MantineProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete route?' });
    expect(within(dialog).getByText('The route will be deleted.')).toBeInTheDocument();
    await vi.waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete route' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(within(dialog).getByRole('button', { name: 'Close dialog' })).toBeInTheDocument();
  });

  it("shows a refusal in the server's words, and holds Cancel while the action runs", () => {
    render(
      <MantineProvider env="test">
        <ConfirmAction
          opened
          onClose={() => undefined}
          title="Revoke invitation?"
          confirmLabel="Revoke invitation"
          onConfirm={() => undefined}
          pending
          error={new Error('No such invitation')}
          errorTitle="Not revoked"
        >
          <p>It stops working.</p>
        </ConfirmAction>
      </MantineProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Not revoked');
    expect(screen.getByRole('alert')).toHaveTextContent('No such invitation');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
