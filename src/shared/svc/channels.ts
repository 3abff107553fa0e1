import { z } from 'zod';
import { FEATURE_LEVELS } from './features';
import { groupSettingValueSchema } from './group-settings';

/**
 * The channel permissions the console offers when creating a channel (`POST /channels/create`), in the order
 * it shows them. All but `can_create_topic_group` (level 441) exist wherever that endpoint does (417).
 */
export const CHANNEL_CREATE_PERMISSION_SETTINGS = [
  'can_send_message_group',
  'can_create_topic_group',
  'can_add_subscribers_group',
  'can_remove_subscribers_group',
  'can_administer_channel_group',
  'can_delete_any_message_group',
  'can_delete_own_message_group',
  'can_move_messages_out_of_channel_group',
  'can_move_messages_within_channel_group',
] as const;
export type ChannelCreatePermissionSetting = (typeof CHANNEL_CREATE_PERMISSION_SETTINGS)[number];

/** Every permission a channel record may carry (those offered at creation plus later ones). */
export const CHANNEL_PERMISSION_SETTINGS = [
  ...CHANNEL_CREATE_PERMISSION_SETTINGS,
  'can_subscribe_group',
  'can_resolve_topics_group',
] as const;
export type ChannelPermissionSetting = (typeof CHANNEL_PERMISSION_SETTINGS)[number];

/**
 * The level from which `PATCH /streams/{stream_id}` takes each permission (older servers ignore it and say so
 * in `ignored_parameters_unsupported`).
 */
export const CHANNEL_PERMISSION_LEVELS: Readonly<Record<ChannelPermissionSetting, number>> = {
  can_remove_subscribers_group: 161,
  can_administer_channel_group: 325,
  can_send_message_group: 333,
  can_add_subscribers_group: 342,
  can_subscribe_group: 357,
  can_move_messages_out_of_channel_group: 396,
  can_move_messages_within_channel_group: 396,
  can_resolve_topics_group: 402,
  can_delete_any_message_group: 407,
  can_delete_own_message_group: 407,
  can_create_topic_group: FEATURE_LEVELS.canCreateTopicGroup,
};

/** Levels of the channel settings the console changes, where later than the endpoint itself. */
export const CHANNEL_SETTINGS_LEVELS = {
  webPublic: 98,
  /** `is_default_stream` on the update; before, only `/default_streams` changed it. */
  defaultOnUpdate: 200,
  /** `realm_default_streams` and `default_streams` events carry channel IDs (whole records before). */
  defaultStreamIds: 330,
  /** Archived channels' privacy may change. */
  archivedPrivacy: 362,
  /** `is_archived: false` unarchives. */
  unarchive: 388,
  /** `folder_id`, and the `/channel_folders` endpoints. */
  folders: 389,
  topicsPolicy: 392,
  /** `PATCH /channel_folders` with `order`. */
  folderReorder: 414,
} as const;

/** The sentence a control needing `need` shows on an older server; null when supported. */
export function channelLevelGate(level: number, need: number): string | null {
  return level >= need ? null : `Needs a newer chat server: feature level ${need}, this one is at ${level}.`;
}

/**
 * A topic named in a request (deleting one, marking one read): a server keeps topic names to 60 characters, so a
 * longer name names no topic. Bounded generously (UTF-16 units, ten times over) so the request and its audit
 * entry stay bounded without second-guessing the server.
 */
export const TOPIC_NAME_PARAM_MAX = 600;
export const topicNameParamSchema = z.string().max(TOPIC_NAME_PARAM_MAX, 'No topic has a name that long.');

export const TOPICS_POLICIES = ['inherit', 'allow_empty_topic', 'disable_empty_topic', 'empty_topic_only'] as const;
export const topicsPolicySchema = z.enum(TOPICS_POLICIES);
export type TopicsPolicy = z.infer<typeof topicsPolicySchema>;

/** Retention as creation takes it: a number of days, the organization's default, or forever. */
export const messageRetentionParamSchema = z.union([
  z.number().int().positive(),
  z.literal('realm_default'),
  z.literal('unlimited'),
]);
export type MessageRetentionParam = z.infer<typeof messageRetentionParamSchema>;

const groupSetting = groupSettingValueSchema.optional();

/**
 * A channel as `GET /streams` lists it. Only what every level has is required; fields that appeared later
 * (archiving, folders, topics policy, each permission) are optional and kept when present.
 */
export const channelSchema = z.looseObject({
  stream_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  invite_only: z.boolean(),
  is_web_public: z.boolean(),
  is_archived: z.boolean().optional(),
  rendered_description: z.string().optional(),
  date_created: z.number().int().optional(),
  creator_id: z.number().int().nullable().optional(),
  history_public_to_subscribers: z.boolean().optional(),
  /** Null: the organization's default; -1: forever. */
  message_retention_days: z.number().int().nullable().optional(),
  first_message_id: z.number().int().nullable().optional(),
  folder_id: z.number().int().nullable().optional(),
  // A value a newer server adds is kept and shown as it is, not a reason to drop the channel.
  topics_policy: z.union([topicsPolicySchema, z.string()]).optional(),
  subscriber_count: z.number().optional(),
  stream_weekly_traffic: z.number().int().nullable().optional(),
  is_recently_active: z.boolean().optional(),
  can_send_message_group: groupSetting,
  can_add_subscribers_group: groupSetting,
  can_remove_subscribers_group: groupSetting,
  can_administer_channel_group: groupSetting,
  can_delete_any_message_group: groupSetting,
  can_delete_own_message_group: groupSetting,
  can_move_messages_out_of_channel_group: groupSetting,
  can_move_messages_within_channel_group: groupSetting,
  can_subscribe_group: groupSetting,
  can_resolve_topics_group: groupSetting,
  /** From level 441; before, whoever could post could start a topic. */
  can_create_topic_group: groupSetting,
});
export type Channel = z.infer<typeof channelSchema>;

/** One topic of a channel: its name and the ID of its newest message. */
export const channelTopicSchema = z.looseObject({ name: z.string(), max_id: z.number().int() });
export type ChannelTopic = z.infer<typeof channelTopicSchema>;

export const channelFolderSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string().optional(),
  rendered_description: z.string().optional(),
  order: z.number().int().optional(),
  is_archived: z.boolean().optional(),
});
export type ChannelFolder = z.infer<typeof channelFolderSchema>;

/** Principals: user IDs (from level 9), or API emails on older servers. */
export const principalsSchema = z.union([z.array(z.number().int().positive()), z.array(z.string())]);

/** The channel's kind, as the browse filter names it. */
export type ChannelKind = 'public' | 'private' | 'web-public' | 'archived';

export function channelKinds(c: Pick<Channel, 'invite_only' | 'is_web_public' | 'is_archived'>): ChannelKind[] {
  const kinds: ChannelKind[] = [];
  if (c.is_web_public) kinds.push('web-public');
  else if (c.invite_only) kinds.push('private');
  else kinds.push('public');
  if (c.is_archived) kinds.push('archived');
  return kinds;
}
