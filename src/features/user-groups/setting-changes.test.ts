import { describe, expect, it } from 'vitest';
import { ApiError } from '../../client/api-error';
import {
  changedSettings,
  conflictsAfterRefusal,
  isStaleOldError,
  settingProblem,
  settingUpdates,
} from './setting-changes';

const set = (members: number[], groups: number[] = []) => ({ direct_members: members, direct_subgroups: groups });

describe('changedSettings and settingUpdates', () => {
  it('sends {new, old} only for what changed, with old as loaded', () => {
    const loaded = { can_mention_group: 6, can_manage_group: set([1]), can_join_group: 8 };
    const edited = { can_mention_group: set([2, 3]), can_manage_group: set([1]), can_join_group: set([], [8]) };
    // A set of only one group is that group: not a change.
    const changed = changedSettings(loaded, edited);
    expect(changed).toEqual(['can_mention_group']);
    expect(settingUpdates(changed, edited, loaded)).toEqual({ can_mention_group: { new: set([2, 3]), old: 6 } });
  });

  it('on retry sends the fresh value as old', () => {
    expect(settingUpdates(['can_mention_group'], { can_mention_group: 9 }, { can_mention_group: 2 })).toEqual({
      can_mention_group: { new: 9, old: 2 },
    });
  });
});

describe('conflictsAfterRefusal', () => {
  it('names the changed settings whose current value is no longer what was loaded', () => {
    const loaded = { can_mention_group: 6, can_join_group: 8 };
    const edited = { can_mention_group: 9, can_join_group: 5 };
    const fresh = { can_mention_group: 2, can_join_group: 8 };
    expect(conflictsAfterRefusal(['can_mention_group', 'can_join_group'], loaded, edited, fresh)).toEqual([
      { setting: 'can_mention_group', mine: 9, theirs: 2 },
    ]);
  });
});

describe('isStaleOldError', () => {
  it('recognises the server’s refusal of a stale old value', () => {
    const msg = "'old' value does not match the expected value.";
    expect(isStaleOldError(new ApiError(400, { result: 'error', code: 'EXPECTATION_MISMATCH', msg }))).toBe(true);
    expect(
      isStaleOldError(new ApiError(400, { result: 'error', code: 'BAD_REQUEST', msg: 'Invalid user group.' })),
    ).toBe(false);
  });
});

describe('settingProblem', () => {
  const groups = [
    { id: 6, name: 'role:everyone', is_system_group: true },
    { id: 9, name: 'design-team', is_system_group: false },
    { id: 13, name: 'old', is_system_group: false, deactivated: true },
  ];
  it('refuses a disallowed system group, a deactivated group and an unknown one', () => {
    expect(settingProblem('can_manage_group', 6, groups, ['role:internet', 'role:everyone'])).toBe(
      "'can_manage_group' setting cannot be set to 'role:everyone' group.",
    );
    expect(settingProblem('can_mention_group', set([], [13]), groups, [])).toBe(
      'old is deactivated and cannot be used in permissions.',
    );
    expect(settingProblem('can_mention_group', 77, groups, [])).toBe('Invalid user group.');
    expect(settingProblem('can_mention_group', set([1], [9]), groups, [])).toBeNull();
  });
});
