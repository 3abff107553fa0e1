import type { Context, Env, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import { describeIssue } from '../../shared/svc/params';
import type { AppEnv } from '../app-types';

/** The one answer to a body that is not JSON at all. */
export const NOT_JSON_MSG = 'Send a JSON body.';

/**
 * How every console route reads a JSON body: an empty body is `undefined` (a proxy procedure without input), a
 * body that is not JSON is `{ ok: false }`, and so is one not sent as JSON where `requireJsonType` asks for it.
 */
export async function readJsonBody(
  c: Context,
  options: { requireJsonType?: boolean } = {},
): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await c.req.text();
  if (!text) return { ok: true, value: undefined };
  if (options.requireJsonType && !(c.req.header('content-type') ?? '').startsWith('application/json')) {
    return { ok: false };
  }
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * The one JSON-body validator of the console's own routes: a body that is not JSON, or does not match `schema`,
 * is refused with `400 INVALID_PARAMS` and the first issue in words; the handler reads the parsed value with
 * `c.req.valid('json')`.
 */
export function jsonBody<S extends z.ZodType, E extends Env = AppEnv>(
  schema: S,
): MiddlewareHandler<E, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }> {
  return async (c, next) => {
    const body = await readJsonBody(c);
    if (!body.ok || body.value === undefined) {
      return c.json(errorEnvelope(bffErrorCodes.invalidParams, NOT_JSON_MSG), 400);
    }
    const parsed = schema.safeParse(body.value);
    if (!parsed.success) {
      return c.json(errorEnvelope(bffErrorCodes.invalidParams, describeIssue(parsed.error.issues[0]).msg), 400);
    }
    c.req.addValidatedData('json', parsed.data as object);
    await next();
  };
}
