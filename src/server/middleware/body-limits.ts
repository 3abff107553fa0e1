import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';

export const BODY_TOO_LARGE = bffErrorCodes.bodyTooLarge;

const KB = 1024;

/**
 * The largest body each `/bff` area takes, checked before anything else reads it. Sized from what the area
 * legitimately sends: a sign-in form is a few hundred bytes; a chat operation can carry a 10,000-character
 * message or a 10,000-user list, URL-encoded; a bulk request 10,000 user ids; a webhook reply 10,000
 * characters as JSON. First match wins; anything else (reads, streams) gets the smallest.
 */
export const BFF_BODY_LIMITS: readonly (readonly [prefix: string, bytes: number])[] = [
  ['/bff/session', 16 * KB],
  ['/bff/svc/', 1024 * KB],
  ['/bff/bulk/', 256 * KB],
  ['/bff/webhooks/', 128 * KB],
  ['/bff/proxy/', 64 * KB],
];
export const DEFAULT_BFF_BODY_LIMIT = 16 * KB;

export function bffBodyLimitFor(path: string): number {
  for (const [prefix, bytes] of BFF_BODY_LIMITS) if (path.startsWith(prefix)) return bytes;
  return DEFAULT_BFF_BODY_LIMIT;
}

/**
 * Refuses a body over `maxBytes` with 413 and the error envelope: a declared Content-Length at once, unread;
 * a streamed body as soon as it passes the limit. The connection is closed so the rest is not read either.
 */
export function limitBody(maxBytes: number, code: string = BODY_TOO_LARGE): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c: Context) => {
      c.header('connection', 'close');
      c.header('cache-control', 'no-store');
      return c.json(errorEnvelope(code, `The request body is larger than ${maxBytes} bytes.`), 413);
    },
  });
}

/** The Node request under @hono/node-server (its `env.incoming`); none in `app.request()` or another runtime. */
function nodeRequest(c: Context): IncomingMessage | undefined {
  const env: unknown = c.env;
  return typeof env === 'object' && env !== null && 'incoming' in env ? (env.incoming as IncomingMessage) : undefined;
}

/** One limit per `/bff` area (see BFF_BODY_LIMITS). */
export function bffBodyLimits(): MiddlewareHandler {
  const byLimit = new Map<number, MiddlewareHandler>();
  return (c, next) => {
    // Over HTTP/1.1 a request without Content-Length or Transfer-Encoding has no body (RFC 9112 §6.3): nothing
    // to limit. hono's check would read `c.req.raw.body`, which makes @hono/node-server build a whole WHATWG
    // Request: 7 % of the BFF's CPU time on GET /bff/svc/users/me under load (bench/profile-bff.ts).
    const incoming = nodeRequest(c);
    if (incoming && !incoming.headers['content-length'] && !incoming.headers['transfer-encoding']) return next();
    const maxBytes = bffBodyLimitFor(c.req.path);
    let limit = byLimit.get(maxBytes);
    if (!limit) byLimit.set(maxBytes, (limit = limitBody(maxBytes)));
    return limit(c, next);
  };
}
