import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findRealServer } from './real-server';
import { startBff, startProcess } from './stack';

/**
 * The full stack on free ports: the chat and proxy simulators (with their control APIs) and the BFF serving the
 * production build, as separate processes so a spec can restart the BFF while the chat server keeps running. The
 * BFF's pid lives in a file, because a spec that restarts it leaves a new process behind for teardown to stop.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'rc-e2e-'));
  const sim = await startProcess<{ svcUrl: string }>(
    ['scripts/sim-server.ts'],
    { SIM_SVC_PORT: '0', SIM_USERS: process.env.SIM_USERS ?? '300', SIM_CONTROL: 'true' },
    'SIM_READY',
  );
  // The proxy dashboard, with the key the console holds: its scopes as demo mode grants them, and an expiry the
  // proxy spec reaches by moving the dashboard's clock.
  const proxy = await startProcess<{ proxyUrl: string; apiKey: string; keyId: string }>(
    ['scripts/proxy-sim-server.ts'],
    { SIM_PROXY_PORT: '0', SIM_PROXY_KEY_DAYS: '30' },
    'PROXY_SIM_READY',
  );
  process.env.E2E_PROXY_URL = proxy.ready.proxyUrl;
  process.env.E2E_PROXY_API_KEY = proxy.ready.apiKey;
  process.env.E2E_PROXY_KEY_ID = proxy.ready.keyId;
  const dataDir = join(dir, 'data');
  const pidFile = join(dir, 'bff.pid');
  // The BFF's output goes to `${pidFile}.log`, where a restarted BFF (stack.ts restartBff) appends too.
  const bff = await startBff({ svcUrl: sim.ready.svcUrl, port: '0', dataDir }, { logFile: `${pidFile}.log` });
  writeFileSync(pidFile, String(bff.child.pid));
  process.env.E2E_BASE_URL = bff.ready.consoleUrl;
  process.env.E2E_SVC_URL = sim.ready.svcUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_BFF_PID_FILE = pidFile;
  process.env.E2E_BFF_LOG = `${pidFile}.log`;
  const realBff = await startRealServerBff(dir);
  return async () => {
    realBff?.kill('SIGTERM');
    try {
      process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGTERM');
    } catch {
      // Already gone.
    }
    sim.child.kill('SIGTERM');
    proxy.child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * The `real` project's stack: a second BFF in front of the real Zulip server of `../shared/real-zulip`, with no
 * proxy dashboard configured (as a deployment that manages only its chat server). Without the server the real
 * specs are skipped with the reason printed here, loudly, and again by each skipped spec.
 */
async function startRealServerBff(dir: string) {
  const real = await findRealServer();
  if (!real.ok) {
    process.env.E2E_REAL_SKIP = real.reason;
    const line = '!'.repeat(100);
    console.log(`\n${line}\n!! REAL-SERVER TESTS SKIPPED: ${real.reason}\n${line}\n`);
    return null;
  }
  const credsFile = join(dir, 'real-creds.json');
  writeFileSync(credsFile, JSON.stringify(real.creds), { mode: 0o600 });
  const bff = await startBff(
    { svcUrl: real.creds.base_url, port: '0', dataDir: join(dir, 'real-data'), proxyUrl: '', proxyApiKey: '' },
    { logFile: join(dir, 'real-bff.log') },
  );
  process.env.E2E_REAL_BASE_URL = bff.ready.consoleUrl;
  process.env.E2E_REAL_CREDS_FILE = credsFile;
  process.env.E2E_REAL_KIT = real.kit;
  process.env.E2E_REAL_BFF_LOG = join(dir, 'real-bff.log');
  process.env.E2E_REAL_DATA_DIR = join(dir, 'real-data');
  console.log(`Real-server project: console ${bff.ready.consoleUrl} → Zulip ${real.creds.base_url}`);
  return bff.child;
}
