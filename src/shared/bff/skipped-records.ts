/**
 * Records of a chat-server answer that the BFF could not read and left out of what it forwarded. The rest of
 * the answer goes on, with this list beside it, so one malformed record never blanks a page (the browser names
 * the skipped records instead). Kept free of zod: the SPA shell reads it on every answer.
 */

/** The field the BFF adds to an answer it forwarded without some of its records. */
export const SKIPPED_RECORDS_FIELD = 'console_skipped_records';

export interface SkippedRecord {
  /** Where the record was in the answer, e.g. `members` or `streams.3.subscribers`. */
  list: string;
  /** The record's own id (user_id, stream_id, id, …) when it had one. */
  id: number | string | null;
  /** A name to show (full_name, name, email, …) when it had one. */
  name: string | null;
  /** What could not be read, e.g. `bot_type: expected number, received string`. */
  problem: string;
}

function isSkippedRecord(value: unknown): value is SkippedRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    typeof r.list === 'string' &&
    typeof r.problem === 'string' &&
    (r.id === null || typeof r.id === 'number' || typeof r.id === 'string') &&
    (r.name === null || typeof r.name === 'string')
  );
}

/** The skipped records an answer names, or an empty list. */
export function skippedRecordsOf(body: unknown): SkippedRecord[] {
  if (typeof body !== 'object' || body === null) return [];
  const list = (body as Record<string, unknown>)[SKIPPED_RECORDS_FIELD];
  return Array.isArray(list) ? list.filter(isSkippedRecord) : [];
}

/** What a list of an answer holds, in words (the answer's own field names are not shown to people). */
const LIST_WORDS: Readonly<Record<string, string>> = {
  members: 'person',
  users: 'person',
  user: 'person',
  streams: 'channel',
  subscriptions: 'channel',
  subscribers: 'subscriber',
  user_groups: 'group',
  messages: 'message',
  topics: 'topic',
  drafts: 'draft',
  saved_snippets: 'saved snippet',
  linkifiers: 'linkifier',
  exports: 'data export',
  export_consents: 'consent',
  custom_fields: 'profile field',
  invites: 'invitation',
  detached_uploads: 'upload the edit left behind',
  events: 'live update',
};

/** The last named part of a record's place in the answer ("streams.3.subscribers" → subscriber), in words. */
export function skippedListWord(list: string): string {
  const named = list.split('.').filter((part) => !/^\d+$/.test(part));
  const last = named.at(-1) ?? list;
  return LIST_WORDS[last] ?? last.replaceAll('_', ' ');
}

/** "person #42 (Ann Lee): role: expected number" */
export function describeSkippedRecord(record: SkippedRecord): string {
  const id = record.id === null ? '' : ` #${record.id}`;
  const name = record.name ? ` (${record.name})` : '';
  return `${skippedListWord(record.list)}${id}${name}: ${record.problem}`;
}
