import { z } from 'zod';
import { simpleSuccessSchema, successSchema } from '../envelope';
import { FEATURE_LEVELS } from '../features';
import { groupSettingUpdateSchema, groupSettingValueSchema } from '../group-settings';
import { op } from '../op';
import { USER_GROUP_PERMISSION_SETTINGS, userGroupSchema, type UserGroupPermissionSetting } from '../user-groups';

const groupId = z.number().int().positive();
const ids = z.array(z.number().int()).optional();
const flag = z.boolean().optional();

const settingValues = Object.fromEntries(
  USER_GROUP_PERMISSION_SETTINGS.map((name) => [name, groupSettingValueSchema.optional()]),
) as Record<UserGroupPermissionSetting, z.ZodOptional<typeof groupSettingValueSchema>>;

const settingUpdates = Object.fromEntries(
  USER_GROUP_PERMISSION_SETTINGS.map((name) => [name, groupSettingUpdateSchema.optional()]),
) as Record<UserGroupPermissionSetting, z.ZodOptional<typeof groupSettingUpdateSchema>>;

/**
 * User groups: listing (the group-setting picker and the user-groups area read it), creation, settings
 * with `{new, old}` updates (a stale `old` is refused, which is how the console detects conflicts),
 * membership, subgroups, deactivation and reactivation (PATCH `deactivated: false`, level 386).
 *
 * Parameters newer than their endpoint: `subgroups` at creation and `add_subgroups` / `delete_subgroups`
 * on the members endpoint (311), `deactivated` on PATCH (386).
 */
export const userGroupsOps = {
  getUserGroups: op({
    id: 'getUserGroups',
    method: 'GET',
    path: '/user_groups',
    params: () => z.strictObject({ include_deactivated_groups: flag }),
    response: () => successSchema({ user_groups: z.array(userGroupSchema) }),
  }),
  createUserGroup: op({
    id: 'createUserGroup',
    method: 'POST',
    path: '/user_groups/create',
    params: () =>
      z.strictObject({
        name: z.string(),
        description: z.string(),
        members: z.array(z.number().int()),
        subgroups: ids,
        ...settingValues,
      }),
    // `group_id` since level 317.
    response: () => successSchema({ group_id: z.number().int().optional() }),
  }),
  updateUserGroup: op({
    id: 'updateUserGroup',
    method: 'PATCH',
    path: '/user_groups/{user_group_id}',
    params: () =>
      z.strictObject({
        user_group_id: groupId,
        name: z.string().optional(),
        description: z.string().optional(),
        ...settingUpdates,
        deactivated: flag,
      }),
    response: () => simpleSuccessSchema,
  }),
  updateUserGroupMembers: op({
    id: 'updateUserGroupMembers',
    method: 'POST',
    path: '/user_groups/{user_group_id}/members',
    params: () =>
      z.strictObject({
        user_group_id: groupId,
        add: ids,
        delete: ids,
        add_subgroups: ids,
        delete_subgroups: ids,
      }),
    response: () => simpleSuccessSchema,
  }),
  updateUserGroupSubgroups: op({
    id: 'updateUserGroupSubgroups',
    method: 'POST',
    path: '/user_groups/{user_group_id}/subgroups',
    params: () => z.strictObject({ user_group_id: groupId, add: ids, delete: ids }),
    response: () => simpleSuccessSchema,
  }),
  deactivateUserGroup: op({
    id: 'deactivateUserGroup',
    method: 'POST',
    path: '/user_groups/{user_group_id}/deactivate',
    minLevel: FEATURE_LEVELS.groupDeactivation,
    params: () => z.strictObject({ user_group_id: groupId }),
    response: () => simpleSuccessSchema,
  }),
  getUserGroupMembers: op({
    id: 'getUserGroupMembers',
    method: 'GET',
    path: '/user_groups/{user_group_id}/members',
    minLevel: FEATURE_LEVELS.groupMembershipReads,
    params: () => z.strictObject({ user_group_id: groupId, direct_member_only: flag }),
    response: () => successSchema({ members: z.array(z.number().int()) }),
  }),
  getUserGroupSubgroups: op({
    id: 'getUserGroupSubgroups',
    method: 'GET',
    path: '/user_groups/{user_group_id}/subgroups',
    minLevel: FEATURE_LEVELS.groupMembershipReads,
    params: () => z.strictObject({ user_group_id: groupId, direct_subgroup_only: flag }),
    response: () => successSchema({ subgroups: z.array(z.number().int()) }),
  }),
  isUserGroupMember: op({
    id: 'isUserGroupMember',
    method: 'GET',
    path: '/user_groups/{user_group_id}/members/{user_id}',
    minLevel: FEATURE_LEVELS.groupMembershipReads,
    params: () =>
      z.strictObject({
        user_group_id: groupId,
        user_id: z.number().int().positive(),
        direct_member_only: flag,
      }),
    response: () => successSchema({ is_user_group_member: z.boolean() }),
  }),
} as const;
