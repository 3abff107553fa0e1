import { describe, expect, it } from 'vitest';
import type { GroupMembership } from '../../shared/svc/group-settings';
import type { UserGroup } from '../../shared/svc/user-groups';
import {
  addMembersAbility,
  createGroupsAbility,
  deactivateAbility,
  manageAbility,
  reactivateAbility,
  removeMembersAbility,
  type GroupContext,
} from './permissions';

const OWNER = 1;
const ADMIN = 2;
const MEMBER = 4;
const GUEST = 6;

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
  group(100, 'role:owners', { members: [OWNER] }),
  group(101, 'role:administrators', { members: [ADMIN], direct_subgroup_ids: [100] }),
  group(104, 'role:members', { members: [MEMBER], direct_subgroup_ids: [101] }),
  group(106, 'role:everyone', { members: [GUEST], direct_subgroup_ids: [104] }),
  group(9, 'design-team', {
    can_manage_group: { direct_members: [ADMIN], direct_subgroups: [] },
    can_add_members_group: 104,
    can_remove_members_group: 108,
  }),
  group(13, 'old', { deactivated: true, can_manage_group: 101 }),
];
const membership = new Map<number, GroupMembership>(GROUPS.map((g) => [g.id, g] as const));

function ctx(userId: number, role: number, extra: Partial<GroupContext> = {}): GroupContext {
  return { viewer: { userId, role }, realm: {}, groups: GROUPS, membership, level: 420, ...extra };
}
const design = GROUPS.find((g) => g.id === 9)!;
const old = GROUPS.find((g) => g.id === 13)!;
const system = GROUPS[0]!;

describe('user-group permissions', () => {
  it('never lets anyone edit a system group', () => {
    expect(manageAbility(ctx(OWNER, 100), system)).toEqual({
      allowed: false,
      reason: 'System groups are managed by the server and cannot be edited.',
    });
  });

  it('lets the group’s managers and those who manage all groups (owners by default) manage it', () => {
    expect(manageAbility(ctx(ADMIN, 200), design).allowed).toBe(true);
    expect(manageAbility(ctx(OWNER, 100), design).allowed).toBe(true);
    expect(manageAbility(ctx(MEMBER, 400), design).reason).toBe('You are not allowed to manage this group.');
    // The organization's setting, when the server reports it, replaces the default.
    expect(manageAbility(ctx(OWNER, 100, { realm: { realm_can_manage_all_groups: 104 } }), design).allowed).toBe(true);
    expect(manageAbility(ctx(MEMBER, 400, { realm: { realm_can_manage_all_groups: 104 } }), design).allowed).toBe(true);
  });

  it('lets can_add_members_group add, but not remove', () => {
    expect(addMembersAbility(ctx(MEMBER, 400), design).allowed).toBe(true);
    expect(removeMembersAbility(ctx(MEMBER, 400), design).allowed).toBe(false);
  });

  it('gates membership of deactivated groups on level 391 and reactivation on 386', () => {
    expect(addMembersAbility(ctx(ADMIN, 200, { level: 390 }), old).reason).toBe(
      'Members and subgroups of a deactivated group can be changed from level 391. Needs a newer chat server: feature level 391, this one is at 390.',
    );
    expect(addMembersAbility(ctx(ADMIN, 200, { level: 391 }), old).allowed).toBe(true);
    expect(reactivateAbility(ctx(ADMIN, 200, { level: 385 }), old).reason).toBe(
      'Reactivating groups needs a newer chat server: feature level 386, this one is at 385.',
    );
    expect(reactivateAbility(ctx(ADMIN, 200), old).allowed).toBe(true);
    expect(deactivateAbility(ctx(ADMIN, 200, { level: 289 }), design).allowed).toBe(false);
  });

  it('lets members create groups by default, never guests', () => {
    expect(createGroupsAbility(ctx(MEMBER, 400)).allowed).toBe(true);
    expect(createGroupsAbility(ctx(GUEST, 600)).allowed).toBe(false);
    expect(createGroupsAbility(ctx(MEMBER, 400, { realm: { realm_can_create_groups: 101 } })).reason).toBe(
      'You are not in the group allowed to create user groups.',
    );
  });
});
