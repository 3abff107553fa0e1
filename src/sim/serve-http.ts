import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/** What @hono/node-server hands a fetch handler besides the request: the Node request, for its socket. */
export type ServeEnv = { incoming?: { socket?: { destroy(): void } } };

export interface SimHttpServer {
  /** The URL actually bound (port 0 picks a free port). */
  url: string;
  close(): Promise<void>;
}

/** Serves a simulator's fetch handler over real HTTP (demo mode, e2e, the bench). */
export function serveHttp(
  fetch: (request: Request, env: ServeEnv) => Response | Promise<Response>,
  port: number,
  host: string,
): Promise<SimHttpServer> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, port, hostname: host }, (info: AddressInfo) => {
      server.off('error', reject);
      const shownHost = info.address.includes(':') ? `[${info.address}]` : info.address;
      resolve({
        url: `http://${shownHost}:${info.port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            // Keep-alive connections would otherwise hold `close` open until they time out.
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
    server.once('error', reject);
  });
}
