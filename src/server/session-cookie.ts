import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Config } from './config';
import { isHttps } from './request-origin';

const PLAIN = 'rc_session';
// Under HTTPS the __Host- prefix makes the browser insist on Secure, Path=/ and no Domain.
const HOST_PREFIXED = '__Host-rc_session';

export function readSessionId(c: Context): string | null {
  return getCookie(c, HOST_PREFIXED) ?? getCookie(c, PLAIN) ?? null;
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
