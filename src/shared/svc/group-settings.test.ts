import { describe, expect, it } from 'vitest';
import {
  expandGroups,
  groupDisplayName,
  groupSettingUserIds,
  isUserInGroupSetting,
  normalizeGroupSetting,
  sameGroupSetting,
  type GroupMembership,
} from './group-settings';

const map = (...groups: GroupMembership[]) => new Map(groups.map((g) => [g.id, g] as const));

// leadership (12) ⊃ team-leads (11) ⊃ design-team (9); support-team (10) stands alone.
const GROUPS = map(
  { id: 9, members: [101], direct_subgroup_ids: [] },
  { id: 10, members: [102, 103], direct_subgroup_ids: [] },
  { id: 11, members: [104], direct_subgroup_ids: [9] },
  { id: 12, members: [105], direct_subgroup_ids: [11] },
);

describe('expandGroups', () => {
  it('reaches subgroups at any depth, the roots included', () => {
    expect([...expandGroups([12], GROUPS)].sort()).toEqual([11, 12, 9]);
    expect([...expandGroups([9], GROUPS)]).toEqual([9]);
  });

  it('tolerates cycles and unknown groups', () => {
    const cyclic = map(
      { id: 1, members: [1], direct_subgroup_ids: [2] },
      { id: 2, members: [2], direct_subgroup_ids: [1, 99] },
    );
    expect([...expandGroups([1], cyclic)].sort()).toEqual([1, 2, 99]);
  });
});

describe('groupSettingUserIds', () => {
  it('resolves a group ID through nested subgroups', () => {
    expect([...groupSettingUserIds(12, GROUPS)].sort()).toEqual([101, 104, 105]);
    expect([...groupSettingUserIds(11, GROUPS)].sort()).toEqual([101, 104]);
  });

  it('resolves an ad-hoc set: its users plus its groups’ members at any depth', () => {
    const value = { direct_members: [200], direct_subgroups: [11, 10] };
    expect([...groupSettingUserIds(value, GROUPS)].sort()).toEqual([101, 102, 103, 104, 200]);
  });

  it('grants nobody for an empty set or an unknown group', () => {
    expect(groupSettingUserIds({ direct_members: [], direct_subgroups: [] }, GROUPS).size).toBe(0);
    expect(groupSettingUserIds(404, GROUPS).size).toBe(0);
  });

  it('terminates on a cycle and counts each member once', () => {
    const cyclic = map(
      { id: 1, members: [7], direct_subgroup_ids: [2] },
      { id: 2, members: [7, 8], direct_subgroup_ids: [1] },
    );
    expect([...groupSettingUserIds(1, cyclic)].sort()).toEqual([7, 8]);
  });
});

describe('isUserInGroupSetting', () => {
  it('is true through a subgroup chain and for a directly named user', () => {
    expect(isUserInGroupSetting(12, 101, GROUPS)).toBe(true);
    expect(isUserInGroupSetting({ direct_members: [300], direct_subgroups: [] }, 300, GROUPS)).toBe(true);
    expect(isUserInGroupSetting(10, 101, GROUPS)).toBe(false);
  });
});

describe('normalizeGroupSetting and sameGroupSetting', () => {
  it('sorts and deduplicates an ad-hoc set and keeps a group ID', () => {
    expect(normalizeGroupSetting({ direct_members: [3, 1, 3], direct_subgroups: [9, 2] })).toEqual({
      direct_members: [1, 3],
      direct_subgroups: [2, 9],
    });
    expect(normalizeGroupSetting(5)).toBe(5);
  });

  it('compares as written: order-insensitive, a group equals a set of only that group', () => {
    expect(
      sameGroupSetting(
        { direct_members: [2, 1], direct_subgroups: [] },
        { direct_members: [1, 2], direct_subgroups: [] },
      ),
    ).toBe(true);
    expect(sameGroupSetting(9, { direct_members: [], direct_subgroups: [9] })).toBe(true);
    expect(sameGroupSetting(9, { direct_members: [1], direct_subgroups: [9] })).toBe(false);
    expect(sameGroupSetting(9, 10)).toBe(false);
    // Not by resolved membership: leadership includes team-leads' members, yet the settings differ.
    expect(sameGroupSetting(12, 11)).toBe(false);
  });
});

describe('groupDisplayName', () => {
  it('names system groups by their meaning and custom groups as named', () => {
    expect(groupDisplayName({ name: 'role:everyone', is_system_group: true })).toBe('Everyone including guests');
    expect(groupDisplayName({ name: 'design-team', is_system_group: false })).toBe('design-team');
  });
});
