import { z } from 'zod';
import { groupSettingValueSchema } from './group-settings';

/** The permission settings every user group has (each a group-setting value). */
export const USER_GROUP_PERMISSION_SETTINGS = [
  'can_add_members_group',
  'can_join_group',
  'can_leave_group',
  'can_manage_group',
  'can_mention_group',
  'can_remove_members_group',
] as const;
export type UserGroupPermissionSetting = (typeof USER_GROUP_PERMISSION_SETTINGS)[number];

const groupSetting = groupSettingValueSchema.optional();

/**
 * A user group as `GET /user_groups` lists it. `members` are direct members only (deactivated users who
 * were members included); permission settings appeared over several levels, so each is optional.
 */
export const userGroupSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  members: z.array(z.number().int()),
  direct_subgroup_ids: z.array(z.number().int()),
  is_system_group: z.boolean(),
  deactivated: z.boolean().optional(),
  date_created: z.number().int().nullable().optional(),
  creator_id: z.number().int().nullable().optional(),
  can_add_members_group: groupSetting,
  can_join_group: groupSetting,
  can_leave_group: groupSetting,
  can_manage_group: groupSetting,
  can_mention_group: groupSetting,
  can_remove_members_group: groupSetting,
});
export type UserGroup = z.infer<typeof userGroupSchema>;
