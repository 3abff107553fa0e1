import type { ChannelPermissionSetting } from '../svc/channels';
import type { UserGroupPermissionSetting } from '../svc/user-groups';

/**
 * What each group-based permission lets people do: the organization's `realm_*` settings, a channel's and a
 * user group's. Forms, "Who can do what", the audit and error messages all read these.
 */

export const CHANNEL_PERMISSION_LABELS: Readonly<Record<ChannelPermissionSetting, string>> = {
  can_send_message_group: 'Who can post',
  can_create_topic_group: 'Who can start new topics',
  can_add_subscribers_group: 'Who can subscribe others',
  can_remove_subscribers_group: 'Who can unsubscribe others',
  can_administer_channel_group: 'Who can administer the channel',
  can_delete_any_message_group: 'Who can delete any message',
  can_delete_own_message_group: 'Who can delete their own messages',
  can_move_messages_out_of_channel_group: 'Who can move messages out of the channel',
  can_move_messages_within_channel_group: 'Who can move messages between its topics',
  can_subscribe_group: 'Who can subscribe themselves',
  can_resolve_topics_group: 'Who can resolve topics',
};

export const USER_GROUP_PERMISSION_LABELS: Readonly<Record<UserGroupPermissionSetting, string>> = {
  can_add_members_group: 'Who can add members',
  can_join_group: 'Who can join',
  can_leave_group: 'Who can leave',
  can_manage_group: 'Who can manage this group',
  can_mention_group: 'Who can mention this group',
  can_remove_members_group: 'Who can remove members',
};

/** The organization-wide ones, by their name in the server's settings (with the `realm_` prefix). */
const REALM_PERMISSION_LABELS: Readonly<Record<string, string>> = {
  realm_can_access_all_users_group: 'Who can see every user',
  realm_can_add_custom_emoji_group: 'Who can add custom emoji',
  realm_can_add_subscribers_group: 'Who can subscribe others to channels',
  realm_can_create_bots_group: 'Who can create bots',
  realm_can_create_groups: 'Who can create user groups',
  realm_can_create_private_channel_group: 'Who can create private channels',
  realm_can_create_public_channel_group: 'Who can create public channels',
  realm_can_create_web_public_channel_group: 'Who can create web-public channels',
  realm_can_create_write_only_bots_group: 'Who can create bots that only send messages',
  realm_can_delete_any_message_group: 'Who can delete any message',
  realm_can_delete_own_message_group: 'Who can delete their own messages',
  realm_can_invite_users_group: 'Who can invite people by email',
  realm_can_manage_all_groups: 'Who can manage all user groups',
  realm_can_manage_billing_group: 'Who can manage billing',
  realm_can_mention_many_users_group: 'Who can mention many people at once',
  realm_can_move_messages_between_channels_group: 'Who can move messages between channels',
  realm_can_move_messages_between_topics_group: 'Who can move messages between topics',
  realm_can_resolve_topics_group: 'Who can resolve topics',
  realm_can_summarize_topics_group: 'Who can summarize topics',
  realm_can_set_delete_message_policy_group: 'Who can set message deletion rules',
  realm_can_set_topics_policy_group: 'Who can set topic rules',
  realm_create_multiuse_invite_group: 'Who can create invite links',
  realm_direct_message_initiator_group: 'Who can start direct messages',
  realm_direct_message_permission_group: 'Who can take part in direct messages',
};

const SCOPED_PERMISSION_LABELS: Readonly<Record<string, string>> = {
  ...CHANNEL_PERMISSION_LABELS,
  ...USER_GROUP_PERMISSION_LABELS,
};

/** Words from a setting's API name when no label is known yet: `can_pin_group` → "Who can pin". */
function fromApiName(name: string): string {
  const words = name
    .replace(/^realm_/, '')
    .replace(/_group$/, '')
    .split('_')
    .filter(Boolean);
  if (words[0] === 'can') return `Who can ${words.slice(1).join(' ')}`;
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/**
 * Any group-based permission by its API name, with or without the `realm_` prefix for the organization's:
 * `can_move_messages_between_channels_group` → "Who can move messages between channels". A setting the
 * console does not know yet is still put in words, never shown as its API name.
 */
export function permissionLabel(name: string): string {
  return (
    REALM_PERMISSION_LABELS[name] ??
    REALM_PERMISSION_LABELS[`realm_${name}`] ??
    SCOPED_PERMISSION_LABELS[name] ??
    fromApiName(name)
  );
}
