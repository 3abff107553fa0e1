import type { Context } from 'hono';
import type { AppEnv, BffDeps } from './app-types';
import type { Config } from './config';
import { accountStateCode, isDeadKeyRefusal } from './upstreams/dead-key';
import { clearSessionCookie } from './session-cookie';
import { hashSessionId } from './store/crypto';
import type { SessionEndNotice } from './store/session-ends';
import type { UpstreamRefusal } from './upstreams/svc-upstream';

/** Refusals that say the account itself is gone: every session of that user is dead, not only this one. */
const ACCOUNT_GONE_CODES = new Set(['USER_DEACTIVATED', 'REALM_DEACTIVATED']);

/**
 * Ends a session whose key the chat server refused, everywhere at once: the row in the shared store (so every
 * replica's next look misses it), this process's event queue and its tabs' streams. When the refusal says the
 * account was deactivated, all of the user's sessions go, since they all hold that account's key.
 */
export async function endSessionForDeadKey(
  deps: Pick<BffDeps, 'sessions' | 'hub' | 'log'>,
  session: { id: string; userId: number },
  code: string,
): Promise<void> {
  if (ACCOUNT_GONE_CODES.has(code)) {
    await endAllSessionsOfUser(deps, session.userId, code);
    return;
  }
  deps.log('warn', `session: key refused user_id=${session.userId} (${code}); session ended`);
  await deps.sessions.delete(session.id);
  await deps.hub.end(session.id, { reason: 'session-ended', deleteUpstream: false });
}

/** Ends every session of a user (deactivated upstream): store rows on all replicas, queues and streams here. */
export async function endAllSessionsOfUser(
  deps: Pick<BffDeps, 'sessions' | 'hub' | 'log'>,
  userId: number,
  why: string,
): Promise<void> {
  const ended = await deps.sessions.deleteAllForUser(userId);
  await deps.hub.endUser(userId, { reason: 'session-ended', deleteUpstream: false });
  deps.log('warn', `session: user_id=${userId} ${why}; ${ended} session(s) ended`);
}

/**
 * The one path for a refusal met while serving a request: when `error` says the session's key is dead (a 401 with
 * a dead-key code, see dead-key.ts), the session ends everywhere, the role check forgets it and the browser's
 * cookie is cleared; the refusal is returned so the caller can answer. Anything else returns null, untouched.
 */
export async function endDeadSession(
  c: Context<AppEnv>,
  config: Config,
  deps: Pick<BffDeps, 'sessions' | 'hub' | 'log' | 'currentUser'>,
  session: { id: string; userId: number },
  error: unknown,
): Promise<UpstreamRefusal | null> {
  if (!isDeadKeyRefusal(error)) return null;
  deps.currentUser.forget(session.id);
  await endSessionForDeadKey(deps, session, accountStateCode(error.envelope));
  clearSessionCookie(c, config);
  return error;
}

/**
 * Every session end, wherever it happened (this replica or another, see store/session-ends.ts), closes that
 * session's streams and upstream queue here at once. After the channel was down (`missed`), every session with a
 * queue here is checked against the store instead. Returns the unsubscribe.
 */
export function followSessionEnds(deps: Pick<BffDeps, 'sessions' | 'hub' | 'currentUser' | 'now' | 'log'>): () => void {
  const end = async (ids: readonly string[]) => {
    for (const id of ids) deps.currentUser.forget(id);
    await Promise.all(ids.map((id) => deps.hub.end(id, { reason: 'session-ended' })));
  };
  const follow = async (notice: SessionEndNotice) => {
    if (notice.kind === 'ended') {
      const ended = new Set(notice.idHashes);
      await end(deps.hub.sessionIds().filter((id) => ended.has(hashSessionId(id))));
      return;
    }
    if (!deps.sessions.peek) return;
    const ids = deps.hub.sessionIds();
    const gone = await Promise.all(ids.map(async (id) => !(await deps.sessions.peek?.(id, deps.now()))));
    await end(ids.filter((_, i) => gone[i]));
  };
  return (
    deps.sessions.onEnded?.((notice) => {
      follow(notice).catch(() => deps.log('warn', 'session: an ended session’s streams wait for their next check'));
    }) ?? (() => undefined)
  );
}
