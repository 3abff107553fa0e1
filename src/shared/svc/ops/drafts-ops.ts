import { z } from 'zod';
import { simpleSuccessSchema, successSchema } from '../envelope';
import { draftInputSchema, draftSchema, savedSnippetSchema, SNIPPET_LEVELS } from '../drafts';
import { op } from '../op';

const id = z.number().int().positive();

/**
 * Drafts and saved snippets (GET/POST /drafts, PATCH/DELETE /drafts/{draft_id}, /saved_snippets…). Drafts are checked by the form (`checkDraft`); the schemas here stay loose
 * enough for the server to judge, and refuse, in its own words.
 */
export const draftsOps = {
  getDrafts: op({
    id: 'getDrafts',
    method: 'GET',
    path: '/drafts',
    params: () => z.strictObject({}),
    /** Most recently edited first. */
    response: () => successSchema({ count: z.number().int().optional(), drafts: z.array(draftSchema) }),
  }),
  createDrafts: op({
    id: 'createDrafts',
    method: 'POST',
    path: '/drafts',
    params: () => z.strictObject({ drafts: z.array(draftInputSchema).optional() }),
    response: () => successSchema({ ids: z.array(z.number().int()) }),
  }),
  updateDraft: op({
    id: 'updateDraft',
    method: 'PATCH',
    path: '/drafts/{draft_id}',
    params: () => z.strictObject({ draft_id: id, draft: draftInputSchema }),
    response: () => simpleSuccessSchema,
  }),
  deleteDraft: op({
    id: 'deleteDraft',
    method: 'DELETE',
    path: '/drafts/{draft_id}',
    params: () => z.strictObject({ draft_id: id }),
    response: () => simpleSuccessSchema,
  }),
  getSavedSnippets: op({
    id: 'getSavedSnippets',
    method: 'GET',
    path: '/saved_snippets',
    minLevel: SNIPPET_LEVELS.list,
    params: () => z.strictObject({}),
    response: () => successSchema({ saved_snippets: z.array(savedSnippetSchema) }),
  }),
  createSavedSnippet: op({
    id: 'createSavedSnippet',
    method: 'POST',
    path: '/saved_snippets',
    minLevel: SNIPPET_LEVELS.list,
    params: () => z.strictObject({ title: z.string(), content: z.string() }),
    response: () => successSchema({ saved_snippet_id: z.number().int() }),
  }),
  updateSavedSnippet: op({
    id: 'updateSavedSnippet',
    method: 'PATCH',
    path: '/saved_snippets/{saved_snippet_id}',
    minLevel: SNIPPET_LEVELS.edit,
    params: () =>
      z.strictObject({ saved_snippet_id: id, title: z.string().optional(), content: z.string().optional() }),
    response: () => simpleSuccessSchema,
  }),
  deleteSavedSnippet: op({
    id: 'deleteSavedSnippet',
    method: 'DELETE',
    path: '/saved_snippets/{saved_snippet_id}',
    minLevel: SNIPPET_LEVELS.list,
    params: () => z.strictObject({ saved_snippet_id: id }),
    response: () => simpleSuccessSchema,
  }),
} as const;
