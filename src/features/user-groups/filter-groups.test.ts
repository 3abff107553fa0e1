import { describe, expect, it } from 'vitest';
import type { UserGroup } from '../../shared/svc/user-groups';
import { filterGroups, groupRows } from './filter-groups';

const group = (id: number, name: string, extra: Partial<UserGroup> = {}): UserGroup => ({
  id,
  name,
  description: '',
  members: [],
  direct_subgroup_ids: [],
  is_system_group: name.startsWith('role:'),
  ...extra,
});

const GROUPS = [
  group(12, 'leadership', { members: [1], direct_subgroup_ids: [11] }),
  group(11, 'team-leads', { members: [2, 3, 99] }),
  group(2, 'role:administrators', { members: [1] }),
  group(1, 'role:owners', { members: [1] }),
  group(13, 'offsite', { deactivated: true, description: 'Lisbon 2019', members: [3] }),
];
// User 99 is deactivated.
const rows = groupRows(GROUPS, (id) => id !== 99);
const names = (list: ReturnType<typeof filterGroups>) => list.map((r) => r.group.name);

describe('groupRows', () => {
  it('counts active direct members and members through subgroups', () => {
    const leadership = rows.find((r) => r.group.id === 12)!;
    expect(leadership.directCount).toBe(1);
    expect(leadership.totalCount).toBe(3);
    expect(rows.find((r) => r.group.id === 11)!.directCount).toBe(2);
    expect(rows.find((r) => r.group.id === 2)!.displayName).toBe('Administrators');
  });
});

describe('filterGroups', () => {
  it('lists system groups first in role order, then custom groups by name', () => {
    expect(names(filterGroups(rows, 'all', ''))).toEqual([
      'role:owners',
      'role:administrators',
      'leadership',
      'offsite',
      'team-leads',
    ]);
  });

  it('filters by state and kind', () => {
    expect(names(filterGroups(rows, 'deactivated', ''))).toEqual(['offsite']);
    expect(names(filterGroups(rows, 'active', ''))).not.toContain('offsite');
    expect(names(filterGroups(rows, 'system', ''))).toEqual(['role:owners', 'role:administrators']);
    expect(names(filterGroups(rows, 'custom', ''))).toEqual(['leadership', 'offsite', 'team-leads']);
  });

  it('searches the shown name, the API name and the description', () => {
    expect(names(filterGroups(rows, 'all', 'admin'))).toEqual(['role:administrators']);
    expect(names(filterGroups(rows, 'all', 'role:own'))).toEqual(['role:owners']);
    expect(names(filterGroups(rows, 'all', 'lisbon'))).toEqual(['offsite']);
  });
});
