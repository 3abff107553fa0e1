// The proxy-dashboard simulator on its own, as a real HTTP server with its /__sim control API (for end-to-end
// tests). It creates the key the console will hold and prints it once on the ready line, as a dashboard shows a
// new key once; the harness passes it to the BFF as PROXY_API_KEY.
import { createProxySimulator, startProxySimServer } from '../src/sim/proxy';
import type { ProxyScope } from '../src/shared/proxy';

const port = Number(process.env.SIM_PROXY_PORT ?? 9992);
// The dashboard's own checks stay off unless asked for: e2e runs them through /__sim (drift-detect, sync-check) at
// the moment a test chooses. SIM_PROXY_DRIFT_CHECK_MS / SIM_PROXY_SYNC_CHECK_MS run them on a schedule instead.
const everyMs = (name: string) => (Number(process.env[name]) > 0 ? Number(process.env[name]) : undefined);
const sim = createProxySimulator({
  basePath: process.env.PROXY_RPC_PATH ?? '/api/trpc',
  transformer: process.env.PROXY_TRANSFORMER === 'none' ? 'none' : 'superjson',
  controlApi: true,
  driftCheckMs: everyMs('SIM_PROXY_DRIFT_CHECK_MS'),
  syncCheckMs: everyMs('SIM_PROXY_SYNC_CHECK_MS'),
});
const server = await startProxySimServer(sim, port, '127.0.0.1');
const scopes = (
  process.env.SIM_PROXY_KEY_SCOPES ?? 'routes:read,routes:write,health:read,certs:read,analytics:read'
).split(',') as ProxyScope[];
const days = Number(process.env.SIM_PROXY_KEY_DAYS ?? 0);
const { id, key } = sim.control.createKey({
  name: 'Realm Console (e2e)',
  scopes,
  expiresInDays: days > 0 ? days : null,
});
console.log(`PROXY_SIM_READY ${JSON.stringify({ proxyUrl: server.url, apiKey: key, keyId: id, scopes })}`);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
