import { serveHttp, type SimHttpServer } from '../serve-http';
import { SimConnectionDropped } from './errors';
import type { SvcSimulator } from './simulator';

/**
 * Serves the simulator over real HTTP on loopback (demo mode, e2e). Port 0 picks a free port; the
 * promise resolves with the URL actually bound.
 */
export function startSvcSimServer(sim: SvcSimulator, port: number, host = '127.0.0.1'): Promise<SimHttpServer> {
  return serveHttp(
    async (request, env) => {
      try {
        return await sim.fetch(request);
      } catch (error) {
        if (!(error instanceof SimConnectionDropped)) throw error;
        // An injected connection reset (failNext modes reset/lost): the client sees the socket close.
        env.incoming?.socket?.destroy();
        return new Response(null, { status: 599 });
      }
    },
    port,
    host,
  );
}
