import { z } from 'zod';

/** One narrow term, e.g. `{ operator: 'channel', operand: 12 }` or `{ operator: 'topic', operand: 'lunch' }`. */
export const narrowTermSchema = z.looseObject({
  operator: z.string(),
  operand: z.union([z.string(), z.number().int(), z.array(z.number().int())]),
  negated: z.boolean().optional(),
});
export type NarrowTerm = z.infer<typeof narrowTermSchema>;

/** The legacy list form of a narrow term, `["stream", "general"]`, which the seed still allows. */
export const listNarrowTermSchema = z.tuple([z.string(), z.union([z.string(), z.number().int()])]);
export type ListNarrowTerm = z.infer<typeof listNarrowTermSchema>;

/** A narrow as `GET /messages` takes it: operator/operand objects, or the legacy lists. */
export const narrowParamSchema = z.array(z.union([narrowTermSchema, listNarrowTermSchema]));

export const anchorSchema = z.union([
  z.number().int(),
  z.literal('newest'),
  z.literal('oldest'),
  z.literal('first_unread'),
]);

export const editHistoryEntrySchema = z.looseObject({
  user_id: z.number().int().nullable(),
  timestamp: z.number().int(),
  prev_content: z.string().optional(),
  prev_rendered_content: z.string().optional(),
  prev_stream: z.number().int().optional(),
  stream: z.number().int().optional(),
  prev_topic: z.string().optional(),
  topic: z.string().optional(),
});

/** A message as `GET /messages` returns it; the console reads these fields and keeps the rest. */
export const messageSchema = z.looseObject({
  id: z.number().int(),
  sender_id: z.number().int(),
  sender_full_name: z.string(),
  sender_email: z.string().optional(),
  // `stream` or `private` today; a kind a newer server adds is kept, not a reason to drop the message.
  type: z.string(),
  content: z.string(),
  subject: z.string(),
  timestamp: z.number().int(),
  stream_id: z.number().int().optional(),
  display_recipient: z.union([z.string(), z.array(z.looseObject({ id: z.number().int() }))]),
  flags: z.array(z.string()).optional(),
  last_edit_timestamp: z.number().int().optional(),
  last_moved_timestamp: z.number().int().optional(),
  edit_history: z.array(editHistoryEntrySchema).optional(),
  content_type: z.string().optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** The recommended batch; the server refuses more than `MAX_MESSAGES_PER_REQUEST` at once. */
export const MESSAGE_BATCH_SIZE = 1000;
export const MAX_MESSAGES_PER_REQUEST = 5000;

/** Servers before this level know the channel operator only as `stream`. */
export const CHANNEL_OPERATOR_LEVEL = 250;

/** A channel topic's narrow (the empty string is a topic from level 334). */
export function topicNarrow(streamId: number, topic: string, level: number): NarrowTerm[] {
  return [
    { operator: level >= CHANNEL_OPERATOR_LEVEL ? 'channel' : 'stream', operand: streamId },
    { operator: 'topic', operand: topic },
  ];
}

export const PROPAGATE_MODES = ['change_one', 'change_later', 'change_all'] as const;
export const propagateModeSchema = z.enum(PROPAGATE_MODES);
export type PropagateMode = z.infer<typeof propagateModeSchema>;

/** An uploaded file, as edits report the ones they left unreferenced (`detached_uploads`). */
export const attachmentSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  path_id: z.string(),
  size: z.number().int(),
  /** UNIX seconds (milliseconds before level 443; the BFF reads them as seconds, api-changes.ts). */
  create_time: z.number(),
  /** The messages that link to it (`messages` records before level 472; read as IDs by the BFF). */
  message_ids: z.array(z.number().int()),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** One snapshot of a message in `GET /messages/{message_id}/history`, oldest first. */
export const messageSnapshotSchema = z.looseObject({
  topic: z.string(),
  content: z.string(),
  rendered_content: z.string(),
  timestamp: z.number().int(),
  user_id: z.number().int().nullable(),
  prev_content: z.string().optional(),
  prev_rendered_content: z.string().optional(),
  prev_topic: z.string().optional(),
  prev_stream: z.number().int().optional(),
  stream: z.number().int().optional(),
  content_html_diff: z.string().optional(),
});
export type MessageSnapshot = z.infer<typeof messageSnapshotSchema>;

/** The check mark and space the server puts before a resolved topic's name. */
export const RESOLVED_TOPIC_PREFIX = '✔ ';

export function isResolvedTopic(topic: string): boolean {
  return topic.startsWith(RESOLVED_TOPIC_PREFIX);
}

/** The topic after resolving or unresolving (the marker added, or removed with any repeats). */
export function toggledResolvedTopic(topic: string): string {
  if (!isResolvedTopic(topic)) return RESOLVED_TOPIC_PREFIX + topic;
  let name = topic;
  while (name.startsWith(RESOLVED_TOPIC_PREFIX)) name = name.slice(RESOLVED_TOPIC_PREFIX.length);
  return name;
}
