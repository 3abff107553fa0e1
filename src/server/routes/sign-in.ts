import type { Context } from 'hono';
import { z } from 'zod';
import type { signInSchema } from '../../shared/bff/protocol';
import { svcOps } from '../../shared/svc/catalog';
import { bffErrorCodes, errorEnvelope, type ErrorEnvelope } from '../../shared/svc/envelope';
import type { OwnUser } from '../../shared/svc/records';
import type { AppEnv, BffDeps } from '../app-types';
import { actorOf, requestIdOf } from '../audit';
import { sessionHandleOf, type Session, type SessionData } from '../session-store';
import type { SignInThrottle } from '../sign-in-throttle';
import { accountStateCode } from '../upstreams/dead-key';
import type { SvcCredentials, UpstreamRefusal } from '../upstreams/svc-upstream';

/** The steps of `POST /bff/session` (session-routes.ts), each on its own. */

export type SignInInput = z.output<typeof signInSchema>;

const methodOf = (input: SignInInput) => ('password' in input ? 'password' : 'apiKey');

export function sessionData(user: OwnUser, creds: SvcCredentials): SessionData {
  return {
    userId: user.user_id,
    apiEmail: creds.email,
    apiKey: creds.apiKey,
    fullName: user.full_name,
    role: user.role,
    avatarUrl: user.avatar_url ?? null,
  };
}

/** The credentials the session will hold: a password is exchanged for the user's API key; a key is taken as typed. */
export async function credentialsFor(deps: BffDeps, input: SignInInput): Promise<SvcCredentials> {
  if (!('password' in input)) return { email: input.email, apiKey: input.apiKey };
  const key = await deps.svc.call(svcOps.fetchApiKey, { username: input.email, password: input.password }, null);
  return { email: key.email, apiKey: key.api_key };
}

/** Records the sign-in in the audit; false when the audit could not take it. */
export async function recordSignIn(
  c: Context<AppEnv>,
  deps: BffDeps,
  session: Session,
  input: SignInInput,
): Promise<boolean> {
  try {
    await deps.audit.record(
      {
        at: deps.now(),
        actor: actorOf(session),
        area: 'console',
        operation: 'session.signIn',
        target: { type: 'session', id: null, name: null },
        requestId: requestIdOf(c),
        params: { method: methodOf(input) },
      },
      { outcome: 'success' },
    );
    return true;
  } catch {
    return false;
  }
}

