import { adoptSession } from '../client/session';
import type { SessionInfo } from '../shared/bff/protocol';
import { appQueryClient } from './app-query-client';

/**
 * Stores a session signed in outside the console (sign-in-main.tsx) before the console's modules load: the
 * router prefetches the session and the users list as its module loads, and with the session already in the
 * cache neither is asked again nor thrown away by the adoption.
 */
export function adoptSignedInSession(info: SessionInfo) {
  adoptSession(appQueryClient, info);
}
