/**
 * The shape of a JSON answer, for comparing two servers' answers to the same request: which fields appear
 * (always, or in some records only), and with which JSON types. Values do not matter; ids, names and times
 * differ between any two organizations.
 */

export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array';

export interface PathShape {
  types: Set<JsonType>;
  /** In how many of the objects that could hold this field it was present (objects' fields only). */
  present: number;
  /** How many such objects there were. */
  of: number;
}

export type Shape = Map<string, PathShape>;

function typeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  const t = typeof value;
  return t === 'string' || t === 'number' || t === 'boolean' ? t : 'object';
}

/** Keys that are data, not field names: ids and addresses used as keys (`{"11": …}`, `{"ann@x": …}`). */
function keyOf(key: string): string {
  return /^-?\d+$/.test(key) || key.includes('@') ? '*' : key;
}

/** Every path of `value` (`members[].bot_type`), the types seen there, and how often each field was present. */
export function shapeOf(value: unknown): Shape {
  const shape: Shape = new Map();
  const at = (path: string) => {
    let entry = shape.get(path);
    if (!entry) shape.set(path, (entry = { types: new Set(), present: 0, of: 0 }));
    return entry;
  };
  const objectsAt = new Map<string, Record<string, unknown>[]>();
  const walk = (v: unknown, path: string) => {
    at(path).types.add(typeOf(v));
    if (Array.isArray(v)) {
      for (const item of v) walk(item, `${path}[]`);
    } else if (typeof v === 'object' && v !== null) {
      const record = v as Record<string, unknown>;
      let list = objectsAt.get(path);
      if (!list) objectsAt.set(path, (list = []));
      list.push(record);
      for (const [k, child] of Object.entries(record)) walk(child, `${path}.${keyOf(k)}`);
    }
  };
  walk(value, '$');
  for (const [path, objects] of objectsAt) {
    const keys = new Set(objects.flatMap((o) => Object.keys(o).map(keyOf)));
    for (const key of keys) {
      const entry = at(`${path}.${key}`);
      entry.of = objects.length;
      entry.present = objects.filter((o) => Object.keys(o).some((k) => keyOf(k) === key)).length;
    }
  }
  return shape;
}

function presence(entry: PathShape): 'always' | 'sometimes' {
  return entry.present === entry.of ? 'always' : 'sometimes';
}

/** A path lies under another: `a.b[].c` under `a.b`. */
function under(path: string, parent: string): boolean {
  return path.startsWith(parent + '.') || path.startsWith(parent + '[]');
}

/**
 * Where `actual` (the simulator's answer) differs from `expected` (the real server's): fields it adds or leaves
 * out, types the real server never sends there, and fields present in every record where the real server has
 * them in some only (or the reverse). Paths listed in `ignore` (and everything under them) are not compared.
 */
export function shapeDrift(expected: Shape, actual: Shape, ignore: readonly string[] = []): string[] {
  const ignored = (path: string) => ignore.some((p) => path === p || under(path, p));
  const drift: string[] = [];
  for (const [path, real] of expected) {
    if (ignored(path)) continue;
    const sim = actual.get(path);
    if (!sim) {
      // Under a list the simulator answered empty (or a field whose type differs), there is nothing to compare.
      const parentMissing = [...expected.keys()].some((p) => p !== path && under(path, p) && !actual.has(p));
      if (!parentMissing && real.of > 0) drift.push(`${path}: sent by the real server, missing from the simulator`);
      continue;
    }
    const extra = [...sim.types].filter((t) => !real.types.has(t));
    if (extra.length > 0) {
      drift.push(`${path}: the simulator sends ${extra.join('/')}, the real server ${[...real.types].join('/')}`);
    }
    if (real.of > 1 && sim.of > 1 && presence(real) !== presence(sim)) {
      drift.push(`${path}: present ${presence(sim)} in the simulator, ${presence(real)} on the real server`);
    }
  }
  for (const path of actual.keys()) {
    if (ignored(path) || expected.has(path)) continue;
    const parentUnknown = [...actual.keys()].some((p) => p !== path && under(path, p) && !expected.has(p));
    // Only where the real server sent the containing record at all (an empty list there shows nothing).
    const parent = path.replace(/(\.[^.[\]]+|\[\])$/, '');
    if (!parentUnknown && expected.has(parent)) drift.push(`${path}: sent by the simulator, never by the real server`);
  }
  return drift;
}
