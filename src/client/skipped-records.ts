import { useSyncExternalStore } from 'react';
import { skippedRecordsOf, type SkippedRecord } from '../shared/bff/skipped-records';

/** What one read left out: the path it was read from (without its query) and the records it skipped. */
export interface SkippedRead {
  source: string;
  records: SkippedRecord[];
}

let current: readonly SkippedRead[] = [];
const listeners = new Set<() => void>();

function publish(next: readonly SkippedRead[]): void {
  current = next;
  for (const listener of listeners) listener();
}

/**
 * Notes the records a BFF answer says it left out, by the path they came from. A later answer from the same
 * path replaces the note (a record fixed upstream, or read again, no longer shows as skipped).
 */
export function noteSkippedRecords(path: string, body: unknown): void {
  const source = path.split('?')[0]!;
  const records = skippedRecordsOf(body);
  const had = current.some((read) => read.source === source);
  if (records.length === 0 && !had) return;
  const others = current.filter((read) => read.source !== source);
  publish(records.length > 0 ? [...others, { source, records }] : others);
}

export function dismissSkippedRecords(): void {
  if (current.length > 0) publish([]);
}

export function useSkippedRecords(): readonly SkippedRead[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => current,
  );
}
