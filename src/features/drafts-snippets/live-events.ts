import { patchFromEvent, type EventHandlers } from '../../client/event-handlers';
import { draftsEventSchema, savedSnippetsEventSchema, type Draft } from '../../shared/svc/drafts';
import { draftsQueryOptions } from './api/get-drafts';
import { savedSnippetsQueryOptions } from './api/get-saved-snippets';

/** Most recently edited first, as the server lists them. */
export function byLastEdit(drafts: readonly Draft[]): Draft[] {
  return [...drafts].sort((a, b) => (b.timestamp ?? 0) - (a.timestamp ?? 0) || b.id - a.id);
}

/**
 * Drafts and saved snippets: each event carries the record (or the removed ID), so the cached lists are
 * patched in place and every open tab follows without refetching (a read in flight: see patchFromEvent).
 */
export const draftsSnippetsEventHandlers: EventHandlers = {
  drafts: (raw, client) => {
    const parsed = draftsEventSchema.safeParse(raw);
    if (!parsed.success) return;
    const event = parsed.data;
    patchFromEvent(client, draftsQueryOptions().queryKey, (drafts) => {
      switch (event.op) {
        case 'add': {
          const added = new Set(event.drafts.map((d) => d.id));
          return byLastEdit([...drafts.filter((d) => !added.has(d.id)), ...event.drafts]);
        }
        case 'update':
          return byLastEdit([...drafts.filter((d) => d.id !== event.draft.id), event.draft]);
        case 'remove':
          return drafts.filter((d) => d.id !== event.draft_id);
      }
    });
  },
  saved_snippets: (raw, client) => {
    const parsed = savedSnippetsEventSchema.safeParse(raw);
    if (!parsed.success) return;
    const event = parsed.data;
    patchFromEvent(client, savedSnippetsQueryOptions().queryKey, (snippets) => {
      switch (event.op) {
        case 'add':
          return [...snippets.filter((s) => s.id !== event.saved_snippet.id), event.saved_snippet];
        case 'update':
          return snippets.map((s) => (s.id === event.saved_snippet.id ? event.saved_snippet : s));
        case 'remove':
          return snippets.filter((s) => s.id !== event.saved_snippet_id);
      }
    });
  },
};
