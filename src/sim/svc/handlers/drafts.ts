import type { RegisteredHandler } from '../handler';

/** Drafts, saved snippets, and the channel list they name. */
export const draftsHandlers: readonly RegisteredHandler[] = [];
