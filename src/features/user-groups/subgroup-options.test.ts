import { describe, expect, it } from 'vitest';
import type { UserGroup } from '../../shared/svc/user-groups';
import { subgroupCandidates } from './subgroup-options';

const group = (id: number, name: string, extra: Partial<UserGroup> = {}): UserGroup => ({
  id,
  name,
  description: '',
  members: [],
  direct_subgroup_ids: [],
  is_system_group: false,
  ...extra,
});

// top ⊃ middle ⊃ bottom; other stands alone; gone is deactivated.
const GROUPS = [
  group(1, 'top', { direct_subgroup_ids: [2] }),
  group(2, 'middle', { direct_subgroup_ids: [3] }),
  group(3, 'bottom'),
  group(4, 'other'),
  group(5, 'gone', { deactivated: true }),
];

const reasons = (id: number) =>
  Object.fromEntries(subgroupCandidates(id, GROUPS).map((c) => [c.group.name, c.reason] as const));

describe('subgroupCandidates', () => {
  it('refuses the group itself and every group that contains it, saying why', () => {
    const r = reasons(3);
    expect(r.bottom).toBe('A group cannot be its own subgroup.');
    expect(r.middle).toBe('middle already contains this group (bottom ⊂ middle), so adding it would form a cycle.');
    expect(r.top).toBe('top already contains this group (bottom ⊂ middle ⊂ top), so adding it would form a cycle.');
    expect(r.other).toBeNull();
  });

  it('never offers deactivated groups, and marks current subgroups', () => {
    const r = reasons(1);
    expect('gone' in r).toBe(false);
    expect(r.middle).toBe('Already a subgroup.');
    // Deeper groups may be added directly too: no cycle.
    expect(r.bottom).toBeNull();
  });
});
