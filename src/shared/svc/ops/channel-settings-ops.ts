import { z } from 'zod';
import {
  CHANNEL_PERMISSION_SETTINGS,
  CHANNEL_SETTINGS_LEVELS,
  channelSchema,
  messageRetentionParamSchema,
  topicsPolicySchema,
  type ChannelPermissionSetting,
} from '../channels';
import { simpleSuccessSchema, successSchema } from '../envelope';
import { groupSettingUpdateSchema } from '../group-settings';
import { op } from '../op';
import { topicStartersParamLevels } from './channels-ops';

const streamId = z.number().int().positive();
const folderId = z.number().int().positive();
const flag = z.boolean().optional();

const permissionUpdates = Object.fromEntries(
  CHANNEL_PERMISSION_SETTINGS.map((name) => [name, groupSettingUpdateSchema.optional()]),
) as Record<ChannelPermissionSetting, z.ZodOptional<typeof groupSettingUpdateSchema>>;

/**
 * Channel settings (`PATCH`/`DELETE /streams/{stream_id}`), default channels for new users and channel
 * folders. Lengths and who may do what are the server's to judge: the forms check the limits the server
 * published, and a refusal comes back in the server's words.
 */
export const channelSettingsOps = {
  /** The server's own Markdown rendering, for previews (a description renders the same way). */
  renderMessage: op({
    id: 'renderMessage',
    method: 'POST',
    path: '/messages/render',
    changesNothing: true,
    params: () => z.strictObject({ content: z.string() }),
    response: () => successSchema({ rendered: z.string() }),
  }),
  getChannel: op({
    id: 'getChannel',
    method: 'GET',
    path: '/streams/{stream_id}',
    minLevel: 132,
    params: () => z.strictObject({ stream_id: streamId }),
    response: () => successSchema({ stream: channelSchema }),
  }),
  /** Administrators, and people in the channel's `can_administer_channel_group`. Only what is sent changes. */
  updateChannel: op({
    id: 'updateChannel',
    method: 'PATCH',
    path: '/streams/{stream_id}',
    // Older servers would save the rest and ignore who may start new topics.
    paramLevels: topicStartersParamLevels,
    params: () =>
      z.strictObject({
        stream_id: streamId,
        new_name: z.string().optional(),
        description: z.string().optional(),
        is_private: flag,
        is_web_public: flag,
        history_public_to_subscribers: flag,
        is_default_stream: flag,
        message_retention_days: messageRetentionParamSchema.optional(),
        topics_policy: topicsPolicySchema.optional(),
        /** Only `false` (unarchive) is accepted, from level 388. */
        is_archived: flag,
        /** Null takes the channel out of its folder. */
        folder_id: folderId.nullable().optional(),
        ...permissionUpdates,
      }),
    response: () => simpleSuccessSchema,
  }),
  /** Archives the channel: nobody can post to it; its messages stay. */
  archiveChannel: op({
    id: 'archiveChannel',
    method: 'DELETE',
    path: '/streams/{stream_id}',
    params: () => z.strictObject({ stream_id: streamId }),
    response: () => simpleSuccessSchema,
  }),
  addDefaultChannel: op({
    id: 'addDefaultChannel',
    method: 'POST',
    path: '/default_streams',
    adminOnly: true,
    params: () => z.strictObject({ stream_id: streamId }),
    response: () => simpleSuccessSchema,
  }),
  removeDefaultChannel: op({
    id: 'removeDefaultChannel',
    method: 'DELETE',
    path: '/default_streams',
    adminOnly: true,
    params: () => z.strictObject({ stream_id: streamId }),
    response: () => simpleSuccessSchema,
  }),
  createChannelFolder: op({
    id: 'createChannelFolder',
    method: 'POST',
    path: '/channel_folders/create',
    adminOnly: true,
    minLevel: CHANNEL_SETTINGS_LEVELS.folders,
    params: () => z.strictObject({ name: z.string(), description: z.string().optional() }),
    response: () => successSchema({ channel_folder_id: z.number().int() }),
  }),
  /** Rename, describe, archive or unarchive one folder. */
  updateChannelFolder: op({
    id: 'updateChannelFolder',
    method: 'PATCH',
    path: '/channel_folders/{channel_folder_id}',
    adminOnly: true,
    minLevel: CHANNEL_SETTINGS_LEVELS.folders,
    params: () =>
      z.strictObject({
        channel_folder_id: folderId,
        name: z.string().optional(),
        description: z.string().optional(),
        is_archived: flag,
      }),
    response: () => simpleSuccessSchema,
  }),
  /** Every folder's ID (archived ones too), once each, in the new order. */
  reorderChannelFolders: op({
    id: 'reorderChannelFolders',
    method: 'PATCH',
    path: '/channel_folders',
    adminOnly: true,
    minLevel: CHANNEL_SETTINGS_LEVELS.folderReorder,
    params: () => z.strictObject({ order: z.array(z.number().int()) }),
    response: () => simpleSuccessSchema,
  }),
} as const;
