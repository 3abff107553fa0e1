import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { SimConnectionDropped } from './errors';
import type { SvcSimulator } from './simulator';

/**
 * Serves the simulator over real HTTP on loopback (demo mode, e2e). Port 0 picks a free port; the
 * promise resolves with the URL actually bound.
 */
export function startSvcSimServer(
  sim: SvcSimulator,
  port: number,
  host = '127.0.0.1',
): Promise<{ url: string; close(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const fetch = async (request: Request, env: { incoming?: { socket?: { destroy(): void } } }) => {
      try {
        return await sim.fetch(request);
      } catch (error) {
        if (!(error instanceof SimConnectionDropped)) throw error;
        // An injected connection reset (failNext modes reset/lost): the client sees the socket close.
        env.incoming?.socket?.destroy();
        return new Response(null, { status: 599 });
      }
    };
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
