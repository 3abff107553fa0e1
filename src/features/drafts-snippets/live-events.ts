import type { EventHandlers } from '../../client/event-handlers';

/** Drafts and saved snippets: reactions to `drafts` and `saved_snippets` events. */
export const draftsSnippetsEventHandlers: EventHandlers = {};
