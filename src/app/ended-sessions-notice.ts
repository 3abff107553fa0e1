import { useEffect } from 'react';
import { notify } from '../client/notify';
import type { SessionInfo } from '../shared/bff/protocol';

/** The words for a sign-in that ended the user's oldest sessions (SESSION_MAX_PER_USER on the BFF). */
export function endedSessionsMessage(ended: { count: number; limit: number }): string {
  const which = ended.count === 1 ? 'your oldest session was' : `your ${ended.count} oldest sessions were`;
  return `You can be signed in on at most ${ended.limit} browsers at once, so ${which} signed out.`;
}

/**
 * Says once, after a sign-in, that it ended the user's oldest sessions. Only the sign-in's own answer carries
 * `endedSessions`; the session as read again later does not, so this is not repeated.
 */
export function useEndedSessionsNotice(info: SessionInfo | undefined): void {
  const ended = info?.endedSessions;
  useEffect(() => {
    if (!ended || ended.count === 0) return;
    notify('info', 'sessions-ended-by-limit', 'Oldest session signed out', endedSessionsMessage(ended));
  }, [ended]);
}
