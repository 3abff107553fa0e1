import type { UserGroupPermissionSetting } from '../../shared/svc/user-groups';

/** What each user-group permission setting lets people do, as the forms and lists name it. */
export const USER_GROUP_SETTING_LABELS: Readonly<Record<UserGroupPermissionSetting, string>> = {
  can_add_members_group: 'Who can add members',
  can_join_group: 'Who can join',
  can_leave_group: 'Who can leave',
  can_manage_group: 'Who can manage this group',
  can_mention_group: 'Who can mention this group',
  can_remove_members_group: 'Who can remove members',
};
