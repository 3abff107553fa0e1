/** Drafts and saved snippets (GET/POST /drafts, PATCH/DELETE /drafts/{draft_id}, /saved_snippets…), and the channel list drafts name. */
export const draftsOps = {} as const;
