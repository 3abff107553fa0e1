import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AnswerInputOf, BffRoute } from '../../shared/bff/route-def';

/**
 * Answers one of the routes the SPA calls (src/shared/bff/routes.ts) with a value its description allows: the input
 * of the route's schema (which the SPA parses it with), or the type of a `typed` route. A handler whose answer
 * drifts from the description fails typecheck here, on both ends' one description.
 */
export function answer<R extends BffRoute>(
  c: Context,
  route: R,
  value: AnswerInputOf<R>,
  status: ContentfulStatusCode = 200,
): Response {
  return c.json(value, status);
}
