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

/** "user #42 (Ann Lee)" */
export function describeSkippedRecord(record: SkippedRecord): string {
  const id = record.id === null ? '' : ` #${record.id}`;
  const name = record.name ? ` (${record.name})` : '';
  return `${record.list}${id}${name}: ${record.problem}`;
}
