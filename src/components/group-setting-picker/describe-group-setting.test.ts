import { describe, expect, it } from 'vitest';
import { describeGroupSetting, type NamedGroup, type NamedUser } from './describe-group-setting';

const groups: NamedGroup[] = [
  { id: 1, name: 'role:administrators', is_system_group: true },
  { id: 2, name: 'role:everyone', is_system_group: true },
  { id: 20, name: 'design-team', is_system_group: false },
  { id: 21, name: 'support-team', is_system_group: false },
  { id: 22, name: 'old-team', is_system_group: false, deactivated: true },
];
const users: NamedUser[] = [
  { user_id: 101, full_name: 'Ada Lovelace', email: 'ada@example.com' },
  { user_id: 102, full_name: 'Bob Li', is_active: true },
  { user_id: 103, full_name: 'Cy Gone', is_active: false },
];

describe('describeGroupSetting', () => {
  it('names a system group by its meaning and a custom group by its name', () => {
    expect(describeGroupSetting(1, groups, users)).toBe('Administrators');
    expect(describeGroupSetting(2, groups, users)).toBe('Everyone including guests');
    expect(describeGroupSetting(20, groups, users)).toBe('design-team');
  });

  it('lists people, then groups, joined in plain English', () => {
    expect(describeGroupSetting({ direct_members: [101, 102], direct_subgroups: [21] }, groups, users)).toBe(
      'Ada Lovelace, Bob Li and support-team',
    );
    expect(describeGroupSetting({ direct_members: [101], direct_subgroups: [1] }, groups, users)).toBe(
      'Ada Lovelace and Administrators',
    );
    expect(describeGroupSetting({ direct_members: [102], direct_subgroups: [] }, groups, users)).toBe('Bob Li');
    expect(describeGroupSetting({ direct_members: [], direct_subgroups: [20] }, groups, users)).toBe('design-team');
  });

  it('says "Nobody" for an empty set', () => {
    expect(describeGroupSetting({ direct_members: [], direct_subgroups: [] }, groups, users)).toBe('Nobody');
  });

  it('keeps the ID of a group or user it cannot find', () => {
    expect(describeGroupSetting(42, groups, users)).toBe('Unknown group 42');
    expect(describeGroupSetting({ direct_members: [7], direct_subgroups: [42] }, groups, users)).toBe(
      'Unknown user 7 and Unknown group 42',
    );
  });

  it('marks deactivated groups and users', () => {
    expect(describeGroupSetting(22, groups, users)).toBe('old-team (deactivated)');
    expect(describeGroupSetting({ direct_members: [103], direct_subgroups: [22] }, groups, users)).toBe(
      'Cy Gone (deactivated) and old-team (deactivated)',
    );
  });

  it('names each member once, even if the value repeats one', () => {
    expect(describeGroupSetting({ direct_members: [101, 101], direct_subgroups: [] }, groups, users)).toBe(
      'Ada Lovelace',
    );
  });
});
