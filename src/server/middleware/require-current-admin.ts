import type { Context, MiddlewareHandler } from 'hono';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import { isAdminRole } from '../../shared/svc/roles';
import type { AppEnv, BffDeps } from '../app-types';
import type { Config } from '../config';
import { clearSessionCookie } from '../session-cookie';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * After requireSession on a console-owned admin route: the user must be an owner or administrator *now*, as the
 * chat server says (see current-user-check.ts), not as they were at sign-in. A change is always checked fresh;
 * reads trust a confirmation up to 30 s old. A refused key ends the session (401); an unreachable server
 * refuses the request (502) rather than trusting a role it could not confirm.
 */
export function requireCurrentAdmin(
  config: Config,
  deps: BffDeps,
  refusal: { code: string; msg: string },
  /** Requests that only stop work the user started (pause, cancel): as for a read, a recent confirmation does. */
  stopsWork: (c: Context<AppEnv>) => boolean = () => false,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const fresh = !READS.has(c.req.method) && !stopsWork(c);
    const verdict = await deps.currentUser.check(c.get('session'), { fresh });
    if (verdict.status === 'ended') {
      clearSessionCookie(c, config);
      return c.json(errorEnvelope(bffErrorCodes.sessionExpired, 'Your console session has ended. Sign in again.'), 401);
    }
    if (verdict.status === 'unconfirmed') {
      return c.json(
        errorEnvelope(
          bffErrorCodes.upstreamUnavailable,
          'The chat server could not confirm your role, so the console did not do this. Try again in a moment.',
        ),
        502,
      );
    }
    c.set('session', verdict.session);
    if (!isAdminRole(verdict.session.role)) return c.json(errorEnvelope(refusal.code, refusal.msg), 403);
    return next();
  };
}
