import type { BffDeps } from './app-types';

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
