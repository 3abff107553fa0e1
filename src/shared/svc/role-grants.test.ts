import { describe, expect, it } from 'vitest';
import { describeSetting, roleHolds } from './role-grants';

const groups = [
  { id: 1, name: 'role:owners', is_system_group: true },
  { id: 2, name: 'role:administrators', is_system_group: true },
  { id: 5, name: 'role:members', is_system_group: true },
  { id: 6, name: 'role:everyone', is_system_group: true },
  { id: 9, name: 'designers', is_system_group: false },
];

describe('roleHolds', () => {
  it('resolves a single system group by role', () => {
    expect(roleHolds(200, 2, groups)).toBe(true);
    expect(roleHolds(400, 2, groups)).toBe(false);
    expect(roleHolds(400, 5, groups)).toBe(true);
    expect(roleHolds(600, 5, groups)).toBe(false);
    expect(roleHolds(600, 6, groups)).toBe(true);
  });

  it('resolves a set of groups and people', () => {
    const value = { direct_members: [42], direct_subgroups: [2, 9] };
    expect(roleHolds(100, value, groups)).toBe(true);
    expect(roleHolds(400, value, groups)).toBe(false);
    expect(roleHolds(400, value, groups, 42)).toBe(true);
    expect(roleHolds(400, 'x', groups)).toBeNull();
  });
});

describe('describeSetting', () => {
  it('names groups for a sentence', () => {
    expect(describeSetting(2, groups)).toBe('Administrators');
    expect(describeSetting({ direct_members: [1, 2], direct_subgroups: [9] }, groups)).toBe('designers, 2 people');
    expect(describeSetting({ direct_members: [], direct_subgroups: [] }, groups)).toBe('Nobody');
  });
});
