import type { z } from 'zod';

/**
 * The chat service's documented wire encoding: GET parameters in the query string, POST/PATCH/DELETE
 * parameters in a URL-encoded form body, arrays and objects as JSON text. Shared by the browser client,
 * the BFF and the simulator so all three read and write the same bytes.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export function usesQueryString(method: HttpMethod): boolean {
  return method === 'GET';
}

/** One parameter value as text, or undefined to leave it out. */
export function encodeValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // Arrays, objects and null travel as JSON text.
  return JSON.stringify(value);
}

export function encodeParams(params: Record<string, unknown>): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const text = encodeValue(value);
    if (text !== undefined) out.append(key, text);
  }
  return out;
}

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; options?: readonly z.ZodType[]; values?: unknown[] };

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** Whether a field's wire text is taken literally (string-typed) rather than parsed as JSON. */
export function isTextField(schema: z.ZodType): boolean {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return def.innerType ? isTextField(def.innerType) : false;
    case 'pipe':
      return def.in ? isTextField(def.in) : false;
    case 'string':
    case 'email':
      return true;
    case 'enum':
      return (def.values ?? Object.values((def as { entries?: Record<string, unknown> }).entries ?? {})).every(
        (v) => typeof v === 'string',
      );
    case 'literal':
      return (def.values ?? []).every((v) => typeof v === 'string');
    case 'union':
      return (def.options ?? []).every((o) => isTextField(o));
    default:
      return false;
  }
}

/**
 * Turns wire text back into values a catalog schema can check: text fields stay text, everything else is
 * parsed as JSON (unparseable text is kept, so the schema reports the type error).
 */
export function decodeParams(
  shape: Record<string, z.ZodType>,
  raw: Iterable<[string, string]>,
): { values: Record<string, unknown>; unknownKeys: string[] } {
  const values: Record<string, unknown> = {};
  // Own properties only, whatever the name: `__proto__` or `constructor` is an unknown parameter like any other,
  // never the object's prototype (prototype pollution) nor Object.prototype's members taken for a field.
  const put = (key: string, value: unknown) =>
    Object.defineProperty(values, key, { value, enumerable: true, writable: true, configurable: true });
  const unknownKeys: string[] = [];
  for (const [key, text] of raw) {
    const field = Object.hasOwn(shape, key) ? shape[key] : undefined;
    if (!field) {
      unknownKeys.push(key);
      put(key, text);
      continue;
    }
    if (isTextField(field)) {
      put(key, text);
      continue;
    }
    try {
      put(key, JSON.parse(text));
    } catch {
      put(key, text);
    }
  }
  return { values, unknownKeys };
}

export interface PathTemplate {
  template: string;
  segments: readonly string[];
  names: readonly string[];
}

export function parseTemplate(template: string): PathTemplate {
  const segments = template.split('/').filter(Boolean);
  const names = segments.filter((s) => s.startsWith('{')).map((s) => s.slice(1, -1));
  return { template, segments, names };
}

/** Matches a concrete path against a template; returns the decoded path parameters or null. */
export function matchTemplate(t: PathTemplate, path: string): Record<string, string> | null {
  const parts = path.split('/').filter(Boolean);
  if (parts.length !== t.segments.length) return null;
  const out: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const seg = t.segments[i]!;
    let part: string;
    try {
      part = decodeURIComponent(parts[i]!);
    } catch {
      return null;
    }
    if (seg.startsWith('{')) out[seg.slice(1, -1)] = part;
    else if (seg !== part) return null;
  }
  return out;
}

/** Literal segments outrank parameters, so `/users/me` wins over `/users/{user_id}`. */
export function templateSpecificity(t: PathTemplate): number {
  return t.segments.reduce((n, s, i) => n + (s.startsWith('{') ? 0 : 2 ** (t.segments.length - i)), 0);
}

export function fillTemplate(t: PathTemplate, params: Record<string, unknown>): string {
  return (
    '/' + t.segments.map((s) => (s.startsWith('{') ? encodeURIComponent(String(params[s.slice(1, -1)])) : s)).join('/')
  );
}
