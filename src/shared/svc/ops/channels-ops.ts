import { z } from 'zod';
import {
  CHANNEL_PERMISSION_SETTINGS,
  channelFolderSchema,
  channelSchema,
  channelTopicSchema,
  messageRetentionParamSchema,
  principalsSchema,
  topicNameParamSchema,
  topicsPolicySchema,
  type ChannelPermissionSetting,
} from '../channels';
import { successSchema } from '../envelope';
import { FEATURE_LEVELS } from '../features';
import { groupSettingValueSchema } from '../group-settings';
import { op } from '../op';

const streamId = z.number().int().positive();
const flag = z.boolean().optional();

const permissionParams = Object.fromEntries(
  CHANNEL_PERMISSION_SETTINGS.map((name) => [name, groupSettingValueSchema.optional()]),
) as Record<ChannelPermissionSetting, z.ZodOptional<typeof groupSettingValueSchema>>;

/** Settings a new channel takes, whether made by `POST /channels/create` or by subscribing. */
const newChannelSettings = {
  announce: flag,
  invite_only: flag,
  is_web_public: flag,
  is_default_stream: flag,
  history_public_to_subscribers: flag,
  message_retention_days: messageRetentionParamSchema.optional(),
  topics_policy: topicsPolicySchema.optional(),
  folder_id: z.number().int().positive().optional(),
  ...permissionParams,
};

/**
 * A server before level 441 ignores who may start new topics and makes the channel anyway: the BFF refuses the
 * call instead, so a channel is never created without a restriction its creator chose.
 */
export const topicStartersParamLevels = { can_create_topic_group: FEATURE_LEVELS.canCreateTopicGroup } as const;

/** Per channel name, the users (IDs, or emails on old servers) the request affected. */
const byChannelName = z.record(z.string(), z.array(z.union([z.string(), z.number().int()])));

/**
 * Channels: browse, create, subscribers, topics and topic deletion. Name and description maxima are the
 * server's (register state), so the form checks them; the schemas here let the server refuse in its words.
 */
export const channelsOps = {
  getStreams: op({
    id: 'getStreams',
    method: 'GET',
    path: '/streams',
    params: () =>
      z.strictObject({
        include_public: flag,
        include_web_public: flag,
        include_subscribed: flag,
        exclude_archived: flag,
        include_all: flag,
        include_default: flag,
      }),
    response: () => successSchema({ streams: z.array(channelSchema) }),
  }),
  getChannelSubscribers: op({
    id: 'getChannelSubscribers',
    method: 'GET',
    path: '/streams/{stream_id}/members',
    params: () => z.strictObject({ stream_id: streamId }),
    response: () => successSchema({ subscribers: z.array(z.number().int()) }),
  }),
  getChannelTopics: op({
    id: 'getChannelTopics',
    method: 'GET',
    path: '/users/me/{stream_id}/topics',
    params: () => z.strictObject({ stream_id: streamId, allow_empty_topic_name: flag }),
    response: () => successSchema({ topics: z.array(channelTopicSchema) }),
  }),
  getChannelFolders: op({
    id: 'getChannelFolders',
    method: 'GET',
    path: '/channel_folders',
    minLevel: FEATURE_LEVELS.channelFolders,
    params: () => z.strictObject({ include_archived: flag }),
    response: () => successSchema({ channel_folders: z.array(channelFolderSchema) }),
  }),
  createChannel: op({
    id: 'createChannel',
    method: 'POST',
    path: '/channels/create',
    minLevel: FEATURE_LEVELS.channelCreate,
    paramLevels: topicStartersParamLevels,
    params: () =>
      z.strictObject({
        name: z.string().trim().min(1, 'Channel name is required.'),
        description: z.string().optional(),
        subscribers: z.array(z.number().int().positive()),
        ...newChannelSettings,
      }),
    response: () => successSchema({ id: z.number().int() }),
  }),
  /** Subscribe users (or create channels by naming ones that do not exist: the way before level 417). */
  subscribe: op({
    id: 'subscribe',
    method: 'POST',
    path: '/users/me/subscriptions',
    paramLevels: topicStartersParamLevels,
    params: () =>
      z.strictObject({
        subscriptions: z
          .array(z.strictObject({ name: z.string().trim().min(1), description: z.string().optional() }))
          .min(1),
        principals: principalsSchema.optional(),
        authorization_errors_fatal: flag,
        ...newChannelSettings,
      }),
    response: () =>
      successSchema({
        subscribed: byChannelName,
        already_subscribed: byChannelName,
        unauthorized: z.array(z.string()).optional(),
        new_subscription_messages_sent: z.boolean().optional(),
      }),
  }),
  /** Unsubscribe users (the caller when `principals` is left out). */
  unsubscribe: op({
    id: 'unsubscribe',
    method: 'DELETE',
    path: '/users/me/subscriptions',
    params: () =>
      z.strictObject({ subscriptions: z.array(z.string()).min(1), principals: principalsSchema.optional() }),
    response: () => successSchema({ removed: z.array(z.string()), not_removed: z.array(z.string()) }),
  }),
  /** Administrators only. Repeat while `complete` is false (servers before level 211 answered at once). */
  deleteTopic: op({
    id: 'deleteTopic',
    method: 'POST',
    path: '/streams/{stream_id}/delete_topic',
    adminOnly: true,
    params: () => z.strictObject({ stream_id: streamId, topic_name: topicNameParamSchema }),
    response: () => successSchema({ complete: z.boolean().optional() }),
  }),
} as const;
