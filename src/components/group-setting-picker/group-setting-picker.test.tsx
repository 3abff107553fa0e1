// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { GroupSettingValue } from '../../shared/svc/group-settings';
import type { UserGroup } from '../../shared/svc/user-groups';
import { renderWithProviders } from '../../testing/render-with-providers';
import { GroupSettingPicker, type GroupSettingPickerProps, type GroupSettingPickerUser } from './group-setting-picker';

const group = (id: number, name: string, extra: Partial<UserGroup> = {}): UserGroup => ({
  id,
  name,
  description: '',
  members: [],
  direct_subgroup_ids: [],
  is_system_group: name.startsWith('role:'),
  ...extra,
});

// Listed out of order on purpose: the picker sorts system groups by role and custom groups by name.
const GROUPS: UserGroup[] = [
  group(30, 'support-team'),
  group(8, 'role:nobody'),
  group(1, 'role:owners'),
  group(7, 'role:internet'),
  group(2, 'role:administrators'),
  group(3, 'role:moderators'),
  group(4, 'role:fullmembers'),
  group(5, 'role:members'),
  group(6, 'role:everyone'),
  group(20, 'design-team'),
  group(22, 'old-team', { deactivated: true }),
];
const OWNERS = 1;
const ADMINISTRATORS = 2;
const MEMBERS = 5;
const DESIGN = 20;
const SUPPORT = 30;
const OLD_TEAM = 22;

const ADA = 101;
const BOB = 102;
const CY = 103;
const USERS: GroupSettingPickerUser[] = [
  { user_id: ADA, full_name: 'Ada Lovelace', email: 'ada@example.com', is_active: true },
  { user_id: BOB, full_name: 'Bob Li', email: 'bob.li@example.com' },
  { user_id: CY, full_name: 'Cy Gone', email: 'cy@example.com', is_active: false },
];

type HarnessProps = Omit<GroupSettingPickerProps, 'value' | 'onChange' | 'label' | 'groups' | 'users'> &
  Partial<Pick<GroupSettingPickerProps, 'groups' | 'users'>> & {
    initial: GroupSettingValue;
    onChange?: (value: GroupSettingValue) => void;
  };

/** A controlled parent, as a form would be: the picker shows whatever it last emitted. */
function Harness({ initial, onChange, groups = GROUPS, users = USERS, ...props }: HarnessProps) {
  const [value, setValue] = useState(initial);
  return (
    <GroupSettingPicker
      label="Who can post"
      groups={groups}
      users={users}
      {...props}
      value={value}
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    />
  );
}

function renderPicker(props: HarnessProps) {
  const onChange = props.onChange ?? vi.fn<(value: GroupSettingValue) => void>();
  const view = renderWithProviders(<Harness {...props} onChange={onChange} />);
  const picker = screen.getByRole('group', { name: 'Who can post' });
  return { ...view, picker, onChange };
}

/** Opens a combobox and returns the option labels it lists. */
async function openOptions(view: ReturnType<typeof renderPicker>, name: string): Promise<string[]> {
  await view.user.click(within(view.picker).getByRole('combobox', { name }));
  const listbox = await screen.findByRole('listbox');
  return within(listbox)
    .queryAllByRole('option')
    .map((o) => o.textContent ?? '');
}

