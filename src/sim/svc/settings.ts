import type { GroupSettingValue, SystemGroupName } from '../../shared/svc/group-settings';

/**
 * Realm settings and personal-settings defaults the simulator keeps, with the values a fresh server has.
 * Names are the server's own (no `realm_` prefix), as in `realm` update events; `POST /register` adds the
 * prefix where the API does.
 */

/** Server-configured maxima, in Unicode code points (the server's stock values). */
export const SERVER_LIMITS = {
  max_topic_length: 60,
  max_message_length: 10_000,
  max_stream_name_length: 60,
  max_stream_description_length: 1024,
  max_channel_folder_name_length: 60,
  max_channel_folder_description_length: 1024,
} as const;

/**
 * A realm permission as stored: a system group by name (resolved to its ID when read, since IDs belong to
 * the store) or an explicit group-setting value.
 */
export type RealmGroupSetting = SystemGroupName | GroupSettingValue;

/** What the server shows for the empty-string topic, in the realm's default language (English). */
export const EMPTY_TOPIC_DISPLAY_NAME = 'general chat';

export function initialRealmSettings() {
  return {
    /** UNIX seconds. */
    date_created: 0,
    topics_policy: 'allow_empty_topic' as 'allow_empty_topic' | 'disable_empty_topic',
    allow_message_editing: true,
    /** Null: no limit. */
    message_content_edit_limit_seconds: 600 as number | null,
    move_messages_within_stream_limit_seconds: 604_800 as number | null,
    move_messages_between_streams_limit_seconds: 604_800 as number | null,
    message_edit_history_visibility_policy: 'all' as 'all' | 'moves' | 'none',
    enable_spectator_access: true,
    /** -1: keep forever. */
    message_retention_days: -1,
    default_language: 'en',
    waiting_period_threshold: 0,
    invite_required: true,
    emails_restricted_to_domains: false,
    name_changes_disabled: false,
    email_changes_disabled: false,
    avatar_changes_disabled: false,
    inline_image_preview: true,
    inline_url_embed_preview: false,
    enable_read_receipts: true,
    push_notifications_enabled: true,
    /** 10: business. */
    org_type: 10,
    can_create_public_channel_group: 'role:members' as RealmGroupSetting,
    can_create_private_channel_group: 'role:members' as RealmGroupSetting,
    can_create_web_public_channel_group: 'role:administrators' as RealmGroupSetting,
    can_add_subscribers_group: 'role:members' as RealmGroupSetting,
    can_create_groups: 'role:members' as RealmGroupSetting,
    can_manage_all_groups: 'role:owners' as RealmGroupSetting,
    // Moving and resolving (levels 310, 316, 367) and deleting (281, 291) messages.
    can_move_messages_between_channels_group: 'role:members' as RealmGroupSetting,
    can_move_messages_between_topics_group: 'role:everyone' as RealmGroupSetting,
    can_resolve_topics_group: 'role:everyone' as RealmGroupSetting,
    can_delete_any_message_group: 'role:administrators' as RealmGroupSetting,
    can_delete_own_message_group: 'role:everyone' as RealmGroupSetting,
    // Invitations and custom emoji, as a new organization has them.
    can_invite_users_group: 'role:members' as RealmGroupSetting,
    create_multiuse_invite_group: 'role:administrators' as RealmGroupSetting,
    can_add_custom_emoji_group: 'role:members' as RealmGroupSetting,
    /**
     * Whether owners may reach all private content (full exports without consent). The server's administrator
     * sets it with a management command, never through the API: here the control API does.
     */
    owner_full_content_access: false,
  };
}
export type RealmSettings = ReturnType<typeof initialRealmSettings>;

/**
 * Every personal setting an organization can set a default for (`PATCH /realm/user_settings_defaults`),
 * at the stock defaults of a current server.
 */
