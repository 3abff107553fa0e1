/**
 * Heap snapshots of a page through the DevTools protocol, summarised by what each object is (V8 node type +
 * constructor or string name), so two moments of a soak can be diffed: what grew, by how many objects and bytes.
 */
import type { Page } from '@playwright/test';

interface RawSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export interface HeapGroup {
  count: number;
  bytes: number;
}

/** Object groups by `type:name` (e.g. `object:QueryObserver`, `code:(bytecode)`), plus the total. */
export interface HeapSummary {
  total: number;
  groups: Map<string, HeapGroup>;
}

async function rawSnapshot(page: Page): Promise<RawSnapshot> {
  const cdp = await page.context().newCDPSession(page);
  const chunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', (e: { chunk: string }) => chunks.push(e.chunk));
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await cdp.detach();
  return JSON.parse(chunks.join('')) as RawSnapshot;
}

/** Strings are grouped by type only: their text would make every distinct string its own group. */
function groupKey(type: string, rawName: string): string {
  // Closure scopes are named after their node id ("scope @81095"): drop it so equal scopes group together.
  const name = rawName.replace(/ @\d+$/, '');
  if (type === 'string' || type === 'concatenated string' || type === 'sliced string') return type;
  if (type === 'code' || type === 'hidden' || type === 'array') return `${type}:${name.slice(0, 60)}`;
  return `${type}:${name.slice(0, 80)}`;
}

export async function heapSummary(page: Page): Promise<HeapSummary> {
  const raw = await rawSnapshot(page);
  const { node_fields: fields, node_types: types } = raw.snapshot.meta;
  const typeNames = types[0];
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const groups = new Map<string, HeapGroup>();
  let total = 0;
  for (let i = 0; i < raw.nodes.length; i += fields.length) {
    const bytes = raw.nodes[i + sizeAt]!;
    const key = groupKey(typeNames[raw.nodes[i + typeAt]!] ?? '?', raw.strings[raw.nodes[i + nameAt]!] ?? '');
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count += 1;
    group.bytes += bytes;
    groups.set(key, group);
    total += bytes;
  }
  return { total, groups };
}

/** Bytes of compiled code (snapshot nodes of type "code": bytecode, machine code, feedback and metadata). */
export function codeBytes(summary: HeapSummary): number {
  let bytes = 0;
  for (const [key, group] of summary.groups) if (key.startsWith('code:')) bytes += group.bytes;
  return bytes;
}

export interface HeapGrowth {
  group: string;
  countBefore: number;
  countAfter: number;
  kbBefore: number;
  kbAfter: number;
}

/** The groups that grew most in bytes from `before` to `after`. */
export function topGrowth(before: HeapSummary, after: HeapSummary, limit = 15): HeapGrowth[] {
  const keys = new Set([...before.groups.keys(), ...after.groups.keys()]);
  const rows = [...keys].map((group) => {
    const a = before.groups.get(group) ?? { count: 0, bytes: 0 };
    const b = after.groups.get(group) ?? { count: 0, bytes: 0 };
    return {
      group,
      countBefore: a.count,
      countAfter: b.count,
      kbBefore: Math.round(a.bytes / 1024),
      kbAfter: Math.round(b.bytes / 1024),
    };
  });
  return rows.sort((x, y) => y.kbAfter - y.kbBefore - (x.kbAfter - x.kbBefore)).slice(0, limit);
}
