/**
 * The personal settings `PATCH /realm/user_settings_defaults` takes, as the simulator's own table (read off a
 * real server and its API documentation; the console's table is never consulted). `since`/`until`: the levels
 * the setting appeared and disappeared at — outside that range the server does not know the parameter and
 * ignores it. `values` of a choice: allowed values, each optionally with the level it appeared at (and the
 * level it was renamed or removed at).
 */
import { SIM_LEVELS } from './levels';

export type SimSettingKind = 'boolean' | 'integer' | 'text' | 'integer-choice' | 'text-choice';

export interface SimSettingDef {
  kind: SimSettingKind;
  values?: readonly (number | string | readonly [number | string, number, number?])[];
  since?: number;
  until?: number;
}

export const SIM_USER_SETTINGS: Readonly<Record<string, SimSettingDef>> = {
  color_scheme: { kind: 'integer-choice', values: [1, 2, 3] },
  emojiset: { kind: 'text-choice', values: ['google', 'twitter', 'text'] },
  web_font_size_px: { kind: 'integer', since: 245 },
  web_line_height_percent: { kind: 'integer', since: 245 },
  dense_mode: { kind: 'boolean', until: 364 },
  fluid_layout_width: { kind: 'boolean' },
  high_contrast_mode: { kind: 'boolean' },
  web_animate_image_previews: { kind: 'text-choice', values: ['always', 'on_hover', 'never'], since: 275 },
  display_emoji_reaction_users: { kind: 'boolean', since: 125 },
  starred_message_counts: { kind: 'boolean' },
  user_list_style: { kind: 'integer-choice', values: [1, 2, 3], since: 141 },
  twenty_four_hour_time: { kind: 'boolean', since: 99 },
  web_suggest_update_timezone: { kind: 'boolean', since: 329 },
  hide_ai_features: { kind: 'boolean', since: 350 },
  web_home_view: {
    kind: 'text-choice',
    values: [
      ['recent_topics', 0, SIM_LEVELS.webHomeViewRecent],
      ['recent', SIM_LEVELS.webHomeViewRecent],
      'inbox',
      'all_messages',
    ],
    since: 219,
  },
  web_escape_navigates_to_home_view: { kind: 'boolean', since: 219 },
  web_channel_default_view: { kind: 'integer-choice', values: [1, 2, [3, 383], [4, 401]], since: 269 },
  web_navigate_to_sent_message: { kind: 'boolean', since: 268 },
  web_mark_read_on_scroll_policy: { kind: 'integer-choice', values: [1, 2, 3], since: 175 },
  resolved_topic_notice_auto_read_policy: {
    kind: 'text-choice',
    values: ['always', 'except_followed', 'never'],
    since: 385,
  },
  demote_inactive_streams: { kind: 'integer-choice', values: [1, 2, 3] },
  web_stream_unreads_count_display_policy: { kind: 'integer-choice', values: [1, 2, 3], since: 210 },
  web_left_sidebar_unreads_count_summary: { kind: 'boolean', since: 398 },
  web_left_sidebar_show_channel_folders: { kind: 'boolean', since: 411 },
  web_inbox_show_channel_folders: { kind: 'boolean', since: SIM_LEVELS.webInboxShowChannelFolders },
  left_side_userlist: { kind: 'boolean' },
  enable_stream_desktop_notifications: { kind: 'boolean' },
  enable_stream_audible_notifications: { kind: 'boolean' },
  enable_stream_push_notifications: { kind: 'boolean' },
  enable_stream_email_notifications: { kind: 'boolean' },
  enable_desktop_notifications: { kind: 'boolean' },
  enable_sounds: { kind: 'boolean' },
  notification_sound: { kind: 'text' },
  pm_content_in_desktop_notifications: { kind: 'boolean' },
  enable_offline_push_notifications: { kind: 'boolean' },
  enable_online_push_notifications: { kind: 'boolean' },
  wildcard_mentions_notify: { kind: 'boolean' },
  desktop_icon_count_display: { kind: 'integer-choice', values: [1, 2, 3, 4] },
  enable_followed_topic_desktop_notifications: { kind: 'boolean', since: 189 },
  enable_followed_topic_audible_notifications: { kind: 'boolean', since: 189 },
  enable_followed_topic_push_notifications: { kind: 'boolean', since: 189 },
  enable_followed_topic_email_notifications: { kind: 'boolean', since: 189 },
  enable_followed_topic_wildcard_mentions_notify: { kind: 'boolean', since: 189 },
  automatically_follow_topics_policy: { kind: 'integer-choice', values: [1, 2, 3, 4], since: 214 },
  automatically_unmute_topics_in_muted_streams_policy: { kind: 'integer-choice', values: [1, 2, 3, 4], since: 214 },
  automatically_follow_topics_where_mentioned: { kind: 'boolean', since: 235 },
  enable_offline_email_notifications: { kind: 'boolean' },
  email_notifications_batching_period_seconds: { kind: 'integer' },
  message_content_in_email_notifications: { kind: 'boolean' },
  realm_name_in_email_notifications_policy: { kind: 'integer-choice', values: [1, 2, 3], since: 168 },
  enable_digest_emails: { kind: 'boolean' },
  presence_enabled: { kind: 'boolean' },
  send_read_receipts: { kind: 'boolean', since: 105 },
  send_private_typing_notifications: { kind: 'boolean', since: 105 },
  send_stream_typing_notifications: { kind: 'boolean', since: 105 },
  receives_typing_notifications: { kind: 'boolean', since: 253 },
  email_address_visibility: { kind: 'integer-choice', values: [1, 2, 5, 3, 4], since: 163 },
  enter_sends: { kind: 'boolean' },
  translate_emoticons: { kind: 'boolean' },
  enable_drafts_synchronization: { kind: 'boolean' },
};

/** A choice's values allowed at this level. */
export function valuesAt(def: SimSettingDef, level: number): (number | string)[] {
  return (def.values ?? []).flatMap((v) => {
    if (!Array.isArray(v)) return [v as number | string];
    const [value, since, until = Number.POSITIVE_INFINITY] = v as readonly [number | string, number, number?];
    return level >= since && level < until ? [value] : [];
  });
}

/**
 * Choice values the API renamed. The store keeps the current name whatever the level (so a value reads the
 * same after a level switch); a server older than `since` spells it `old`, and accepts only that spelling.
 */
const RENAMED_VALUES: Readonly<Record<string, readonly { stored: string; old: string; since: number }[]>> = {
  web_home_view: [{ stored: 'recent', old: 'recent_topics', since: SIM_LEVELS.webHomeViewRecent }],
};

/** A stored setting value as a server of this level spells it in answers and events. */
export function spellSettingValue<V>(name: string, value: V, level: number): V | string {
  const renamed = RENAMED_VALUES[name]?.find((r) => r.stored === value && level < r.since);
  return renamed ? renamed.old : value;
}

/** A value a client sent (already checked against `valuesAt`) in its stored, level-independent form. */
export function storedSettingValue<V>(name: string, value: V, level: number): V | string {
  const renamed = RENAMED_VALUES[name]?.find((r) => r.old === value && level < r.since);
  return renamed ? renamed.stored : value;
}

/** The most a week of batching allows: the server refuses 0 and anything past seven days. */
export const MAX_EMAIL_BATCHING_SECONDS = 7 * 24 * 60 * 60;
