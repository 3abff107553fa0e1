import { featureGateReason } from '../../shared/svc/features';
import {
  isUserInGroupSetting,
  type GroupMembership,
  type GroupSettingValue,
  type SystemGroupName,
} from '../../shared/svc/group-settings';
import { ROLE } from '../../shared/svc/roles';
import type { UserGroup, UserGroupPermissionSetting } from '../../shared/svc/user-groups';
import { asGroupSetting, type RealmValues } from './grants';

/**
 * What the signed-in user may do with user groups, mirroring the server's rules so the UI does not offer
 * what it would refuse. The server stays the authority: its refusals are shown as it words them.
 */

export interface Ability {
  allowed: boolean;
  /** Why not, in words for the user; null when allowed. */
  reason: string | null;
}

const yes: Ability = { allowed: true, reason: null };
const no = (reason: string): Ability => ({ allowed: false, reason });

export interface Viewer {
  userId: number;
  role: number;
}

export interface GroupContext {
  viewer: Viewer | null;
  realm: RealmValues | undefined;
  groups: readonly UserGroup[];
  membership: ReadonlyMap<number, GroupMembership>;
  level: number;
}

/**
 * A realm group setting, or the server's default when this server's register state does not carry it
 * (then the default is what an unconfigured organization has).
 */
function realmSetting(ctx: GroupContext, name: string, fallback: SystemGroupName): GroupSettingValue | null {
  const value = asGroupSetting(ctx.realm?.[name]);
  if (value !== null) return value;
  return ctx.groups.find((g) => g.is_system_group && g.name === fallback)?.id ?? null;
}

function holds(ctx: GroupContext, value: GroupSettingValue | null | undefined, guestsMay: boolean): boolean {
  const viewer = ctx.viewer;
  if (viewer === null || value === null || value === undefined) return false;
  if (!guestsMay && viewer.role === ROLE.guest) return false;
  return isUserInGroupSetting(value, viewer.userId, ctx.membership);
}

export function createGroupsAbility(ctx: GroupContext): Ability {
  if (ctx.viewer === null) return no('Sign in to create groups.');
  if (holds(ctx, realmSetting(ctx, 'realm_can_create_groups', 'role:members'), false)) return yes;
  return no('You are not in the group allowed to create user groups.');
}

function managesAll(ctx: GroupContext): boolean {
  return holds(ctx, realmSetting(ctx, 'realm_can_manage_all_groups', 'role:owners'), false);
}

/** Name, description, permission settings, deactivation: system groups never; else the managers. */
export function manageAbility(ctx: GroupContext, group: UserGroup): Ability {
  if (group.is_system_group) return no('System groups are managed by the server and cannot be edited.');
  if (managesAll(ctx) || holds(ctx, group.can_manage_group, false)) return yes;
  return no('You are not allowed to manage this group.');
}

function membershipGate(ctx: GroupContext, group: UserGroup): Ability | null {
  if (!group.deactivated) return null;
  const reason = featureGateReason(ctx.level, 'groupSubgroupsOnDeactivated');
  return reason ? no(`Members and subgroups of a deactivated group can be changed from level 391. ${reason}`) : null;
}

/** Adding members or subgroups: managers, or those in `can_add_members_group`. */
export function addMembersAbility(ctx: GroupContext, group: UserGroup): Ability {
  const manage = manageAbility(ctx, group);
  if (group.is_system_group) return manage;
  const gate = membershipGate(ctx, group);
  if (gate) return gate;
  if (manage.allowed || holds(ctx, group.can_add_members_group, false)) return yes;
  return no('You are not allowed to add members to this group.');
}

/** Removing members: managers, or those in `can_remove_members_group`. */
export function removeMembersAbility(ctx: GroupContext, group: UserGroup): Ability {
  const manage = manageAbility(ctx, group);
  if (group.is_system_group) return manage;
  const gate = membershipGate(ctx, group);
  if (gate) return gate;
  if (manage.allowed || holds(ctx, group.can_remove_members_group, false)) return yes;
  return no('You are not allowed to remove members from this group.');
}

/** Removing subgroups takes managing the group. */
export function removeSubgroupsAbility(ctx: GroupContext, group: UserGroup): Ability {
  const manage = manageAbility(ctx, group);
  if (!manage.allowed) return manage;
  return membershipGate(ctx, group) ?? yes;
}

export function deactivateAbility(ctx: GroupContext, group: UserGroup): Ability {
  const reason = featureGateReason(ctx.level, 'groupDeactivation');
  if (reason) return no(reason);
  return manageAbility(ctx, group);
}

/** `PATCH deactivated=false`, from level 386. */
export function reactivateAbility(ctx: GroupContext, group: UserGroup): Ability {
  const reason = featureGateReason(ctx.level, 'groupReactivation');
  if (reason) return no(`Reactivating groups ${reason.charAt(0).toLowerCase()}${reason.slice(1)}`);
  return manageAbility(ctx, group);
}

/** Whether a setting exists on this server (each appeared at its own level). */
export function settingAvailable(group: UserGroup, setting: UserGroupPermissionSetting): boolean {
  return group[setting] !== undefined;
}
