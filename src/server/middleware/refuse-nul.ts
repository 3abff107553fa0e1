import type { MiddlewareHandler } from 'hono';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
const NUL = '\u0000';

/** A NUL anywhere in a JSON value (keys included). */
function jsonHasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (Array.isArray(value)) return value.some(jsonHasNul);
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).some(([k, v]) => k.includes(NUL) || jsonHasNul(v));
  }
  return false;
}

/** A NUL in a parameter's text, or in the JSON text it carries (arrays and objects travel as JSON in forms). */
function textHasNul(text: string): boolean {
  if (text.includes(NUL)) return true;
  const first = text.trimStart()[0];
  if (first !== '[' && first !== '{' && first !== '"') return false;
  try {
    return jsonHasNul(JSON.parse(text));
  } catch {
    return false;
  }
}

function paramsHaveNul(params: URLSearchParams): boolean {
  for (const [k, v] of params) if (k.includes(NUL) || textHasNul(v)) return true;
  return false;
}

/**
 * No parameter of the console's may hold a NUL character: PostgreSQL cannot store one in text (the audit
 * entry written before every change would fail, and the answer be a misleading 503), and no legitimate name,
 * topic or setting contains one. Refused at the edge with 400: the query string of any request, and the body
 * of a change (form or JSON; the body limit has already bounded it).
 */
export function refuseNul(): MiddlewareHandler {
  return async (c, next) => {
    const refuse = () =>
      c.json(
        errorEnvelope(bffErrorCodes.invalidParams, 'A parameter contains a NUL character, which is not allowed.'),
        400,
      );
    const url = new URL(c.req.url);
    if (url.search && paramsHaveNul(url.searchParams)) return refuse();
    if (!SAFE.has(c.req.method)) {
      const text = await c.req.text();
      if (text.includes(NUL)) return refuse();
      const type = c.req.header('content-type') ?? '';
      if (type.startsWith('application/x-www-form-urlencoded') && paramsHaveNul(new URLSearchParams(text))) {
        return refuse();
      }
      if (type.startsWith('application/json') && textHasNul(text)) return refuse();
    }
    return next();
  };
}
