import { Hono, type Context } from 'hono';
import { sessionApi } from '../../shared/bff/first-load';
import { signInSchema, type SessionInfo } from '../../shared/bff/protocol';
import { svcOps } from '../../shared/svc/catalog';
import type { AppEnv, BffDeps } from '../app-types';
import { auditUnavailable } from '../audit';
import type { Config } from '../config';
import { jsonBody } from '../middleware/json-body';
import { endDeadSession } from '../session-end';
import { clearSessionCookie, readSessionId, writeSessionCookie } from '../session-cookie';
import type { Session } from '../session-store';
import { ownSessionRoutes } from './own-sessions-routes';
import { answer } from './route-answer';
import {
  credentialsFor,
  endSessionsOverLimit,
  recordRefusedSignIn,
  recordSignIn,
  recordSignOut,
  refusedSignIn,
  sessionData,
  throttledSignIn,
} from './sign-in';
import { clientIp, signInThrottleFor, untrustedProxyWarning } from '../sign-in-throttle';
import { UpstreamRefusal } from '../upstreams/svc-upstream';

/**
 * What GET and POST /bff/session answer: who is signed in (if anyone), the server, the demo accounts, and for a
 * session the state of its event queue, which registers alongside and is never waited for (EventHub.start):
 * `events` is where the stream stood when the answer was begun (`before`, see EventHub.position), so the tab's
 * first stream is sent the queue's registration, and which of its reads to redo, if it comes after.
 */
async function sessionInfo(deps: BffDeps, session: Session | null, before: string | null): Promise<SessionInfo> {
  // Started before the server read is awaited: `before` is where the stream stood when the answer was begun.
  const live = session ? deps.hub.start(session, before) : null;
  const server = await deps.serverInfo.get();
  if (!session) return signedOutInfo(deps, server.info, server.error);
  return {
    user: {
      userId: session.userId,
      email: session.apiEmail,
      fullName: session.fullName,
      role: session.role,
      avatarUrl: session.avatarUrl,
    },
    server: server.info,
    serverError: server.error,
    demo: deps.demo,
    limits: live?.limits ?? null,
    ...(live ? { events: live.events } : {}),
    // Only a signed-in user learns whether a dashboard is configured (the navigation marks the area).
    proxyConfigured: Boolean(deps.proxy),
  };
}

/**
 * The answer without a session, one shape for GET /bff/session and the copy in the sign-in page's HTML
 * (publicSessionInfo): the page keeps its first render when the read answers the same.
 */
function signedOutInfo(
  deps: BffDeps,
  server: SessionInfo['server'],
  serverError: SessionInfo['serverError'],
): SessionInfo {
  return { user: null, server, serverError, demo: deps.demo, limits: null };
}

/**
 * What GET /bff/session answers without a session, from the cached server summary only (null when none is cached
 * yet): the sign-in page's HTML carries it (static-routes.ts), so that its first render needs no request.
 */
export function publicSessionInfo(deps: BffDeps): SessionInfo | null {
  const server = deps.serverInfo.peek();
  return server ? signedOutInfo(deps, server, null) : null;
}

/**
 * The browser's session, its user re-read from the chat server (a role change or deactivation upstream shows at the
 * next page load); a session whose key is dead ends here.
 */
async function currentSession(c: Context<AppEnv>, config: Config, deps: BffDeps): Promise<Session | null> {
  const id = readSessionId(c, config);
  let session = id ? await deps.sessions.touch(id, deps.now()) : null;
  if (id && !session) clearSessionCookie(c, config);
  if (!session) return null;
  // The session's event queue (registered once, shared by its tabs) registers alongside if it has none.
  deps.hub.start(session, null);
  const creds = { email: session.apiEmail, apiKey: session.apiKey };
  try {
    const fresh = sessionData(await deps.svc.call(svcOps.getOwnUser, {}, creds), creds);
    await deps.sessions.update(session.id, fresh);
    session = { ...session, ...fresh };
  } catch (error) {
    if (await endDeadSession(c, config, deps, session, error)) session = null;
    // Upstream unreachable: keep the session; pages will show the upstream error themselves.
  }
  return session;
}

export function sessionRoutes(config: Config, deps: BffDeps) {
  const app = new Hono<AppEnv>();
  // Failed sign-ins per (account, client) pair, per client and per account, in this process (sign-in-throttle.ts).
  const throttle = signInThrottleFor(config, deps.now);
  const proxyWarning = untrustedProxyWarning(config, deps.log);

  app.get('/', async (c) => {
    // Before anything is awaited: the page's first reads are sent alongside this request, and a read the queue's
    // registration announces must come after this position (see sessionInfo).
    const id = readSessionId(c, config);
    const before = id ? deps.hub.position(id) : null;
    const session = await currentSession(c, config, deps);
    c.header('cache-control', 'no-store');
    return answer(c, sessionApi.read, await sessionInfo(deps, session, before));
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
      // Past SESSION_MAX_PER_USER the user's oldest sessions end, and the answer says so.
      const ended = await endSessionsOverLimit(c, deps, session, config.sessionMaxPerUser);
      c.header('cache-control', 'no-store');
      // A new session has no queue yet: it registers while the answer goes out and the first page loads.
      const info = await sessionInfo(deps, session, null);
      const endedSessions = { count: ended, limit: config.sessionMaxPerUser };
      return answer(c, sessionApi.signIn, ended ? { ...info, endedSessions } : info);
    } catch (error) {
      if (!(error instanceof UpstreamRefusal)) throw error;
      await recordRefusedSignIn(c, deps, input, error);
      return refusedSignIn(c, throttle, input, ip, error);
    }
  });

  app.delete('/', async (c) => {
    const id = readSessionId(c, config);
    if (id) {
      const session = await deps.sessions.peek?.(id, deps.now());
      if (session) await recordSignOut(c, deps, session);
      await deps.sessions.delete(id);
      // Its tabs' streams close and the upstream queue is deleted.
      await deps.hub.end(id);
    }
    clearSessionCookie(c, config);
    return c.body(null, 204);
  });

  app.route('/', ownSessionRoutes(config, deps));
  return app;
}
