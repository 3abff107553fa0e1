import type { MiddlewareHandler } from 'hono';

/**
 * Scripts only from the console's own files (the build has no inline script); nothing may frame it.
 * style-src needs 'unsafe-inline': Mantine writes its theme's CSS variables into a <style> element and sets
 * component styles through style attributes at run time. Inline CSS cannot run script; server HTML has style
 * tags and attributes removed before it reaches the DOM (src/client/sanitize-html.ts). Images may come from
 * anywhere the chat server's records point (avatars, realm icon, message images).
 */
const CSP: Record<string, readonly string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * Powerful browser features the console never uses, switched off for it and anything it might embed, so an
 * injected script could not ask for them either. Only features Chromium recognises (an unknown name is
 * reported as an error in the page's console).
 */
export const DENIED_FEATURES = [
  'accelerometer',
  'camera',
  'display-capture',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
] as const;

/**
 * What every console response carries: hono's secureHeaders defaults (no COEP) with X-Frame-Options DENY,
 * Referrer-Policy same-origin, the CSP above and a Permissions-Policy denying DENIED_FEATURES. security-headers.test.ts checks they stay what that
 * middleware would send.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': Object.entries(CSP)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; '),
  'cross-origin-resource-policy': 'same-origin',
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': DENIED_FEATURES.map((feature) => `${feature}=()`).join(', '),
  'referrer-policy': 'same-origin',
  'strict-transport-security': 'max-age=15552000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

const ENTRIES = Object.entries(SECURITY_HEADERS);

/** Responses built with the headers already in place; the middleware leaves them alone. */
const secured = new WeakSet<Response>();

/** A response header record that includes SECURITY_HEADERS; built once, shared by every response using it. */
export interface SecuredHeaders {
  readonly record: Readonly<Record<string, string>>;
}

/** `headers` plus SECURITY_HEADERS, which win, as in the middleware. Build it once (module scope), not per request. */
export function securedHeaders(headers: Record<string, string>): SecuredHeaders {
  return { record: Object.freeze({ ...headers, ...SECURITY_HEADERS }) };
}

/**
 * A response that already carries SECURITY_HEADERS, for hot paths: its headers stay a plain record that
 * @hono/node-server writes as is, instead of a Headers object set twelve times and copied out again.
 */
export function securedResponse(
  body: string | Uint8Array<ArrayBuffer>,
  status: number,
  headers: SecuredHeaders,
): Response {
  const response = new Response(body, { status, headers: headers.record });
  secured.add(response);
  return response;
}

/** Sets SECURITY_HEADERS on every response (replacing a handler's own values), as hono's secureHeaders did. */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (secured.has(response)) return;
    const headers = response.headers;
    for (const [name, value] of ENTRIES) headers.set(name, value);
    headers.delete('x-powered-by');
  };
}