export function initialUserSettings() {
  return {
    twenty_four_hour_time: false as boolean | null,
    web_mark_read_on_scroll_policy: 1,
    web_channel_default_view: 1,
    starred_message_counts: true,
    receives_typing_notifications: true,
    web_suggest_update_timezone: true,
    fluid_layout_width: false,
    high_contrast_mode: false,
    web_font_size_px: 16,
    web_line_height_percent: 140,
    color_scheme: 1,
    enable_drafts_synchronization: true,
    translate_emoticons: true,
    display_emoji_reaction_users: true,
    default_language: 'en',
    web_home_view: 'inbox',
    web_escape_navigates_to_home_view: true,
    left_side_userlist: false,
    emojiset: 'google',
    demote_inactive_streams: 1,
    user_list_style: 2,
    web_animate_image_previews: 'on_hover',
    web_stream_unreads_count_display_policy: 2,
    hide_ai_features: false,
    web_left_sidebar_show_channel_folders: true,
    web_inbox_show_channel_folders: true,
    web_left_sidebar_unreads_count_summary: true,
    dense_mode: true,
    enable_stream_desktop_notifications: false,
    enable_stream_email_notifications: false,
    enable_stream_push_notifications: false,
    enable_stream_audible_notifications: false,
    notification_sound: 'ding',
    enable_desktop_notifications: true,
    enable_sounds: true,
    enable_followed_topic_desktop_notifications: true,
    enable_followed_topic_email_notifications: true,
    enable_followed_topic_push_notifications: true,
    enable_followed_topic_audible_notifications: true,
    email_notifications_batching_period_seconds: 120,
    enable_offline_email_notifications: true,
    enable_offline_push_notifications: true,
    enable_online_push_notifications: true,
    enable_digest_emails: true,
    enable_marketing_emails: true,
    enable_login_emails: true,
    message_content_in_email_notifications: true,
    pm_content_in_desktop_notifications: true,
    wildcard_mentions_notify: true,
    enable_followed_topic_wildcard_mentions_notify: true,
    desktop_icon_count_display: 1,
    realm_name_in_email_notifications_policy: 1,
    automatically_follow_topics_policy: 3,
    automatically_unmute_topics_in_muted_streams_policy: 2,
    automatically_follow_topics_where_mentioned: true,
    resolved_topic_notice_auto_read_policy: 'except_followed',
    presence_enabled: true,
    enter_sends: false,
    send_private_typing_notifications: true,
    send_stream_typing_notifications: true,
    send_read_receipts: true,
    allow_private_data_export: false,
    email_address_visibility: 1,
    web_navigate_to_sent_message: true,
  };
}
export type UserSettings = ReturnType<typeof initialUserSettings>;
export type UserSettingName = keyof UserSettings;

/** The level each setting appeared at; absent means "as old as the defaults object itself" (level 95). */
const SETTING_SINCE: Partial<Record<UserSettingName, number>> = {
  twenty_four_hour_time: 99,
  web_mark_read_on_scroll_policy: 175,
  web_channel_default_view: 269,
  receives_typing_notifications: 253,
  web_suggest_update_timezone: 329,
  web_font_size_px: 245,
  web_line_height_percent: 245,
  display_emoji_reaction_users: 125,
  web_home_view: 219,
  web_escape_navigates_to_home_view: 219,
  user_list_style: 141,
  web_animate_image_previews: 275,
  web_stream_unreads_count_display_policy: 210,
  hide_ai_features: 350,
  web_left_sidebar_show_channel_folders: 411,
  web_inbox_show_channel_folders: 431,
  web_left_sidebar_unreads_count_summary: 398,
  enable_followed_topic_desktop_notifications: 189,
  enable_followed_topic_email_notifications: 189,
  enable_followed_topic_push_notifications: 189,
  enable_followed_topic_audible_notifications: 189,
  enable_followed_topic_wildcard_mentions_notify: 189,
  realm_name_in_email_notifications_policy: 168,
  automatically_follow_topics_policy: 214,
  automatically_unmute_topics_in_muted_streams_policy: 214,
  automatically_follow_topics_where_mentioned: 235,
  resolved_topic_notice_auto_read_policy: 385,
  send_private_typing_notifications: 105,
  send_stream_typing_notifications: 105,
  send_read_receipts: 105,
  allow_private_data_export: 293,
  email_address_visibility: 163,
  web_navigate_to_sent_message: 268,
};

/** The level a setting was removed at. */
const SETTING_REMOVED_AT: Partial<Record<UserSettingName, number>> = { dense_mode: 364 };

/** Whether a server of this level knows the setting (sends it, accepts it). */
export function userSettingExists(name: UserSettingName, level: number): boolean {
  return level >= (SETTING_SINCE[name] ?? 0) && level < (SETTING_REMOVED_AT[name] ?? Infinity);
}

export const NOTIFICATION_SOUNDS = ['ding', 'chime', 'tone', 'beep'] as const;

export const EMOJISET_CHOICES = [
  { key: 'google', text: 'Google' },
  { key: 'twitter', text: 'Twitter' },
  { key: 'text', text: 'Plain text' },
] as const;
