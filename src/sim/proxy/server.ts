import { serveHttp, type SimHttpServer } from '../serve-http';
import type { ProxySimulator } from './simulator';

/** Serves the proxy simulator over real HTTP on loopback (demo mode, e2e); port 0 picks a free port. */
export function startProxySimServer(sim: ProxySimulator, port: number, host = '127.0.0.1'): Promise<SimHttpServer> {
  return serveHttp((request) => sim.fetch(request), port, host);
}
