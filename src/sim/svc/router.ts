import type { z } from 'zod';
import {
  decodeParams,
  isTextField,
  matchTemplate,
  svcOpList,
  templateSpecificity,
  type SvcOperation,
} from '../../shared/svc';
import { badRequest, endpointDoesNotExist, noSuchUser, SvcError } from './errors';

export interface RouteMatch {
  op: SvcOperation;
  pathParams: Record<string, unknown>;
}

function shapeOf(op: SvcOperation): Record<string, z.ZodType> {
  return op.params.shape as Record<string, z.ZodType>;
}

function textParamCount(op: SvcOperation): number {
  const shape = shapeOf(op);
  return op.template.names.filter((n) => {
    const field = shape[n];
    return field !== undefined && isTextField(field);
  }).length;
}

// Literal segments first (`/users/me`), then integer parameters before text ones, so that
// `/users/12` is a user ID and `/users/someone@example.com` an email, as in the server's URL table.
const ops = [...svcOpList].sort(
  (a, b) => templateSpecificity(b.template) - templateSpecificity(a.template) || textParamCount(a) - textParamCount(b),
);

/** Path parameters that name a user answer "No such user" when they name nobody, like the server. */
const USER_PATH_PARAMS = new Set(['user_id', 'email']);

/** Integer path parameters only match digits; text ones match any segment. */
function segmentsFit(op: SvcOperation, raw: Record<string, string>): boolean {
  const shape = shapeOf(op);
  return op.template.names.every((n) => {
    const field = shape[n];
    return field !== undefined && (isTextField(field) || /^\d+$/.test(raw[n] ?? ''));
  });
}

/**
 * Finds the catalogued operation for a request path (relative to `/api/v1`): unknown path or an operation
 * newer than the server's level → 404; known path with another method → 405.
 */
export function route(method: string, path: string, level: number): RouteMatch {
  let pathKnown = false;
  for (const op of ops) {
    const raw = matchTemplate(op.template, path);
    if (!raw || !segmentsFit(op, raw)) continue;
    pathKnown = true;
    if (op.method !== method) continue;
    if (op.minLevel !== undefined && level < op.minLevel) throw endpointDoesNotExist();
    const shape = shapeOf(op);
    const { values } = decodeParams(shape, Object.entries(raw));
    for (const name of op.template.names) {
      if (shape[name]?.safeParse(values[name]).success) continue;
      throw USER_PATH_PARAMS.has(name) ? noSuchUser() : badRequest(`Invalid ${name}`);
    }
    return { op, pathParams: values };
  }
  if (pathKnown) throw new SvcError('BAD_REQUEST', 'Method Not Allowed', 405);
  throw endpointDoesNotExist();
}
