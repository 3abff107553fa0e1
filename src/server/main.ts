import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createSvcSimulator, DEMO_ACCOUNTS, DEMO_PASSWORD, startSvcSimServer } from '../sim/svc';
import { createApp } from './app';
import { ConfigError, loadConfigFromProcess, type Config } from './config';
import { createDeps } from './deps';
import { EncryptedFileSessionStore, sessionSecret } from './file-session-store';

/** The process entry only starts things: config, the embedded upstreams in demo mode, the BFF. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfigFromProcess();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  let svcUrl: string;
  let demo: { accounts: { email: string; role: number; fullName: string }[]; password: string } | null = null;
  const closers: (() => Promise<void>)[] = [];
  if (config.svcUrl) {
    svcUrl = config.svcUrl;
  } else {
    const sim = createSvcSimulator({
      generatedUsers: config.sim.users,
      featureLevel: config.sim.featureLevel,
      baseUrl: `http://127.0.0.1:${config.sim.svcPort}`,
    });
    const server = await startSvcSimServer(sim, config.sim.svcPort, '127.0.0.1');
    closers.push(server.close);
    // Pending long-polls answer at once instead of holding the simulator's server open.
    closers.push(async () => sim.close());
    sim.control.setBaseUrl(server.url);
    svcUrl = server.url;
    demo = { accounts: DEMO_ACCOUNTS.map((a) => ({ ...a })), password: DEMO_PASSWORD };
  }

  // Sessions survive a restart: encrypted at rest in DATA_DIR.
  const sessions = new EncryptedFileSessionStore(
    join(config.dataDir, 'sessions.enc'),
    sessionSecret(config.sessionSecret, config.dataDir),
    { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs },
    (line) => console.warn(`[bff] ${line}`),
  );
  const deps = createDeps(config, { svcUrl, demo, sessions });
  const app = createApp(config, deps);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address() as AddressInfo;
  const consoleUrl = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${address.port}`;

  const lines = [
    `Realm Console: ${consoleUrl}`,
    `Chat service:  ${svcUrl}/api/v1${demo ? ' (embedded simulator)' : ''}`,
  ];
  if (demo) {
    lines.push('', `Demo sign-ins (password ${demo.password}):`);
    for (const a of demo.accounts) lines.push(`  ${a.email.padEnd(24)} role ${a.role}`);
    lines.push(
      '',
      'The simulator speaks the real API, e.g.:',
      `  curl -s -d username=admin@demo.test -d password=${demo.password} ${svcUrl}/api/v1/fetch_api_key`,
      `  curl -s -u admin@demo.test:<api_key> ${svcUrl}/api/v1/users/me`,
    );
  }
  console.log(lines.join('\n'));
  // One machine-readable line for the e2e harness and the benchmark.
  console.log(`REALM_CONSOLE_READY ${JSON.stringify({ consoleUrl, svcUrl })}`);

  const shutdown = async () => {
    // Ends every SSE stream (tabs see `offline`) and deletes the upstream event queues first.
    await deps.hub.close();
    sessions.flush();
    server.close();
    await Promise.all(closers.map((close) => close()));
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

void main();
