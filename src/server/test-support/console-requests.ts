import { CSRF_HEADER, CSRF_VALUE } from '../../shared/bff/protocol';
import { DEMO_PASSWORD } from '../../sim/svc';

/** The origin BFF tests send their requests from. */
export const ORIGIN = 'http://console.test';

/** Anything that answers requests like the BFF app (`createApp(...)`). */
export interface RequestTarget {
  request(request: Request): Response | Promise<Response>;
}

/** A request as the console's own pages send it: same origin, CSRF header, session cookie. */
export function consoleRequest(path: string, cookie: string, init: RequestInit = {}, origin = ORIGIN): Request {
  const headers = new Headers(init.headers);
  headers.set('origin', origin);
  headers.set(CSRF_HEADER, CSRF_VALUE);
  if (cookie) headers.set('cookie', cookie);
  return new Request(origin + path, { ...init, headers });
}

export async function signInResponse(
  h: { app: RequestTarget },
  email: string,
  password = DEMO_PASSWORD,
  headers: Record<string, string> = {},
): Promise<Response> {
  return h.app.request(
    consoleRequest('/bff/session', headers.cookie ?? '', {
      method: 'POST',
      body: JSON.stringify({ email, password }),
      headers: { 'content-type': 'application/json', ...headers },
    }),
  );
}

/** Signs in and returns the `name=value` of the session cookie. */
export async function signIn(h: { app: RequestTarget }, email: string): Promise<string> {
  const res = await signInResponse(h, email);
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

/**
 * Signs in (over the session of `over`, a cookie, when given) and returns the session cookie, the session id
 * (the cookie's value) and the sign-in answer.
 */
export async function signInSession(h: { app: RequestTarget }, email: string, over?: string) {
  const res = await signInResponse(h, email, DEMO_PASSWORD, over ? { cookie: over } : {});
  if (res.status !== 200) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  const body = (await res.json()) as Record<string, unknown>;
  return { cookie, sessionId: decodeURIComponent(cookie.split('=')[1]!), body };
}
