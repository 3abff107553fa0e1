import type { SessionInfo, SignInRequest } from '../shared/bff/protocol';
import { sessionApi } from '../shared/bff/first-load';
import { bffCall } from './bff-fetch';

// The session's two requests without react-query, for the sign-in entry (sign-in-main.tsx), which leaves the
// query library out; session.ts wraps the same calls for the rest of the console. Their routes are `typed` (no
// schema): the first page stays free of zod.

/** The session as the BFF describes it (server summary, signed-in user, demo accounts). */
export async function readSession(signal?: AbortSignal): Promise<SessionInfo> {
  return bffCall(sessionApi.read, signal ? { signal } : {});
}

export async function signInRequest(body: SignInRequest): Promise<SessionInfo> {
  return bffCall(sessionApi.signIn, { body });
}
