import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { ProxySimulator } from './simulator';

/** Serves the proxy simulator over real HTTP on loopback (demo mode, e2e); port 0 picks a free port. */
export function startProxySimServer(
  sim: ProxySimulator,
  port: number,
  host = '127.0.0.1',
): Promise<{ url: string; close(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: (request) => sim.fetch(request), port, hostname: host }, (info: AddressInfo) => {
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
