import { Hono } from 'hono';
import { signInSchema, type OwnSessions, type ServerLimits, type SessionInfo } from '../../shared/bff/protocol';
import { svcOps } from '../../shared/svc/catalog';
import { bffErrorCodes, errorEnvelope } from '../../shared/svc/envelope';
import type { AppEnv, BffDeps } from '../app-types';
import { actorOf, auditUnavailable, beginAudit, requestIdOf } from '../audit';
import type { Config } from '../config';
import { jsonBody } from '../middleware/json-body';
import { endDeadSession } from '../session-end';
import { requireSession } from '../middleware/require-session';
import { clearSessionCookie, readSessionId, writeSessionCookie } from '../session-cookie';
import { isSessionHandle, sessionHandleOf, type Session } from '../session-store';
import {
  credentialsFor,
  recordRefusedSignIn,
  recordSignIn,
  refusedSignIn,
  sessionData,
  throttledSignIn,
} from './sign-in';
import { clientIp, signInThrottleFor, untrustedProxyWarning } from '../sign-in-throttle';
import { UpstreamRefusal } from '../upstreams/svc-upstream';

const SESSION_NOT_FOUND = bffErrorCodes.sessionNotFound;
const NO_SUCH_SESSION = 'You have no session with that handle (it may have ended already).';

export function sessionRoutes(config: Config, deps: BffDeps) {
  const app = new Hono<AppEnv>();
  // Failed sign-ins per (account, client) pair, per client and per account, in this process (sign-in-throttle.ts).
  const throttle = signInThrottleFor(config, deps.now);
  const proxyWarning = untrustedProxyWarning(config, deps.log);

  async function info(session: Session | null, limits: ServerLimits | null = null): Promise<SessionInfo> {
    const server = await deps.serverInfo.get();
    return {
      user: session
        ? {
            userId: session.userId,
            email: session.apiEmail,
            fullName: session.fullName,
            role: session.role,
            avatarUrl: session.avatarUrl,
          }
        : null,
      server: server.info,
      serverError: server.error,
      demo: deps.demo,
      limits: session ? limits : null,
      // Only a signed-in user learns whether a dashboard is configured (the navigation marks the area).
      ...(session ? { proxyConfigured: Boolean(deps.proxy) } : {}),
    };
  }

  app.get('/', async (c) => {
    const id = readSessionId(c, config);
    let session = id ? await deps.sessions.touch(id, deps.now()) : null;
    if (id && !session) clearSessionCookie(c, config);
    let limits: ServerLimits | null = null;
    if (session) {
      // The session's event queue (registered once, shared by its tabs) reports the server's limits; it
      // never fails this call — null when the server is unreachable. It runs alongside the own-user read.
      const queue = deps.hub.ensure(session).then((l) => (limits = l));
      // Re-read the own user so a role change or deactivation upstream shows at the next page load.
      try {
        const me = await deps.svc.call(svcOps.getOwnUser, {}, { email: session.apiEmail, apiKey: session.apiKey });
        const fresh = sessionData(me, { email: session.apiEmail, apiKey: session.apiKey });
        await deps.sessions.update(session.id, fresh);
        session = { ...session, ...fresh };
      } catch (error) {
        if (await endDeadSession(c, config, deps, session, error)) session = null;
        // Upstream unreachable: keep the session; pages will show the upstream error themselves.
      }
      await queue;
    }
    c.header('cache-control', 'no-store');
    return c.json(await info(session, limits));
  });

  app.post('/', jsonBody(signInSchema), async (c) => {
    const input = c.req.valid('json');
    const ip = clientIp(c, config);
    proxyWarning(c);
    const verdict = throttle.check(input.email, ip);
    if (!verdict.ok) return throttledSignIn(c, verdict.retryAfterSeconds);
    try {
      const creds = await credentialsFor(deps, input);
      const me = await deps.svc.call(svcOps.getOwnUser, {}, creds);
      // A new id at every sign-in; whatever session the browser held before is ended (no fixation).
      const previous = readSessionId(c, config);
      if (previous) {
        await deps.sessions.delete(previous);
        await deps.hub.end(previous);
      }
      const session = await deps.sessions.create(sessionData(me, creds), deps.now());
      if (!(await recordSignIn(c, deps, session, input))) {
        // No record of the sign-in, no sign-in.
        await deps.sessions.delete(session.id).catch(() => undefined);
        return auditUnavailable(c);
      }
      throttle.success(input.email, ip);
      writeSessionCookie(c, config, session.id);
      deps.log('info', `sign-in user_id=${me.user_id} role=${me.role}`);
      const limits = await deps.hub.ensure(session);
      c.header('cache-control', 'no-store');
      return c.json(await info(session, limits));
    } catch (error) {
      if (!(error instanceof UpstreamRefusal)) throw error;
      await recordRefusedSignIn(c, deps, input, error);
      return refusedSignIn(c, throttle, input, ip, error);
    }
  });

  // "Sign out all my sessions": every browser this console user is signed in with, on every replica. Their
  // tabs' streams and queues close at once, here and (hearing the store's session ends) on every other replica.
  app.delete('/all', requireSession(config, deps), async (c) => {
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
    c.header('cache-control', 'no-store');
    return c.json({ ended });
  });

  // "Your sessions": the user's own sessions on every replica, named by handles (never their ids).
  app.get('/sessions', requireSession(config, deps), async (c) => {
    const session = c.get('session');
    const current = sessionHandleOf(session.id);
    const listed = await deps.sessions.listForUser(session.userId, deps.now());
    c.header('cache-control', 'no-store');
    return c.json({
      sessions: listed.map((s) => ({ ...s, current: s.handle === current })),
    } satisfies OwnSessions);
  });

  // Ends one of the user's own sessions (another browser, or this one); someone else's does not exist here.
  app.delete('/sessions/:handle', requireSession(config, deps), async (c) => {
    const session = c.get('session');
    const handle = c.req.param('handle');
    c.header('cache-control', 'no-store');
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

  app.delete('/', async (c) => {
    const id = readSessionId(c, config);
    if (id) {
      const session = await deps.sessions.peek?.(id, deps.now());
      if (session) {
        await deps.audit
          .record(
            {
              at: deps.now(),
              actor: actorOf(session),
              area: 'console',
              operation: 'session.signOut',
              target: { type: 'session', id: null, name: null },
              requestId: requestIdOf(c),
              params: {},
            },
            { outcome: 'success' },
          )
          .catch(() => deps.log('warn', 'audit: a sign-out could not be recorded'));
      }
      await deps.sessions.delete(id);
      // Its tabs' streams close and the upstream queue is deleted.
      await deps.hub.end(id);
    }
    clearSessionCookie(c, config);
    return c.body(null, 204);
  });

  return app;
}
