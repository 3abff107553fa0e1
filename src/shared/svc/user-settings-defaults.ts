import { z } from 'zod';
import { FEATURE_LEVELS } from './features';

/**
 * The personal settings an organization can set defaults for (`PATCH /realm/user_settings_defaults`), in
 * one table: the operation's parameter schema, the console's form and the simulator's validation all read it.
 * Allowed values are the seed's; parameters after `twenty_four_hour_time` and the levels come from the
 * reference description. `minLevel`: the server level the setting (or option) appeared at; `removedAt`: the
 * level it disappeared at. A server outside that range does not know the parameter and ignores it.
 */

export type SettingValue = boolean | number | string | null;

/** `PATCH /realm/user_settings_defaults` is new at this level (the register state a level earlier). */
export const USER_SETTINGS_DEFAULTS_ENDPOINT_LEVEL = 96;

export const SETTING_GROUPS = [
  { id: 'appearance', title: 'Appearance', description: 'Theme, text size and how things look.' },
  {
    id: 'navigation',
    title: 'Home view and navigation',
    description: 'Where people land, how channels open and when messages count as read.',
  },
  {
    id: 'channel-notifications',
    title: 'Channel notifications',
    description: 'Notifications for messages in channels.',
  },
  {
    id: 'direct-messages',
    title: 'Direct messages and mentions',
    description: 'Notifications for direct messages, @-mentions and wildcard mentions.',
  },
  {
    id: 'followed-topics',
    title: 'Followed topics',
    description: 'Notifications for followed topics, and which topics are followed automatically.',
  },
  { id: 'email', title: 'Email', description: 'Notification emails and digests.' },
  {
    id: 'privacy',
    title: 'Privacy and presence',
    description: 'What other people can see: availability, read receipts, typing and the email address.',
  },
  { id: 'composing', title: 'Composing', description: 'Writing and sending messages, and drafts.' },
] as const;

export type SettingGroupId = (typeof SETTING_GROUPS)[number]['id'];

export interface SettingOption<V extends number | string> {
  value: V;
  label: string;
  /** The option is new at this level; older servers refuse it. */
  minLevel?: number;
}

interface SettingBase {
  name: string;
  group: SettingGroupId;
  /** The human name, used as the control's label. */
  label: string;
  description?: string;
  minLevel?: number;
  removedAt?: number;
}

export interface BooleanSetting extends SettingBase {
  kind: 'boolean';
}

export interface IntegerChoiceSetting extends SettingBase {
  kind: 'integer-choice';
  options: readonly SettingOption<number>[];
}

export interface TextChoiceSetting extends SettingBase {
  kind: 'text-choice';
  options: readonly SettingOption<string>[];
}

export interface IntegerSetting extends SettingBase {
  kind: 'integer';
  /** Shown after the number: `px`, `%`, `seconds`. */
  unit: string;
  min: number;
  max: number;
  step?: number;
  /**
   * The server itself refuses values outside min..max (with this message); otherwise the bounds are the
   * range the console offers, and the server takes any integer.
   */
  serverBoundsMessage?: (value: number) => string;
}

/** Free text, such as a notification sound's name (the server lists the valid ones at registration). */
export interface TextSetting extends SettingBase {
  kind: 'text';
}

export type UserSettingDef = BooleanSetting | IntegerChoiceSetting | TextChoiceSetting | IntegerSetting | TextSetting;

const bool = (
  name: string,
  group: SettingGroupId,
  label: string,
  extra: Partial<SettingBase> = {},
): BooleanSetting => ({
  name,
  group,
  label,
  kind: 'boolean',
  ...extra,
});

const FOLLOW_POLICY_OPTIONS = [
  { value: 1, label: 'Topics the user participates in' },
  { value: 2, label: 'Topics the user sends a message to' },
  { value: 3, label: 'Topics the user starts' },
  { value: 4, label: 'Never' },
] as const;

const WEEK_SECONDS = 7 * 24 * 60 * 60;

