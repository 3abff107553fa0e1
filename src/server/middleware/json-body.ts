import type { Env, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import { describeIssue } from '../../shared/svc/params';
import type { AppEnv } from '../app-types';

/** The one answer to a body that is not JSON at all. */
export const NOT_JSON_MSG = 'Send a JSON body.';

/**
 * The one JSON-body validator of the console's own routes: a body that is not JSON, or does not match `schema`,
 * is refused with `400 INVALID_PARAMS` and the first issue in words; the handler reads the parsed value with
 * `c.req.valid('json')`.
 */
export function jsonBody<S extends z.ZodType, E extends Env = AppEnv>(
  schema: S,
): MiddlewareHandler<E, string, { in: { json: z.input<S> }; out: { json: z.output<S> } }> {
  return async (c, next) => {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      return c.json(errorEnvelope(bffErrorCodes.invalidParams, NOT_JSON_MSG), 400);
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      return c.json(errorEnvelope(bffErrorCodes.invalidParams, describeIssue(parsed.error.issues[0]).msg), 400);
    }
    c.req.addValidatedData('json', parsed.data as object);
    await next();
  };
}
