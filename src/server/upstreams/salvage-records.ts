import type { z } from 'zod';
import type { SkippedRecord } from '../../shared/bff/skipped-records';

/** Keys that name a record, in the order they are tried. */
const ID_KEYS = ['user_id', 'stream_id', 'message_id', 'id'] as const;
const NAME_KEYS = ['full_name', 'name', 'title', 'email', 'pattern', 'topic', 'subject'] as const;
/** Removing records changes which issues zod reports next; a few rounds reach every bad record. */
const MAX_ROUNDS = 5;

interface Located {
  array: unknown[];
  index: number;
  /** The path of the array, for the browser's message. */
  list: string;
  /** The part of the issue's path inside the record. */
  inside: PropertyKey[];
}

/** The innermost array element on an issue's path: the record the issue is about. */
function locate(body: unknown, path: readonly PropertyKey[]): Located | null {
  let node: unknown = body;
  let found: Located | null = null;
  for (let i = 0; i < path.length; i++) {
    const key = path[i]!;
    if (Array.isArray(node) && typeof key === 'number') {
      found = { array: node, index: key, list: path.slice(0, i).map(String).join('.'), inside: path.slice(i + 1) };
      node = node[key] as unknown;
    } else if (typeof node === 'object' && node !== null && typeof key === 'string') {
      node = (node as Record<string, unknown>)[key];
    } else {
      break;
    }
  }
  return found;
}

function describe(record: unknown, located: Located, message: string): SkippedRecord {
  let id: number | string | null = null;
  let name: string | null = null;
  if (typeof record === 'object' && record !== null) {
    const r = record as Record<string, unknown>;
    for (const key of ID_KEYS) {
      const v = r[key];
      if (typeof v === 'number' || typeof v === 'string') {
        id = v;
        break;
      }
    }
    for (const key of NAME_KEYS) {
      const v = r[key];
      if (typeof v === 'string' && v !== '') {
        name = v.slice(0, 120);
        break;
      }
    }
  } else if (typeof record === 'number' || (typeof record === 'string' && record.length <= 120)) {
    id = record;
  }
  const where = located.inside.map(String).join('.');
  return { list: located.list || 'answer', id, name, problem: where ? `${where}: ${message}` : message };
}

/**
 * Reads what can be read of an answer whose check failed because of some of its records: each record (an
 * element of a list anywhere in the answer) that an issue points into is taken out, and the rest is checked
 * again. Null when an issue is not inside a record (the answer itself is not the documented shape), so the
 * caller keeps refusing such answers. `body` is changed in place.
 */
export function salvageRecords<S extends z.ZodType>(
  schema: S,
  body: unknown,
  error: z.ZodError,
): { data: z.output<S>; skipped: SkippedRecord[] } | null {
  const skipped: SkippedRecord[] = [];
  let issues = error.issues;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const marked = new Map<unknown[], Map<number, SkippedRecord>>();
    for (const issue of issues) {
      const located = locate(body, issue.path);
      if (!located) return null;
      let indices = marked.get(located.array);
      if (!indices) marked.set(located.array, (indices = new Map()));
      if (!indices.has(located.index)) {
        indices.set(located.index, describe(located.array[located.index], located, issue.message));
      }
    }
    for (const [array, indices] of marked) {
      for (const index of [...indices.keys()].sort((a, b) => b - a)) array.splice(index, 1);
      skipped.push(...[...indices.keys()].sort((a, b) => a - b).map((i) => indices.get(i)!));
    }
    const again = schema.safeParse(body);
    if (again.success) return { data: again.data, skipped };
    issues = again.error.issues;
  }
  return null;
}
