import type { Context } from 'hono';
import type { Config } from '../config';

/** The console's own origin, as the browser sees it. */
export function consoleOrigin(c: Context, config: Config): string {
  if (config.publicOrigin) return config.publicOrigin;
  const url = new URL(c.req.url);
  if (config.trustProxy) {
    const proto = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
    const host = c.req.header('x-forwarded-host')?.split(',')[0]?.trim();
    if (proto) url.protocol = `${proto}:`;
    if (host) {
      // The forwarded host names the public port (none = the scheme's default), not the one the BFF listens on.
      url.port = '';
      url.host = host;
    }
  }
  return url.origin;
}

export function isHttps(c: Context, config: Config): boolean {
  return consoleOrigin(c, config).startsWith('https:');
}