describe('GroupSettingPicker, group mode', () => {
  it('is a labelled group with a mode choice, and lists system groups by role, then custom groups by name', async () => {
    const view = renderPicker({ initial: MEMBERS });
    const modes = within(view.picker).getByRole('radiogroup', { name: 'Set to' });
    expect(within(modes).getByRole('radio', { name: 'A group' })).toBeChecked();
    expect(within(modes).getByRole('radio', { name: 'Specific people and groups' })).not.toBeChecked();
    expect(within(view.picker).getByRole('combobox', { name: 'Group' })).toHaveValue('Members');
    expect(await openOptions(view, 'Group')).toEqual([
      'Owners',
      'Administrators',
      'Moderators',
      'Full members',
      'Members',
      'Everyone including guests',
      'Everyone on the internet',
      'Nobody',
      'design-team',
      'support-team',
    ]);
  });

  it('emits the ID of a chosen system group', async () => {
    const view = renderPicker({ initial: MEMBERS });
    await openOptions(view, 'Group');
    await view.user.click(screen.getByRole('option', { name: 'Administrators' }));
    expect(view.onChange).toHaveBeenLastCalledWith(ADMINISTRATORS);
    expect(within(view.picker).getByRole('combobox', { name: 'Group' })).toHaveValue('Administrators');
  });

  it('emits the ID of a custom group found by searching', async () => {
    const view = renderPicker({ initial: MEMBERS });
    const select = within(view.picker).getByRole('combobox', { name: 'Group' });
    await view.user.clear(select);
    await view.user.type(select, 'desi');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['design-team']);
    await view.user.click(within(listbox).getByRole('option', { name: 'design-team' }));
    expect(view.onChange).toHaveBeenLastCalledWith(DESIGN);
  });

  it('does not offer excluded system groups', async () => {
    const view = renderPicker({ initial: MEMBERS, excludeSystemGroups: ['role:internet', 'role:nobody'] });
    const options = await openOptions(view, 'Group');
    expect(options).not.toContain('Everyone on the internet');
    expect(options).not.toContain('Nobody');
    expect(options).toContain('Everyone including guests');
  });

  it('never offers a deactivated group, but shows one the value already names', async () => {
    const view = renderPicker({ initial: OLD_TEAM });
    expect(within(view.picker).getByRole('combobox', { name: 'Group' })).toHaveAccessibleDescription(
      'Currently old-team (deactivated). Choose a group to replace it.',
    );
    expect(await openOptions(view, 'Group')).not.toContain('old-team');
    expect(screen.queryByRole('option', { name: /old-team/ })).not.toBeInTheDocument();
    expect(view.onChange).not.toHaveBeenCalled();
  });

  it('offers only the group select when ad-hoc sets are not allowed', () => {
    const view = renderPicker({ initial: OWNERS, allowAdHoc: false });
    expect(within(view.picker).queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(within(view.picker).getByRole('combobox', { name: 'Group' })).toHaveValue('Owners');
  });
});

describe('GroupSettingPicker, people and groups', () => {
  it('builds a set of two people and one group', async () => {
    const view = renderPicker({ initial: { direct_members: [], direct_subgroups: [] } });
    expect(within(view.picker).getByRole('radio', { name: 'Specific people and groups' })).toBeChecked();

    const people = within(view.picker).getByRole('combobox', { name: 'People' });
    await view.user.type(people, 'ada');
    await view.user.click(await screen.findByRole('option', { name: /Ada Lovelace/ }));
    // People are found by email as well as by name.
    await view.user.type(people, 'bob.li@');
    await view.user.click(await screen.findByRole('option', { name: /Bob Li/ }));

    await openOptions(view, 'Groups');
    await view.user.click(screen.getByRole('option', { name: 'support-team' }));

    expect(view.onChange).toHaveBeenLastCalledWith({ direct_members: [ADA, BOB], direct_subgroups: [SUPPORT] });
    expect(within(view.picker).getByRole('button', { name: 'Remove Ada Lovelace' })).toBeInTheDocument();
    expect(within(view.picker).getByRole('button', { name: 'Remove support-team' })).toBeInTheDocument();
  });

  it('shows each option’s email and never offers deactivated people', async () => {
    const view = renderPicker({ initial: { direct_members: [], direct_subgroups: [] } });
    const options = await openOptions(view, 'People');
    expect(options).toEqual(['Ada Lovelaceada@example.com', 'Bob Libob.li@example.com']);
  });

  it('never offers deactivated or excluded groups, but keeps and marks a deactivated one already chosen', async () => {
    const view = renderPicker({
      initial: { direct_members: [CY], direct_subgroups: [OLD_TEAM] },
      excludeSystemGroups: ['role:internet'],
    });
    expect(within(view.picker).getByText('old-team (deactivated)')).toBeInTheDocument();
    expect(within(view.picker).getByText('Cy Gone (deactivated)')).toBeInTheDocument();
    const options = await openOptions(view, 'Groups');
    expect(options).toContain('design-team');
    expect(options).not.toContain('old-team');
    expect(options).not.toContain('old-team (deactivated)');
    expect(options).not.toContain('Everyone on the internet');

    // Adding a group keeps the deactivated ones: nothing is lost silently.
    await view.user.click(screen.getByRole('option', { name: 'design-team' }));
    expect(view.onChange).toHaveBeenLastCalledWith({ direct_members: [CY], direct_subgroups: [OLD_TEAM, DESIGN] });

    // Removing one is deliberate.
    await view.user.click(within(view.picker).getByRole('button', { name: 'Remove old-team (deactivated)' }));
    expect(view.onChange).toHaveBeenLastCalledWith({ direct_members: [CY], direct_subgroups: [DESIGN] });
  });

  it('renders at most 50 people at once among 10,000', async () => {
    const many: GroupSettingPickerUser[] = Array.from({ length: 10_000 }, (_, i) => ({
      user_id: 1000 + i,
      full_name: `Person ${i}`,
      email: `person${i}@example.com`,
    }));
    const view = renderPicker({ initial: { direct_members: [], direct_subgroups: [] }, users: many });
    expect(await openOptions(view, 'People')).toHaveLength(50);
    await view.user.type(within(view.picker).getByRole('combobox', { name: 'People' }), 'person9876@');
    const listbox = await screen.findByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Person 9876person9876@example.com']);
  });
});

