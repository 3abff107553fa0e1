import type { MiddlewareHandler } from 'hono';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import type { AppEnv, BffDeps } from '../app-types';
import type { Config } from '../config';
import { clearSessionCookie, readSessionId } from '../session-cookie';

/** Every /bff route that acts for a user: a live session (marked seen) or 401 SESSION_EXPIRED. */
export function requireSession(config: Config, deps: BffDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = readSessionId(c, config);
    const session = id ? await deps.sessions.touch(id, deps.now()) : null;
    if (!session) {
      if (id) clearSessionCookie(c, config);
      return c.json(errorEnvelope(bffErrorCodes.sessionExpired, 'Your console session has ended. Sign in again.'), 401);
    }
    c.set('session', session);
    return next();
  };
}
