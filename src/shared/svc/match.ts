import type { z } from 'zod';
import { svcOpList, type SvcOperation } from './catalog';
import { decodeParams, matchTemplate, templateSpecificity, type HttpMethod } from './wire';

export interface OpMatch {
  op: SvcOperation;
  pathParams: Record<string, unknown>;
}

const byMethod = new Map<string, SvcOperation[]>();
for (const o of [...svcOpList].sort((a, b) => templateSpecificity(b.template) - templateSpecificity(a.template))) {
  const list = byMethod.get(o.method) ?? [];
  list.push(o);
  byMethod.set(o.method, list);
}

/**
 * Finds the catalogued operation for a method and a path (relative to `/api/v1`). Templates that share a
 * shape (`/users/{user_id}` and `/users/{email}`) are told apart by whether the path parameters pass the
 * operation's own schema; literal segments win over parameters.
 */
export function matchOperation(method: string, path: string, ops?: readonly SvcOperation[]): OpMatch | null {
  const candidates = ops
    ? [...ops]
        .filter((o) => o.method === method)
        .sort((a, b) => templateSpecificity(b.template) - templateSpecificity(a.template))
    : (byMethod.get(method.toUpperCase() as HttpMethod) ?? []);
  for (const o of candidates) {
    const raw = matchTemplate(o.template, path);
    if (!raw) continue;
    const shape = o.params.shape as Record<string, z.ZodType>;
    const { values } = decodeParams(shape, Object.entries(raw));
    const ok = o.template.names.every((name) => shape[name]?.safeParse(values[name]).success ?? false);
    if (ok) return { op: o, pathParams: values };
  }
  return null;
}
