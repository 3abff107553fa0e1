import type { SessionInfo, SignInRequest } from '../shared/bff/protocol';
import { SESSION_PATH } from '../shared/bff/first-load';
import { bffFetch } from './bff-fetch';

// The session's two requests without react-query, for the sign-in entry (sign-in-main.tsx), which leaves the
// query library out; session.ts wraps the same calls for the rest of the console.

/** The session as the BFF describes it (server summary, signed-in user, demo accounts). */
export async function readSession(signal?: AbortSignal): Promise<SessionInfo> {
  // Our own BFF built this payload from parsed upstream data; the first page stays free of zod.
  return (await bffFetch(SESSION_PATH, signal ? { signal } : {})) as SessionInfo;
}

export async function signInRequest(body: SignInRequest): Promise<SessionInfo> {
  return (await bffFetch(SESSION_PATH, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  })) as SessionInfo;
}
