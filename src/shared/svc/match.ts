import type { z } from 'zod';
import { svcOpList, type SvcOperation } from './catalog';
import { decodeParams, isTextField, templateSpecificity, type HttpMethod, type PathTemplate } from './wire';

export interface OpMatch {
  op: SvcOperation;
  pathParams: Record<string, unknown>;
}

/** More specific templates first; of two operations on the same path, the one without `whenParam` first. */
const precedence = (a: SvcOperation, b: SvcOperation) =>
  templateSpecificity(b.template) - templateSpecificity(a.template) || Number(!!a.whenParam) - Number(!!b.whenParam);

const byMethod = new Map<string, SvcOperation[]>();
for (const o of [...svcOpList].sort(precedence)) {
  const list = byMethod.get(o.method) ?? [];
  list.push(o);
  byMethod.set(o.method, list);
}

/** Recent matches against the catalog, by method and path: the BFF matches every browser call. */
const recent = new Map<string, OpMatch>();
const RECENT_MAX = 512;
const RECENT_MAX_PATH = 256;

/**
 * Finds the catalogued operation for a method and a path (relative to `/api/v1`). Templates that share a
 * shape (`/users/{user_id}` and `/users/{email}`) are told apart by whether the path parameters pass the
 * operation's own schema; literal segments win over parameters.
 */
export function matchOperation(method: string, path: string, ops?: readonly SvcOperation[]): OpMatch | null {
  if (ops) return findOperation(method, path, ops);
  // The answer depends on nothing but method and path, so a recent one is reused (pathParams frozen: shared).
  const key = path.length <= RECENT_MAX_PATH ? `${method} ${path}` : null;
  const hit = key === null ? undefined : recent.get(key);
  if (hit) return hit;
  const found = findOperation(method, path);
  if (found && key !== null) {
    Object.freeze(found.pathParams);
    if (recent.size >= RECENT_MAX) recent.delete(recent.keys().next().value!);
    recent.set(key, found);
  }
  return found;
}

function findOperation(method: string, path: string, ops?: readonly SvcOperation[]): OpMatch | null {
  const candidates = ops
    ? [...ops].filter((o) => o.method === method).sort(precedence)
    : (byMethod.get(method.toUpperCase() as HttpMethod) ?? []);
  // Split and decoded once for all candidates (the BFF matches every browser call). A segment that does not
  // decode matches no template, as in matchTemplate.
  const sent = path.split('/').filter(Boolean);
  const parts: string[] = [];
  for (const part of sent) {
    try {
      parts.push(decodeURIComponent(part));
    } catch {
      return null;
    }
  }
  for (const o of candidates) {
    const raw = matchDecoded(o.template, parts);
    if (!raw) continue;
    const shape = o.params.shape as Record<string, z.ZodType>;
    if (!numbersCanonical(o.template, shape, sent)) continue;
    const { values } = decodeParams(shape, Object.entries(raw));
    const ok = o.template.names.every((name) => shape[name]?.safeParse(values[name]).success ?? false);
    if (ok) return { op: o, pathParams: values };
  }
  return null;
}

/** A number as a path spells it: plain decimal digits, no sign, no leading zero, nothing encoded. */
const CANONICAL_NUMBER = /^(?:0|[1-9][0-9]*)$/;

/**
 * Whether every numeric path parameter is spelled the one way: the wire decoding reads `999.0`, `9.99e2`, `0999`,
 * `999%20` and `%39%39%39` all as 999, so each would be another name for the same id (and another spelling for
 * the audit and every cache to tell apart). Anything else is no match, so the route answers 404.
 */
function numbersCanonical(t: PathTemplate, shape: Record<string, z.ZodType>, sent: readonly string[]): boolean {
  for (let i = 0; i < t.segments.length; i++) {
    const seg = t.segments[i]!;
    if (!seg.startsWith('{')) continue;
    const field = shape[seg.slice(1, -1)];
    if (!field || isTextField(field)) continue;
    const text = sent[i]!;
    if (!CANONICAL_NUMBER.test(text) || !Number.isSafeInteger(Number(text))) return false;
  }
  return true;
}

/** Operations told apart from another on the same method and path by a parameter, by `METHOD path`. */
const variants = new Map<string, SvcOperation[]>();
for (const o of svcOpList) {
  if (!o.whenParam) continue;
  const key = `${o.method} ${o.path}`;
  variants.set(key, [...(variants.get(key) ?? []), o]);
}

/**
 * The operation a request is, once its parameters' names are known: the matched one, or another on the same
 * method and path whose `whenParam` the request carries (PATCH /settings with `target_users`).
 */
export function operationFor(match: OpMatch, paramNames: Iterable<string>): SvcOperation {
  const candidates = variants.get(`${match.op.method} ${match.op.path}`);
  if (!candidates) return match.op;
  const names = new Set(paramNames);
  return candidates.find((o) => names.has(o.whenParam!)) ?? match.op;
}

/** matchTemplate over a path already split into decoded segments. */
function matchDecoded(t: PathTemplate, parts: readonly string[]): Record<string, string> | null {
  if (parts.length !== t.segments.length) return null;
  // Literal segments first: most templates fail there, before anything is allocated.
  for (let i = 0; i < parts.length; i++) {
    const seg = t.segments[i]!;
    if (!seg.startsWith('{') && seg !== parts[i]) return null;
  }
  const out: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const seg = t.segments[i]!;
    if (seg.startsWith('{')) out[seg.slice(1, -1)] = parts[i]!;
  }
  return out;
}