export const USER_SETTINGS: readonly UserSettingDef[] = [
  // Appearance
  {
    name: 'color_scheme',
    group: 'appearance',
    label: 'Color theme',
    kind: 'integer-choice',
    options: [
      { value: 1, label: 'Automatic (follows the system)' },
      { value: 2, label: 'Dark' },
      { value: 3, label: 'Light' },
    ],
  },
  {
    name: 'emojiset',
    group: 'appearance',
    label: 'Emoji style',
    kind: 'text-choice',
    options: [
      { value: 'google', label: 'Google' },
      { value: 'twitter', label: 'Twitter' },
      { value: 'text', label: 'Plain text' },
    ],
  },
  {
    name: 'web_font_size_px',
    group: 'appearance',
    label: 'Font size',
    description: 'Base font size of the web app, in pixels.',
    kind: 'integer',
    unit: 'px',
    min: 12,
    max: 20,
    minLevel: 245,
  },
  {
    name: 'web_line_height_percent',
    group: 'appearance',
    label: 'Line height',
    description: 'In percent of the font size (140 means 1.4).',
    kind: 'integer',
    unit: '%',
    min: 122,
    max: 158,
    minLevel: 245,
  },
  bool('dense_mode', 'appearance', 'Dense mode', {
    description: 'Smaller text and tighter spacing.',
    removedAt: FEATURE_LEVELS.denseModeRemoved,
  }),
  bool('fluid_layout_width', 'appearance', 'Use the full width on wide screens'),
  bool('high_contrast_mode', 'appearance', 'High contrast mode', {
    description: 'Reserved for accessibility variations of the design.',
  }),
  {
    name: 'web_animate_image_previews',
    group: 'appearance',
    label: 'Play animated images',
    kind: 'text-choice',
    options: [
      { value: 'always', label: 'Always' },
      { value: 'on_hover', label: 'On hover' },
      { value: 'never', label: 'Never' },
    ],
    minLevel: 275,
  },
  bool('display_emoji_reaction_users', 'appearance', 'Show who reacted to a message', {
    description: 'Names instead of a count when there are few reactions.',
    minLevel: 125,
  }),
  bool('starred_message_counts', 'appearance', 'Show the number of starred messages'),
  {
    name: 'user_list_style',
    group: 'appearance',
    label: 'User list style',
    kind: 'integer-choice',
    options: [
      { value: 1, label: 'Compact' },
      { value: 2, label: 'With status' },
      { value: 3, label: 'With avatar and status' },
    ],
    minLevel: 141,
  },
  bool('twenty_four_hour_time', 'appearance', 'Use 24-hour time', { minLevel: 99 }),
  bool('web_suggest_update_timezone', 'appearance', 'Offer to update the profile time zone', {
    description: "When the device's time zone differs from the profile's.",
    minLevel: 329,
  }),
  bool('hide_ai_features', 'appearance', 'Hide AI features', {
    description: 'Such as topic summaries.',
    minLevel: 350,
  }),

  // Home view and navigation
  {
    name: 'web_home_view',
    group: 'navigation',
    label: 'Home view',
    kind: 'text-choice',
    options: [
      // Spelled "recent_topics" before level 454; the BFF spells it for the server (api-changes.ts).
      { value: 'recent', label: 'Recent conversations' },
      { value: 'inbox', label: 'Inbox' },
      { value: 'all_messages', label: 'Combined feed' },
    ],
    minLevel: 219,
  },
  bool('web_escape_navigates_to_home_view', 'navigation', 'Escape key goes to the home view', { minLevel: 219 }),
  {
    name: 'web_channel_default_view',
    group: 'navigation',
    label: 'Opening a channel shows',
    kind: 'integer-choice',
    options: [
      { value: 1, label: 'Top topic in the channel' },
      { value: 2, label: 'Channel feed' },
      { value: 3, label: 'List of topics', minLevel: 383 },
      { value: 4, label: 'Top unread topic in the channel', minLevel: 401 },
    ],
    minLevel: 269,
  },
  bool('web_navigate_to_sent_message', 'navigation', 'Go to the conversation after sending a message', {
    minLevel: 268,
  }),
  {
    name: 'web_mark_read_on_scroll_policy',
    group: 'navigation',
    label: 'Mark messages as read on scroll',
    kind: 'integer-choice',
    options: [
      { value: 1, label: 'Always' },
      { value: 2, label: 'Only in conversation views' },
      { value: 3, label: 'Never' },
    ],
    minLevel: 175,
  },
  {
    name: 'resolved_topic_notice_auto_read_policy',
    group: 'navigation',
    label: 'Mark resolved-topic notices as read',
    kind: 'text-choice',
    options: [
      { value: 'always', label: 'Always' },
      { value: 'except_followed', label: 'Except in followed topics' },
      { value: 'never', label: 'Never' },
    ],
    minLevel: 385,
  },
  {
    name: 'demote_inactive_streams',
    group: 'navigation',
    label: 'Hide inactive channels',
    kind: 'integer-choice',
    options: [
      { value: 1, label: 'Automatic' },
      { value: 2, label: 'Always' },
      { value: 3, label: 'Never' },
    ],
  },
  {
    name: 'web_stream_unreads_count_display_policy',
    group: 'navigation',
    label: 'Show unread counts for',
    kind: 'integer-choice',
    options: [
      { value: 1, label: 'All channels' },
      { value: 2, label: 'Unmuted channels and topics' },
      { value: 3, label: 'No channels' },
    ],
    minLevel: 210,
  },
  bool('web_left_sidebar_unreads_count_summary', 'navigation', 'Show the unread count summary in the left sidebar', {
    minLevel: 398,
  }),
  bool('web_left_sidebar_show_channel_folders', 'navigation', 'Show channel folders in the left sidebar', {
    minLevel: 411,
  }),
  bool('web_inbox_show_channel_folders', 'navigation', 'Show channel folders in the inbox', {
    description: "Conversations with unread messages are grouped by the organization's channel folders.",
    minLevel: FEATURE_LEVELS.inboxChannelFolders,
  }),
  bool('left_side_userlist', 'navigation', 'Show the user list in the left sidebar in narrow windows'),

  // Channel notifications
  bool('enable_stream_desktop_notifications', 'channel-notifications', 'Desktop notifications for channel messages'),
  bool('enable_stream_audible_notifications', 'channel-notifications', 'Sound for channel messages'),
  bool('enable_stream_push_notifications', 'channel-notifications', 'Mobile notifications for channel messages'),
  bool('enable_stream_email_notifications', 'channel-notifications', 'Email notifications for channel messages'),

  // Direct messages and mentions
  bool('enable_desktop_notifications', 'direct-messages', 'Desktop notifications for direct messages and mentions'),
  bool('enable_sounds', 'direct-messages', 'Sound for direct messages and mentions'),
  {
    name: 'notification_sound',
    group: 'direct-messages',
    label: 'Notification sound',
    kind: 'text',
  },
  bool('pm_content_in_desktop_notifications', 'direct-messages', 'Show message content in desktop notifications'),
  bool('enable_offline_push_notifications', 'direct-messages', 'Mobile notifications when offline'),
  bool('enable_online_push_notifications', 'direct-messages', 'Mobile notifications even when online'),
  bool('wildcard_mentions_notify', 'direct-messages', 'Notify for wildcard mentions (such as @all)', {
    description: 'Treat them like personal mentions.',
  }),
  {
    name: 'desktop_icon_count_display',
    group: 'direct-messages',
    label: 'Unread count badge',
    description: 'In the desktop app and the browser tab.',
    kind: 'integer-choice',
    options: [
      { value: 1, label: 'All unread messages' },
      { value: 2, label: 'Direct messages, mentions and followed topics' },
      { value: 3, label: 'Direct messages and mentions' },
      { value: 4, label: 'None' },
    ],
  },

  // Followed topics
  bool('enable_followed_topic_desktop_notifications', 'followed-topics', 'Desktop notifications for followed topics', {
    minLevel: 189,
  }),
  bool('enable_followed_topic_audible_notifications', 'followed-topics', 'Sound for followed topics', {
    minLevel: 189,
  }),
  bool('enable_followed_topic_push_notifications', 'followed-topics', 'Mobile notifications for followed topics', {
    minLevel: 189,
  }),
  bool('enable_followed_topic_email_notifications', 'followed-topics', 'Email notifications for followed topics', {
    minLevel: 189,
  }),
  bool(
    'enable_followed_topic_wildcard_mentions_notify',
    'followed-topics',
    'Notify for wildcard mentions in followed topics',
    { minLevel: 189 },
  ),
  {
    name: 'automatically_follow_topics_policy',
    group: 'followed-topics',
    label: 'Automatically follow',
    kind: 'integer-choice',
    options: FOLLOW_POLICY_OPTIONS,
    minLevel: 214,
  },
  {
    name: 'automatically_unmute_topics_in_muted_streams_policy',
    group: 'followed-topics',
    label: 'Automatically unmute in muted channels',
    kind: 'integer-choice',
    options: FOLLOW_POLICY_OPTIONS,
    minLevel: 214,
  },
  bool('automatically_follow_topics_where_mentioned', 'followed-topics', 'Follow topics where the user is mentioned', {
    minLevel: 235,
  }),

  // Email
  bool(
    'enable_offline_email_notifications',
    'email',
    'Email notifications for direct messages and mentions when offline',
  ),
  {
    name: 'email_notifications_batching_period_seconds',
    group: 'email',
    label: 'Email batching period',
    description: 'How long to wait and collect messages before sending one email (at most one week).',
    kind: 'integer',
    unit: 'seconds',
    min: 1,
    max: WEEK_SECONDS,
    step: 60,
    serverBoundsMessage: (value) => `Invalid email batching period: ${value} seconds`,
  },
  bool('message_content_in_email_notifications', 'email', 'Include message content in notification emails'),
  {
    name: 'realm_name_in_email_notifications_policy',
    group: 'email',
    label: 'Organization name in the email subject',
    kind: 'integer-choice',
    options: [
      { value: 1, label: 'Automatic' },
      { value: 2, label: 'Always' },
      { value: 3, label: 'Never' },
    ],
    minLevel: 168,
  },
  bool('enable_digest_emails', 'email', 'Digest emails when away'),

  // Privacy and presence
  bool('presence_enabled', 'privacy', 'Show availability to other users'),
  bool('send_read_receipts', 'privacy', 'Let others see when messages were read', { minLevel: 105 }),
  bool('send_private_typing_notifications', 'privacy', 'Send typing notifications in direct messages', {
    minLevel: 105,
  }),
  bool('send_stream_typing_notifications', 'privacy', 'Send typing notifications in channels', { minLevel: 105 }),
  bool('receives_typing_notifications', 'privacy', 'Show when others are typing', { minLevel: 253 }),
  {
    name: 'email_address_visibility',
    group: 'privacy',
    label: 'Who can see the email address',
    kind: 'integer-choice',
    options: [
      { value: 1, label: 'Everyone' },
      { value: 2, label: 'Members only' },
      { value: 5, label: 'Moderators only' },
      { value: 3, label: 'Administrators only' },
      { value: 4, label: 'Nobody' },
    ],
    minLevel: 163,
  },

  // Composing
  bool('enter_sends', 'composing', 'Enter sends the message', {
    description: 'Otherwise Ctrl+Enter sends and Enter starts a new line.',
  }),
  bool('translate_emoticons', 'composing', 'Convert emoticons to emoji', { description: 'For example :) to 😃.' }),
  bool('enable_drafts_synchronization', 'composing', 'Save drafts on the server', {
    description: 'When off, every draft the server stores for the user is deleted.',
  }),
];

