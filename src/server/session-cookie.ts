import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from './config';
import { isHttps } from './middleware/request-origin';

const PLAIN = 'rc_session';
// Under HTTPS the __Host- prefix makes the browser insist on Secure, Path=/ and no Domain.
const HOST_PREFIXED = '__Host-rc_session';

/**
 * The session id from the one cookie this scheme uses: under HTTPS only `__Host-rc_session` (an unprefixed
 * cookie can be planted by a sibling subdomain or over plain HTTP, which is what the prefix rules out), over
 * HTTP only `rc_session`.
 */
export function readSessionId(c: Context, config: Config): string | null {
  return getCookie(c, isHttps(c, config) ? HOST_PREFIXED : PLAIN) ?? null;
}

/** Whether the request carries a session cookie of either name (page preload hints only, never authority). */
export function hasSessionCookie(c: Context): boolean {
  return getCookie(c, HOST_PREFIXED) !== undefined || getCookie(c, PLAIN) !== undefined;
}

export function writeSessionCookie(c: Context, config: Config, id: string): void {
  const secure = isHttps(c, config);
  setCookie(c, secure ? HOST_PREFIXED : PLAIN, id, {
    httpOnly: true,
    sameSite: 'Strict',
    secure,
    path: '/',
    maxAge: Math.floor(config.sessionMaxMs / 1000),
  });
}

export function clearSessionCookie(c: Context, config: Config): void {
  const secure = isHttps(c, config);
  deleteCookie(c, secure ? HOST_PREFIXED : PLAIN, { path: '/', secure, httpOnly: true, sameSite: 'Strict' });
}
