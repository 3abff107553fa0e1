import { z } from 'zod';
import { svcEventBaseSchema } from '../events/svc-events';
import { FEATURE_LEVELS } from './features';

/**
 * Drafts and saved snippets: the records, the server's messages, and the pure checks the forms and the
 * simulator share. The server stays the authority: what it refuses is shown verbatim.
 */

/** Feature levels of the saved-snippet endpoints. */
export const SNIPPET_LEVELS = {
  /** `GET/POST /saved_snippets`, `DELETE /saved_snippets/{id}`. */
  list: 297,
  /** `PATCH /saved_snippets/{id}`. */
  edit: FEATURE_LEVELS.snippetEdit,
} as const;

/** The server's words, shared so the simulator says exactly what the UI expects to show. */
export const DRAFT_MESSAGES = {
  channelCount: 'Must specify exactly 1 channel ID for channel messages.',
  notFound: 'Draft does not exist.',
  topicNullByte: 'Topic must not contain null bytes',
  contentNullByte: 'Content must not contain null bytes',
  syncDisabled: 'User has disabled synchronizing drafts.',
} as const;

export const SNIPPET_MESSAGES = {
  emptyTitle: 'Title cannot be empty.',
  notFound: 'Saved snippet does not exist.',
} as const;

/** `` (unaddressed), `stream` (channel) or `private` (direct message). */
export const draftTypeSchema = z.enum(['', 'stream', 'private']);
export type DraftType = z.infer<typeof draftTypeSchema>;

/** A draft as listed (and as events carry it). */
export const draftSchema = z.looseObject({
  id: z.number().int(),
  type: draftTypeSchema,
  to: z.array(z.number().int()),
  topic: z.string(),
  content: z.string(),
  timestamp: z.number().optional(),
});
export type Draft = z.infer<typeof draftSchema>;

/** A draft as sent on create or edit: never an `id`; `timestamp` is the server's to fill in. */
export const draftInputSchema = z.strictObject({
  type: draftTypeSchema,
  to: z.array(z.number().int()),
  topic: z.string(),
  content: z.string(),
  timestamp: z.number().int().optional(),
});
export type DraftInput = z.infer<typeof draftInputSchema>;

export const savedSnippetSchema = z.looseObject({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  date_created: z.number().optional(),
});
export type SavedSnippet = z.infer<typeof savedSnippetSchema>;

export { channelSchema, type Channel } from './channels';

export type DraftField = 'to' | 'topic' | 'content';
export interface DraftIssue {
  field: DraftField;
  message: string;
}

/** What the server refuses in a draft, in its order of checks. */
export function checkDraft(draft: Pick<DraftInput, 'type' | 'to' | 'topic' | 'content'>): DraftIssue[] {
  const issues: DraftIssue[] = [];
  if (draft.type === 'stream' && draft.to.length !== 1) {
    issues.push({ field: 'to', message: DRAFT_MESSAGES.channelCount });
  }
  if (draft.topic.includes('\u0000')) issues.push({ field: 'topic', message: DRAFT_MESSAGES.topicNullByte });
  if (draft.content.includes('\u0000')) issues.push({ field: 'content', message: DRAFT_MESSAGES.contentNullByte });
  return issues;
}

/** What goes on the wire for a draft: unaddressed drafts send an empty `to`; only channel drafts keep a topic. */
export function draftPayload(draft: Pick<DraftInput, 'type' | 'to' | 'topic' | 'content'>): DraftInput {
  return {
    type: draft.type,
    to: draft.type === '' ? [] : [...draft.to],
    topic: draft.type === 'stream' ? draft.topic : '',
    content: draft.content,
  };
}

/** Whether a snippet title is acceptable (the server trims before checking). */
export function snippetTitleProblem(title: string): string | null {
  return title.trim() === '' ? SNIPPET_MESSAGES.emptyTitle : null;
}

export const draftsEventSchema = z.discriminatedUnion('op', [
  svcEventBaseSchema.extend({ type: z.literal('drafts'), op: z.literal('add'), drafts: z.array(draftSchema) }),
  svcEventBaseSchema.extend({ type: z.literal('drafts'), op: z.literal('update'), draft: draftSchema }),
  svcEventBaseSchema.extend({ type: z.literal('drafts'), op: z.literal('remove'), draft_id: z.number().int() }),
]);
export type DraftsEvent = z.infer<typeof draftsEventSchema>;

export const savedSnippetsEventSchema = z.discriminatedUnion('op', [
  svcEventBaseSchema.extend({
    type: z.literal('saved_snippets'),
    op: z.literal('add'),
    saved_snippet: savedSnippetSchema,
  }),
  svcEventBaseSchema.extend({
    type: z.literal('saved_snippets'),
    op: z.literal('update'),
    saved_snippet: savedSnippetSchema,
  }),
  svcEventBaseSchema.extend({
    type: z.literal('saved_snippets'),
    op: z.literal('remove'),
    saved_snippet_id: z.number().int(),
  }),
]);
export type SavedSnippetsEvent = z.infer<typeof savedSnippetsEventSchema>;
