// @vitest-environment jsdom
import { MantineProvider, TextInput } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DialogForm, FormDialog } from './form-dialog';

describe('FormDialog with DialogForm', () => {
  it('submits the form from its button and closes from Cancel', async () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const onClose = vi.fn();
    render(
      <MantineProvider env="test">
        <FormDialog opened onClose={onClose} title="Create group">
          <DialogForm onFormSubmit={onSubmit} onCancel={onClose} submitLabel="Create group">
            <TextInput label="Name" />
          </DialogForm>
        </FormDialog>
      </MantineProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Create group' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(within(dialog).getByRole('button', { name: 'Close dialog' })).toBeInTheDocument();
  });

  it("says why the action is not possible yet, shows the server's refusal, and holds Cancel while pending", () => {
    render(
      <MantineProvider env="test">
        <FormDialog opened onClose={() => undefined} title="Add linkifier">
          <DialogForm
            onFormSubmit={() => undefined}
            onCancel={() => undefined}
            submitLabel="Add linkifier"
            disabledReason="Adding is possible once every field is valid."
            error={new Error('Invalid URL template')}
            pending
          >
            <TextInput label="Pattern" />
          </DialogForm>
        </FormDialog>
      </MantineProvider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add linkifier' });
    const submit = within(dialog).getByRole('button', { name: 'Add linkifier' });
    expect(submit).toBeDisabled();
    expect(submit).toHaveAccessibleDescription('Adding is possible once every field is valid.');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Invalid URL template');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});
