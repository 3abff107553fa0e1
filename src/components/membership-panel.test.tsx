// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MembershipPanel } from './membership-panel';

describe('MembershipPanel', () => {
  it('adds the chosen members and clears the choice only once the add went through', async () => {
    const user = userEvent.setup();
    const calls: number[][] = [];
    let finish: () => void = () => undefined;
    render(
      <MantineProvider env="test">
        <MembershipPanel
          label="Add members"
          placeholder="Search people"
          candidates={[
            { value: '4', label: 'Mia Member' },
            { value: '7', label: 'Otto Owner' },
          ]}
          submitLabel="Add"
          pending={false}
          onAdd={(ids, done) => {
            calls.push(ids);
            finish = done;
          }}
        />
      </MantineProvider>,
    );
    const add = screen.getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Add members' }));
    await user.click(await screen.findByRole('option', { name: 'Otto Owner' }));
    await user.click(add);
    expect(calls).toEqual([[7]]);
    expect(add).toBeEnabled();
    finish();
    await vi.waitFor(() => expect(add).toBeDisabled());
  });

  it('is disabled, with the reason, for someone who may not add', () => {
    render(
      <MantineProvider env="test">
        <MembershipPanel
          label="Add subgroups"
          placeholder="Search groups"
          candidates={[]}
          submitLabel="Add"
          pending={false}
          allowed={false}
          description="Only the group's managers may add subgroups."
          onAdd={() => undefined}
        />
      </MantineProvider>,
    );
    expect(screen.getByRole('combobox', { name: 'Add subgroups' })).toBeDisabled();
    expect(screen.getByText("Only the group's managers may add subgroups.")).toBeInTheDocument();
  });
});