/** Records a sign-out in the audit; best effort (the session ends either way). */
export async function recordSignOut(c: Context<AppEnv>, deps: BffDeps, session: Session): Promise<void> {
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

const auditableEmailSchema = z.email().max(254);

/** The typed sign-in name when it is a well-formed email address, else a placeholder. */
export function auditableEmail(typed: string): string {
  return auditableEmailSchema.safeParse(typed).success ? typed : '(not an email address)';
}

/** Refused sign-ins are recorded too (who tried, never what they typed); best effort: nothing was done. */
export async function recordRefusedSignIn(
  c: Context<AppEnv>,
  deps: BffDeps,
  input: SignInInput,
  error: UpstreamRefusal,
): Promise<void> {
  await deps.audit
    .record(
      {
        at: deps.now(),
        // Only an address: whatever else was typed there (a password in the wrong field) is not kept.
        actor: { userId: null, email: auditableEmail(input.email), name: null, role: null },
        area: 'console',
        operation: 'session.signIn',
        target: { type: 'session', id: null, name: null },
        requestId: requestIdOf(c),
        params: { method: methodOf(input) },
      },
      { outcome: 'error', code: error.envelope.code, msg: error.envelope.msg },
    )
    .catch(() => deps.log('warn', 'audit: a refused sign-in could not be recorded'));
}

/** Refusals that tell whether the account exists: answered as wrong credentials instead. */
const ACCOUNT_STATE_CODES = new Set(['USER_DEACTIVATED', 'REALM_DEACTIVATED']);
/** A wrong key, as servers of each level spell it (`INVALID_API_KEY` before, `UNAUTHORIZED` on level 372). */
const WRONG_KEY_CODES = new Set(['INVALID_API_KEY', 'UNAUTHORIZED']);

/**
 * One answer for a wrong key and a deactivated account's key, whatever the server's spelling: the code and
 * message of a real server's wrong-key answer. A password sign-in gets the wrong-password answer likewise.
 */
function genericSignInFailure(method: 'password' | 'apiKey', envelope: ErrorEnvelope): ErrorEnvelope {
  const accountState = ACCOUNT_STATE_CODES.has(accountStateCode(envelope));
  if (method === 'password') {
    return accountState
      ? errorEnvelope(bffErrorCodes.authenticationFailed, 'Your username or password is incorrect')
      : envelope;
  }
  return accountState || (WRONG_KEY_CODES.has(envelope.code) && /^invalid api key/i.test(envelope.msg))
    ? errorEnvelope('UNAUTHORIZED', 'Invalid API key')
    : envelope;
}

/** The answer to a sign-in the chat server refused. */
export async function refusedSignIn(
  c: Context<AppEnv>,
  throttle: SignInThrottle,
  input: SignInInput,
  ip: string,
  error: UpstreamRefusal,
): Promise<Response> {
  const status = error.status === 401 || error.status === 403 ? 401 : error.status >= 500 ? 502 : 400;
  if (status !== 401) return c.json(error.envelope, status);
  // Wrong credentials: counted, and past the free failures the answer is held back.
  const delay = throttle.failure(input.email, ip);
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
  // The same answer for a deactivated account as for wrong credentials: the sign-in page must not tell a
  // stranger which addresses have (had) an account. The audit keeps the real code.
  return c.json(genericSignInFailure(methodOf(input), error.envelope), 401);
}

/** Too many failed sign-ins: 429 with Retry-After, before anything reaches the chat server. */
export function throttledSignIn(c: Context<AppEnv>, retryAfterSeconds: number): Response {
  c.header('retry-after', String(retryAfterSeconds));
  return c.json(
    errorEnvelope(bffErrorCodes.rateLimited, `Too many failed sign-ins. Try again in ${retryAfterSeconds} s.`, {
      'retry-after': retryAfterSeconds,
    }),
    429,
  );
}

/**
 * Past the per-user limit (SESSION_MAX_PER_USER) the user's oldest sessions end, on every replica, and the audit
 * says so (best effort: the sessions are ended either way). Returns how many ended. Oldest by last use, not by
 * sign-in: a browser in use all day is not signed out for one left idle since this morning.
 */
export async function endSessionsOverLimit(
  c: Context<AppEnv>,
  deps: BffDeps,
  session: Session,
  limit: number,
): Promise<number> {
  const current = sessionHandleOf(session.id);
  const listed = await deps.sessions.listForUser(session.userId, deps.now());
  const oldest = listed
    .filter((s) => s.handle !== current)
    .sort((a, b) => b.lastSeenAt - a.lastSeenAt || b.createdAt - a.createdAt)
    .slice(Math.max(0, limit - 1));
  if (oldest.length === 0) return 0;
  const handles = new Set(oldest.map((s) => s.handle));
  for (const handle of handles) await deps.sessions.deleteByHandle(session.userId, handle);
  await deps.hub.endMatching((id) => handles.has(sessionHandleOf(id)));
  const note = `Signed in past the limit of ${limit} sessions: the oldest ${oldest.length} ended.`;
  await deps.audit
    .record(
      {
        at: deps.now(),
        actor: actorOf(session),
        area: 'console',
        operation: 'session.endOldest',
        target: { type: 'user', id: String(session.userId), name: session.fullName },
        requestId: requestIdOf(c),
        params: { limit, ended: [...handles] },
      },
      { outcome: 'success', note },
    )
    .catch(() => deps.log('warn', 'audit: the end of sessions past the limit could not be recorded'));
  deps.log('info', `session: user_id=${session.userId} past ${limit} sessions; ${oldest.length} oldest ended`);
  return oldest.length;
}