describe('GroupSettingPicker, switching modes', () => {
  it('turns a group into a set holding that group', async () => {
    const view = renderPicker({ initial: DESIGN });
    await view.user.click(within(view.picker).getByRole('radio', { name: 'Specific people and groups' }));
    expect(view.onChange).toHaveBeenLastCalledWith({ direct_members: [], direct_subgroups: [DESIGN] });
    expect(within(view.picker).getByRole('button', { name: 'Remove design-team' })).toBeInTheDocument();
  });

  it('turns a set of exactly one group back into that group', async () => {
    const view = renderPicker({ initial: { direct_members: [], direct_subgroups: [SUPPORT] } });
    await view.user.click(within(view.picker).getByRole('radio', { name: 'A group' }));
    expect(view.onChange).toHaveBeenLastCalledWith(SUPPORT);
    expect(within(view.picker).getByRole('combobox', { name: 'Group' })).toHaveValue('support-team');
  });

  it('emits nothing for a larger set until a group is picked', async () => {
    const view = renderPicker({ initial: { direct_members: [ADA], direct_subgroups: [SUPPORT] } });
    await view.user.click(within(view.picker).getByRole('radio', { name: 'A group' }));
    expect(view.onChange).not.toHaveBeenCalled();
    expect(within(view.picker).getByRole('radio', { name: 'A group' })).toBeChecked();
    const select = within(view.picker).getByRole('combobox', { name: 'Group' });
    expect(select).toHaveValue('');
    expect(select).toHaveAccessibleDescription(
      'Currently Ada Lovelace and support-team. Choose a group to replace it.',
    );
    await openOptions(view, 'Group');
    await view.user.click(screen.getByRole('option', { name: 'Moderators' }));
    expect(view.onChange).toHaveBeenCalledTimes(1);
    expect(view.onChange).toHaveBeenLastCalledWith(3);
  });
});

describe('GroupSettingPicker, state', () => {
  it('disables every control when disabled', () => {
    const view = renderPicker({ initial: { direct_members: [ADA], direct_subgroups: [SUPPORT] }, disabled: true });
    expect(view.picker).toBeDisabled();
    for (const radio of within(view.picker).getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(within(view.picker).getByRole('combobox', { name: 'People' })).toBeDisabled();
    expect(within(view.picker).getByRole('combobox', { name: 'Groups' })).toBeDisabled();
    expect(within(view.picker).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    // The choices still show, just not removable. (Closed dropdowns stay mounted, so look for the chip.)
    expect(within(view.picker).getByText('Ada Lovelace', { selector: '.mantine-Pill-label' })).toBeInTheDocument();
  });

  it('describes the group with its description and error', () => {
    const view = renderPicker({ initial: MEMBERS, description: 'Who may start new topics.', error: 'Pick a group.' });
    expect(view.picker).toHaveAccessibleDescription('Who may start new topics. Pick a group.');
    expect(within(view.picker).getByRole('combobox', { name: 'Group' })).toHaveAttribute('aria-invalid', 'true');
  });
});
