import { Hono, type Context, type Next } from 'hono';
import { ownSessionsApi } from '../../shared/bff/protocol';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import type { AppEnv, BffDeps } from '../app-types';
import { auditUnavailable, beginAudit } from '../audit';
import type { Config } from '../config';
import { requireSession } from '../middleware/require-session';
import { clearSessionCookie } from '../session-cookie';
import { isSessionHandle, sessionHandleOf } from '../session-store';
import { answer } from './route-answer';

const SESSION_NOT_FOUND = bffErrorCodes.sessionNotFound;
const NO_SUCH_SESSION = 'You have no session with that handle (it may have ended already).';

/** A signed-in user's own sessions, on every replica: the list, ending one, ending them all (under /bff/session). */
export function ownSessionRoutes(config: Config, deps: BffDeps) {
  const app = new Hono<AppEnv>();
  // Per route, not `use('*')`: mounted at /bff/session, a catch-all would also guard the sign-in itself.
  const signedIn = [
    requireSession(config, deps),
    async (c: Context<AppEnv>, next: Next) => {
      c.header('cache-control', 'no-store');
      return next();
    },
  ] as const;

  // "Sign out all my sessions": every browser this console user is signed in with, on every replica. Their
  // tabs' streams and queues close at once, here and (hearing the store's session ends) on every other replica.
  app.delete('/all', ...signedIn, async (c) => {
    const session = c.get('session');
    const audit = await beginAudit(c, deps, {
      area: 'console',
      operation: 'session.signOutAll',
      target: { type: 'user', id: String(session.userId), name: session.fullName },
      params: {},
    });
    if (!audit) return auditUnavailable(c);
    const ended = await deps.sessions.deleteAllForUser(session.userId);
    await audit.finish({ outcome: 'success' });
    await deps.hub.endUser(session.userId, { reason: 'signed-out' });
    clearSessionCookie(c, config);
    return answer(c, ownSessionsApi.endAll, { ended });
  });

  // "Your sessions": the user's own sessions on every replica, named by handles (never their ids), and how many a
  // user keeps (signing in past it ends the oldest).
  app.get('/sessions', ...signedIn, async (c) => {
    const session = c.get('session');
    const current = sessionHandleOf(session.id);
    const listed = await deps.sessions.listForUser(session.userId, deps.now());
    return answer(c, ownSessionsApi.list, {
      sessions: listed.map((s) => ({ ...s, current: s.handle === current })),
      limit: config.sessionMaxPerUser,
    });
  });

  // Ends one of the user's own sessions (another browser, or this one); someone else's does not exist here.
  app.delete('/sessions/:handle', ...signedIn, async (c) => {
    const session = c.get('session');
    const handle = c.req.param('handle');
    // Checked before anything is stored: what is not a handle's shape names no session, and the audit keeps
    // only what the route takes (a 4,000-character value with newlines and escapes is not an id to record).
    if (!isSessionHandle(handle)) return c.json(errorEnvelope(SESSION_NOT_FOUND, NO_SUCH_SESSION), 404);
    const audit = await beginAudit(c, deps, {
      area: 'console',
      operation: 'session.end',
      target: { type: 'session', id: handle, name: null },
      params: {},
    });
    if (!audit) return auditUnavailable(c);
    if (!(await deps.sessions.deleteByHandle(session.userId, handle))) {
      await audit.finish({ outcome: 'error', code: SESSION_NOT_FOUND, msg: NO_SUCH_SESSION });
      return c.json(errorEnvelope(SESSION_NOT_FOUND, NO_SUCH_SESSION), 404);
    }
    await audit.finish({ outcome: 'success' });
    // Its tabs close now, here and on every other replica (see store/session-ends.ts).
    await deps.hub.endMatching((id) => sessionHandleOf(id) === handle);
    if (handle === sessionHandleOf(session.id)) clearSessionCookie(c, config);
    return c.body(null, 204);
  });

  return app;
}