export const USER_SETTINGS_BY_NAME: ReadonlyMap<string, UserSettingDef> = new Map(
  USER_SETTINGS.map((s) => [s.name, s]),
);

/** The human name of a parameter, for messages that name it ("Color theme (color_scheme)"); the name when unknown. */
export function userSettingLabel(name: string): string {
  return USER_SETTINGS_BY_NAME.get(name)?.label ?? name;
}

/** Whether a server of this level knows the setting (accepts it, reports it). */
export function userSettingExistsAt(def: Pick<SettingBase, 'minLevel' | 'removedAt'>, level: number): boolean {
  return level >= (def.minLevel ?? 0) && level < (def.removedAt ?? Infinity);
}

/** The same, by parameter name: an unknown name never exists. */
export function userSettingParamExists(name: string, level: number): boolean {
  const def = USER_SETTINGS_BY_NAME.get(name);
  return def !== undefined && userSettingExistsAt(def, level);
}

/** Whether a value is allowed at this level (an option newer than the server is not). */
export function optionAllowedAt(def: UserSettingDef, value: unknown, level: number): boolean {
  if (def.kind !== 'integer-choice' && def.kind !== 'text-choice') return true;
  const option = (def.options as readonly SettingOption<number | string>[]).find((o) => o.value === value);
  return option !== undefined && level >= (option.minLevel ?? 0);
}

