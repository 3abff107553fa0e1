import type { MiddlewareHandler } from 'hono';
import { CSRF_HEADER, CSRF_VALUE } from '../../shared/bff/protocol';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import type { Config } from '../config';
import { consoleOrigin } from './request-origin';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Mutations must come from the console's own pages: a custom header (which a cross-site form cannot set
 * and a cross-origin fetch cannot send without a preflight we never grant) and an Origin equal to ours.
 */
export function csrfGuard(config: Config): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE.has(c.req.method)) return next();
    const origin = c.req.header('origin');
    if (c.req.header(CSRF_HEADER) !== CSRF_VALUE || !origin || origin !== consoleOrigin(c, config)) {
      return c.json(
        errorEnvelope(bffErrorCodes.csrf, 'This request did not come from the console and was refused.'),
        403,
      );
    }
    return next();
  };
}
