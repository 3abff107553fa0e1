import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { describe, expect, it } from 'vitest';
import { SECURITY_HEADERS, securedHeaders, securedResponse, securityHeaders } from './security-headers';

/** The policy as hono's secureHeaders options, as app.ts configured it before the headers were precomputed. */
const honoPolicy = secureHeaders({
  xFrameOptions: 'DENY',
  referrerPolicy: 'same-origin',
  crossOriginEmbedderPolicy: false,
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  permissionsPolicy: {
    accelerometer: [],
    camera: [],
    displayCapture: [],
    fullscreen: [],
    geolocation: [],
    gyroscope: [],
    hid: [],
    magnetometer: [],
    microphone: [],
    midi: [],
    payment: [],
    serial: [],
    usb: [],
  },
});

function headersOf(res: Response): Record<string, string> {
  return Object.fromEntries([...res.headers].filter(([name]) => name !== 'content-type'));
}

describe('security headers', () => {
  it('include a Permissions-Policy that denies camera, microphone, geolocation and the rest', () => {
    const policy = SECURITY_HEADERS['permissions-policy'];
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb']) {
      expect(policy).toContain(`${feature}=()`);
    }
  });

  it('are exactly what hono’s secureHeaders sent with the console’s policy', async () => {
    const reference = new Hono();
    reference.use('*', honoPolicy);
    reference.get('/', (c) => c.text('x'));
    expect(SECURITY_HEADERS).toEqual(headersOf(await reference.request('/')));
  });

  it('are set on every response, replacing a handler’s own value', async () => {
    const app = new Hono();
    app.use('*', securityHeaders());
    app.get('/', (c) => c.text('x', 200, { 'x-frame-options': 'SAMEORIGIN', 'x-powered-by': 'me' }));
    const res = await app.request('/');
    expect(headersOf(res)).toEqual(SECURITY_HEADERS);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('come prebuilt on a secured response, which the middleware leaves as it is', async () => {
    const headers = securedHeaders({ 'content-type': 'application/json', 'cache-control': 'no-store' });
    const app = new Hono();
    app.use('*', securityHeaders());
    app.get('/', () => securedResponse('{"a":1}', 404, headers));
    const res = await app.request('/');
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('{"a":1}');
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(headersOf(res)).toEqual({ ...SECURITY_HEADERS, 'cache-control': 'no-store' });
  });

  it('win over the extra headers of a secured response', () => {
    expect(securedHeaders({ 'x-frame-options': 'SAMEORIGIN' }).record['x-frame-options']).toBe('DENY');
  });
});