function literals<V extends number | string>(options: readonly SettingOption<V>[]) {
  return z.literal(options.map((o) => o.value) as [V, ...V[]]);
}

/** The wire schema of one setting (what the server accepts, not the console's narrower offer). */
export function settingSchema(def: UserSettingDef): z.ZodType<SettingValue> {
  switch (def.kind) {
    case 'boolean':
      return z.boolean();
    case 'integer-choice':
      return literals(def.options);
    case 'text-choice':
      return z.enum(def.options.map((o) => o.value) as [string, ...string[]]);
    case 'integer': {
      const int = z.number().int();
      const message = def.serverBoundsMessage;
      if (!message) return int;
      return int.refine((v) => v >= def.min && v <= def.max, { error: (issue) => message(issue.input as number) });
    }
    case 'text':
      return z.string();
  }
}

/** Every setting, optional: the parameters of `PATCH /realm/user_settings_defaults`. */
export const userSettingsDefaultsParamsShape: Record<
  string,
  z.ZodOptional<z.ZodType<SettingValue>>
> = Object.fromEntries(USER_SETTINGS.map((def) => [def.name, settingSchema(def).optional()]));

/**
 * Settings an administrator may not change for other people (level 444's `target_users`): privacy, presence and
 * email choices each person makes for themselves. The server refuses them with this message.
 */
export const NOT_FOR_OTHER_USERS: ReadonlySet<string> = new Set([
  'allow_private_data_export',
  'email_address_visibility',
  'enable_digest_emails',
  'enable_login_emails',
  'enable_marketing_emails',
  'presence_enabled',
  'send_private_typing_notifications',
  'send_read_receipts',
  'send_stream_typing_notifications',
]);
export const NOT_FOR_OTHER_USERS_MSG = 'Cannot change this setting for other users.';
