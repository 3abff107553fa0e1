import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createProxySimulator, PROXY_SIM_DEMO_TIMINGS, startProxySimServer } from '../sim/proxy';
import { createSvcSimulator, DEMO_ACCOUNTS, DEMO_PASSWORD, startSvcSimServer } from '../sim/svc';
import { createApp } from './app';
import type { DemoWebhooks } from './app-types';
import { ConfigError, loadConfigFromProcess, type Config } from './config';
import { createDeps } from './deps';
import { openConsoleStore } from './store';

type Closers = (() => Promise<void>)[];
type DemoSignIns = { accounts: { email: string; role: number; fullName: string }[]; password: string };

/** The process entry only starts things: config, the embedded upstreams in demo mode, the BFF. */
async function main(): Promise<void> {
  // Everything this process writes (the embedded database, the generated secret) is for its own user only.
  process.umask(0o077);
  let config = loadConfigOrExit();
  const closers: Closers = [];
  const { svcUrl, demo, demoWebhooks } = config.svcUrl
    ? { svcUrl: config.svcUrl, demo: null, demoWebhooks: null }
    : await startEmbeddedSvc(config, closers);
  let proxyEmbedded = false;
  if (!config.svcUrl && !config.proxy.url) {
    config = await startEmbeddedProxy(config, closers);
    proxyEmbedded = true;
  }
  const store = await openStoreOrExit(config);
  const deps = createDeps(config, {
    svcUrl,
    demo,
    demoWebhooks,
    sessions: store.sessions,
    audit: store.audit,
    webhooks: store.webhooks,
    bulkRuns: store.bulkRuns,
  });
  const app = createApp(config, deps);
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address() as AddressInfo;
  const consoleUrl = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${address.port}`;

  console.log(banner(config, consoleUrl, svcUrl, demo, proxyEmbedded).join('\n'));
  // One machine-readable line for the e2e harness and the benchmark.
  console.log(`REALM_CONSOLE_READY ${JSON.stringify({ consoleUrl, svcUrl })}`);

  const shutdown = async () => {
    // Ends every SSE stream (tabs see `offline`) and deletes the upstream event queues first.
    await deps.hub.close();
    server.close();
    await deps.svc.close().catch(() => undefined);
    await Promise.all(closers.map((close) => close()));
    await store.close().catch(() => undefined);
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

function loadConfigOrExit(): Config {
  try {
    return loadConfigFromProcess();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function startEmbeddedSvc(
  config: Config,
  closers: Closers,
): Promise<{ svcUrl: string; demo: DemoSignIns; demoWebhooks: DemoWebhooks | null }> {
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
  const demo = { accounts: DEMO_ACCOUNTS.map((a) => ({ ...a })), password: DEMO_PASSWORD };
  let demoWebhooks: DemoWebhooks | null = null;
  const setOutgoingWebhook = sim.control.setOutgoingWebhook?.bind(sim.control);
  if (setOutgoingWebhook) {
    demoWebhooks = {
      token: (botEmail) => setOutgoingWebhook({ botEmail }).token,
      pointAt: (botEmail, url) => void setOutgoingWebhook({ botEmail, url }),
    };
  }
  return { svcUrl: server.url, demo, demoWebhooks };
}

/**
 * Demo mode embeds the proxy dashboard too and hands the BFF a key through its configuration, as an
 * operator would: created with the scopes the console needs, shown once, never printed.
 */
async function startEmbeddedProxy(config: Config, closers: Closers): Promise<Config> {
  const proxySim = createProxySimulator({
    basePath: config.proxy.rpcPath,
    transformer: config.proxy.transformer,
    // The real dashboard's rhythm: its drift detector every 30 s, the slower sync check every 5 minutes.
    ...PROXY_SIM_DEMO_TIMINGS,
  });
  const proxyServer = await startProxySimServer(proxySim, config.sim.proxyPort, '127.0.0.1');
  closers.push(proxyServer.close);
  const { key } = proxySim.control.createKey({
    name: 'Realm Console (demo)',
    scopes: ['routes:read', 'routes:write', 'health:read', 'certs:read', 'analytics:read'],
  });
  return { ...config, proxy: { ...config.proxy, url: proxyServer.url, apiKey: key } };
}

/**
 * Sessions, the audit timeline and the webhook endpoints live in SQL: PGlite in DATA_DIR, or PostgreSQL
 * with DATABASE_URL.
 */
async function openStoreOrExit(config: Config): Promise<Awaited<ReturnType<typeof openConsoleStore>>> {
  try {
    return await openConsoleStore({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      secret: config.sessionSecret,
      limits: { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs },
      log: (line) => console.log(`[bff] ${line}`),
    });
  } catch (error) {
    console.error(`Cannot open the console's database: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

function banner(
  config: Config,
  consoleUrl: string,
  svcUrl: string,
  demo: DemoSignIns | null,
  proxyEmbedded: boolean,
): string[] {
  const lines = [
    `Realm Console: ${consoleUrl}`,
    `Chat service:  ${svcUrl}/api/v1${demo ? ' (embedded simulator)' : ''}`,
  ];
  if (config.proxy.url) {
    lines.push(
      `Proxy dashboard: ${config.proxy.url}${config.proxy.rpcPath}${proxyEmbedded ? ' (embedded simulator)' : ''}`,
    );
  }
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
  return lines;
}

void main();
