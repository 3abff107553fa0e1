/**
 * Heap snapshots of a page through the DevTools protocol, summarised by what each object is (V8 node type +
 * constructor or string name), so two moments of a soak can be diffed: what grew, by how many objects and bytes.
 * One DevTools session per page takes them all, so an object keeps its snapshot id from one to the next: objects
 * allocated between two moments and still alive at a third can be told apart (the three-snapshot technique).
 */
import type { CDPSession, Page } from '@playwright/test';

interface RawSnapshot {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
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
  /** Every object's snapshot id, comparable with the other snapshots of the same page. */
  ids: Set<number>;
  /** The snapshot itself, kept only when asked for (retainedSince needs it). */
  raw?: RawSnapshot;
}

// A new DevTools session would number the heap's objects afresh; one per page keeps the ids comparable.
const sessions = new WeakMap<Page, Promise<{ cdp: CDPSession; chunks: string[] }>>();

function heapSession(page: Page) {
  let session = sessions.get(page);
  if (!session) {
    session = (async () => {
      const cdp = await page.context().newCDPSession(page);
      const state = { cdp, chunks: [] as string[] };
      cdp.on('HeapProfiler.addHeapSnapshotChunk', (e: { chunk: string }) => state.chunks.push(e.chunk));
      await cdp.send('HeapProfiler.enable');
      return state;
    })();
    sessions.set(page, session);
  }
  return session;
}

/**
 * The JS heap in use after two forced collections, through the same session as the snapshots: a session that
 * used the heap profiler and detaches makes V8 number every object afresh.
 */
export async function usedHeapAfterGc(page: Page): Promise<number> {
  const { cdp } = await heapSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  return usedSize;
}

async function rawSnapshot(page: Page): Promise<RawSnapshot> {
  const session = await heapSession(page);
  session.chunks = [];
  await session.cdp.send('HeapProfiler.collectGarbage');
  await session.cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  return JSON.parse(session.chunks.join('')) as RawSnapshot;
}

/** Strings are grouped by type only: their text would make every distinct string its own group. */
function groupKey(type: string, rawName: string): string {
  // Closure scopes are named after their node id ("scope @81095"): drop it so equal scopes group together.
  const name = rawName.replace(/ @\d+$/, '');
  if (type === 'string' || type === 'concatenated string' || type === 'sliced string') return type;
  if (type === 'code' || type === 'hidden' || type === 'array') return `${type}:${name.slice(0, 60)}`;
  return `${type}:${name.slice(0, 80)}`;
}

