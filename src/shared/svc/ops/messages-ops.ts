import { z } from 'zod';
import { topicNameParamSchema } from '../channels';
import { simpleSuccessSchema, successSchema } from '../envelope';
import { FEATURE_LEVELS } from '../features';
import {
  anchorSchema,
  attachmentSchema,
  messageSchema,
  messageSnapshotSchema,
  narrowParamSchema,
  narrowTermSchema,
  propagateModeSchema,
} from '../messages';
import { op } from '../op';

const flag = z.boolean().optional();

/** Messages: reading them, and marking them read. */
export const messagesOps = {
  getMessages: op({
    id: 'getMessages',
    method: 'GET',
    path: '/messages',
    params: () =>
      z.strictObject({
        anchor: anchorSchema.optional(),
        include_anchor: flag,
        num_before: z.number().int().nonnegative().optional(),
        num_after: z.number().int().nonnegative().optional(),
        narrow: narrowParamSchema.optional(),
        client_gravatar: flag,
        apply_markdown: flag,
        message_ids: z.array(z.number().int().positive()).optional(),
        allow_empty_topic_name: flag,
        /** Deprecated: `anchor=first_unread` in the older words; never with `anchor`. */
        use_first_unread_anchor: flag,
      }),
    response: () =>
      successSchema({
        // `newest` comes back as a sentinel beyond the safe-integer range.
        anchor: z.number().optional(),
        found_newest: z.boolean().optional(),
        found_oldest: z.boolean().optional(),
        found_anchor: z.boolean().optional(),
        history_limited: z.boolean().optional(),
        messages: z.array(messageSchema),
      }),
  }),
  /**
   * Send a message. Channel messages (`stream`, or `channel` from level 248) name the channel by ID or name
   * in `to` and need a topic; direct messages (`direct` from level 174, `private` before) list user IDs or
   * emails.
   */
  sendMessage: op({
    id: 'sendMessage',
    method: 'POST',
    path: '/messages',
    params: () =>
      z.strictObject({
        type: z.enum(['stream', 'channel', 'direct', 'private']),
        to: z.union([
          z.number().int().positive(),
          z.string().min(1),
          z.array(z.number().int().positive()).min(1),
          z.array(z.string().min(1)).min(1),
        ]),
        topic: z.string().optional(),
        /** The older name of `topic`. */
        subject: z.string().optional(),
        content: z.string(),
        queue_id: z.string().optional(),
        local_id: z.string().optional(),
        read_by_sender: flag,
      }),
    response: () =>
      successSchema({
        id: z.number().int(),
        automatic_new_visibility_policy: z.number().int().optional(),
      }),
  }),
  /** Adds or removes a flag on the messages of a narrow, a window at a time. */
  updateMessageFlagsForNarrow: op({
    id: 'updateMessageFlagsForNarrow',
    method: 'POST',
    path: '/messages/flags/narrow',
    minLevel: FEATURE_LEVELS.flagsForNarrow,
    params: () =>
      z.strictObject({
        anchor: anchorSchema,
        include_anchor: flag,
        num_before: z.number().int().nonnegative(),
        num_after: z.number().int().nonnegative(),
        narrow: z.array(narrowTermSchema),
        op: z.enum(['add', 'remove']),
        flag: z.string().min(1),
      }),
    response: () =>
      successSchema({
        processed_count: z.number().int(),
        updated_count: z.number().int(),
        first_processed_id: z.number().int().nullable(),
        last_processed_id: z.number().int().nullable(),
        found_oldest: z.boolean(),
        found_newest: z.boolean(),
        ignored_because_not_subscribed_channels: z.array(z.number().int()).optional(),
      }),
  }),
  /**
   * Edit content and/or move (topic, channel). The seed's rules (content with stream_id, topic or channel for
   * a direct message) are the server's to enforce; the UI prevents them and the simulator refuses them.
   */
  updateMessage: op({
    id: 'updateMessage',
    method: 'PATCH',
    path: '/messages/{message_id}',
    params: () =>
      z.strictObject({
        message_id: z.number().int().positive(),
        topic: z.string().optional(),
        propagate_mode: propagateModeSchema.optional(),
        send_notification_to_old_thread: flag,
        send_notification_to_new_thread: flag,
        content: z.string().optional(),
        /** SHA-256 (hex) of the raw content the editor started from. */
        prev_content_sha256: z.string().optional(),
        stream_id: z.number().int().positive().optional(),
      }),
    response: () => successSchema({ detached_uploads: z.array(attachmentSchema).optional() }),
  }),
  getMessageHistory: op({
    id: 'getMessageHistory',
    method: 'GET',
    path: '/messages/{message_id}/history',
    params: () => z.strictObject({ message_id: z.number().int().positive(), allow_empty_topic_name: flag }),
    response: () => successSchema({ message_history: z.array(messageSnapshotSchema) }),
  }),
  /** Which of these messages match a narrow, with the matching words highlighted. */
  getMessagesMatchesNarrow: op({
    id: 'getMessagesMatchesNarrow',
    method: 'GET',
    path: '/messages/matches_narrow',
    params: () =>
      z.strictObject({
        msg_ids: z.array(z.number().int().positive()),
        narrow: z.array(narrowTermSchema),
      }),
    response: () =>
      successSchema({
        messages: z.record(z.string(), z.looseObject({ match_content: z.string(), match_subject: z.string() })),
      }),
  }),
  deleteAttachment: op({
    id: 'deleteAttachment',
    method: 'DELETE',
    path: '/attachments/{attachment_id}',
    params: () => z.strictObject({ attachment_id: z.number().int().positive() }),
    response: () => simpleSuccessSchema,
  }),
  /** Deprecated in favour of `updateMessageFlagsForNarrow`; for servers before it. */
  markTopicAsRead: op({
    id: 'markTopicAsRead',
    method: 'POST',
    path: '/mark_topic_as_read',
    params: () => z.strictObject({ stream_id: z.number().int().positive(), topic_name: topicNameParamSchema }),
    response: () => simpleSuccessSchema,
  }),
} as const;