export async function heapSummary(page: Page, keepRaw = false): Promise<HeapSummary> {
  const raw = await rawSnapshot(page);
  const { node_fields: fields, node_types: types } = raw.snapshot.meta;
  const typeNames = types[0];
  const typeAt = fields.indexOf('type');
  const nameAt = fields.indexOf('name');
  const sizeAt = fields.indexOf('self_size');
  const idAt = fields.indexOf('id');
  const groups = new Map<string, HeapGroup>();
  const ids = new Set<number>();
  let total = 0;
  for (let i = 0; i < raw.nodes.length; i += fields.length) {
    ids.add(raw.nodes[i + idAt]!);
    const bytes = raw.nodes[i + sizeAt]!;
    const key = groupKey(typeNames[raw.nodes[i + typeAt]!] ?? '?', raw.strings[raw.nodes[i + nameAt]!] ?? '');
    const group = groups.get(key) ?? { count: 0, bytes: 0 };
    group.count += 1;
    group.bytes += bytes;
    groups.set(key, group);
    total += bytes;
  }
  return keepRaw ? { total, groups, ids, raw } : { total, groups, ids };
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

export interface RetainedGroup {
  /** What the object is, and the references that hold it, nearest the older object that holds them first. */
  held: string;
  count: number;
  bytes: number;
}

export interface Retained {
  /** Objects (and closures, arrays, strings) the page allocated in the interval and still holds. */
  count: number;
  bytes: number;
  groups: RetainedGroup[];
  /** The same kind of objects held only by V8's own compilation metadata (allocation-site boilerplates). */
  v8MetadataCount: number;
}

// V8's own structures: code, hidden classes and internal arrays; what is left is what JavaScript allocated.
const ENGINE_TYPES = new Set(['code', 'hidden', 'native', 'synthetic', 'object shape', 'number']);

/**
 * The three-snapshot technique: objects allocated after `start` and by `middle` that are still alive in `end`
 * (end must be taken with keepRaw), grouped by what holds them. An object the console keeps for good shows up
 * here in proportion to the work done in the interval; the working set of the page on screen at `end` does not
 * (it was allocated after `middle`).
 */
export function retainedSince(start: HeapSummary, middle: HeapSummary, end: HeapSummary, limit = 10): Retained {
  const raw = end.raw;
  if (!raw) throw new Error('retainedSince needs the end snapshot taken with keepRaw');
  const { node_fields: nf, node_types: nt, edge_fields: ef, edge_types: et } = raw.snapshot.meta;
  const NF = nf.length;
  const EF = ef.length;
  const [typeAt, nameAt, idAt, sizeAt, countAt] = ['type', 'name', 'id', 'self_size', 'edge_count'].map((f) =>
    nf.indexOf(f),
  ) as [number, number, number, number, number];
  const [edgeTypeAt, edgeNameAt, toAt] = ['type', 'name_or_index', 'to_node'].map((f) => ef.indexOf(f)) as [
    number,
    number,
    number,
  ];
  const nodeCount = raw.nodes.length / NF;
  const typeOf = (i: number) => nt[0][raw.nodes[i * NF + typeAt]!] ?? '?';
  const label = (i: number) =>
    `${typeOf(i)}:${(raw.strings[raw.nodes[i * NF + nameAt]!] ?? '').replace(/ @\d+$/, '').slice(0, 50)}`;
  const inInterval = (i: number) => {
    const id = raw.nodes[i * NF + idAt]!;
    return middle.ids.has(id) && !start.ids.has(id);
  };
  // The first strong reference to each node: enough to name what holds it.
  const holder = new Int32Array(nodeCount).fill(-1);
  const holderEdge = new Int32Array(nodeCount).fill(-1);
  for (let i = 0, e = 0; i < nodeCount; i++) {
    const edges = raw.nodes[i * NF + countAt]!;
    for (let k = 0; k < edges; k++, e += EF) {
      const to = raw.edges[e + toAt]! / NF;
      if (holder[to] !== -1 || et[0][raw.edges[e + edgeTypeAt]!] === 'weak') continue;
      holder[to] = i;
      holderEdge[to] = e;
    }
  }
  const edgeName = (e: number) => {
    const type = et[0][raw.edges[e + edgeTypeAt]!] ?? '?';
    const name = raw.edges[e + edgeNameAt]!;
    return type === 'element' || type === 'hidden' ? `[${type}]` : `${type}:${(raw.strings[name] ?? '').slice(0, 40)}`;
  };
  const groups = new Map<string, RetainedGroup>();
  let count = 0;
  let bytes = 0;
  let v8MetadataCount = 0;
  for (let i = 0; i < nodeCount; i++) {
    if (!inInterval(i) || ENGINE_TYPES.has(typeOf(i))) continue;
    // Up through objects of the same interval to the first older one; a linked list counts as one step.
    const path: string[] = [];
    let metadata = false;
    for (let at = i, steps = 0; steps < 500; steps++) {
      const up = holder[at]!;
      if (up < 0) {
        path.push('(root)');
        break;
      }
      const edge = edgeName(holderEdge[at]!);
      if (edge === 'internal:transition_info' || typeOf(up) === 'code') metadata = true;
      if (path.at(-1) !== edge || edge !== 'property:next') path.push(edge);
      at = up;
      if (!inInterval(at)) {
        path.push(`held by ${label(at)}`);
        break;
      }
    }
    if (metadata) {
      v8MetadataCount++;
      continue;
    }
    const size = raw.nodes[i * NF + sizeAt]!;
    count++;
    bytes += size;
    const held = `${label(i)} ⇐ ${path.slice(-4).join(' ⇐ ')}`;
    const group = groups.get(held) ?? { held, count: 0, bytes: 0 };
    group.count++;
    group.bytes += size;
    groups.set(held, group);
  }
  const top = [...groups.values()].sort((a, b) => b.count - a.count).slice(0, limit);
  return { count, bytes, groups: top, v8MetadataCount };
}
