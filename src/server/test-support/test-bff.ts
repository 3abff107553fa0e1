import type { ProxyScope } from '../../shared/proxy';
import { createProxySimulator, type ProxySimulator } from '../../sim/proxy';
import { createSvcSimulator, type SvcSimOptions, type SvcSimulator } from '../../sim/svc';
import { createApp } from '../app';
import { loadConfig, type Config } from '../config';
import { createDeps } from '../deps';
import type { FetchLike } from '../upstreams/upstream-http';

/**
 * The one way BFF tests build a console: the real `createApp` with its real deps, in front of an in-process chat
 * simulator (and, when asked, a proxy-dashboard simulator). Call `closeTestBffs` after each test (afterEach):
 * sign-in registers an event queue that the hub long-polls.
 */

export { consoleRequest, ORIGIN, signIn, signInResponse, signInSession } from './console-requests';

type DepsOptions = Parameters<typeof createDeps>[1];

export interface UpstreamRecord {
  method: string;
  url: URL;
  /** The request body as text (filled in as soon as it is read). */
  body: string;
}

export interface TestBffOptions {
  /** The environment the config is loaded from (`LOG_REQUESTS=false` is added). */
  env?: Record<string, string>;
  /** Config fields set after loading; `upstreamTimeoutMs` is 2 s unless given here or in `env`. */
  config?: Partial<Config>;
  /** The chat simulator's options (10 generated users unless given). */
  sim?: SvcSimOptions;
  /** Another harness's chat simulator (a restarted BFF talks to the same server); not closed with this one. */
  upstream?: SvcSimulator;
  /** Stands between the BFF and the chat simulator (a server that answers oddly, or a test that watches). */
  intercept?: (request: Request, send: FetchLike) => Promise<Response>;
  /** A proxy-dashboard simulator at /bff/proxy, reached with a key of these scopes (the console's by default). */
  proxy?: {
    scopes?: ProxyScope[];
    rpcPath?: string;
    transformer?: 'superjson' | 'none';
    env?: Record<string, string>;
    /** Stands between the BFF and the proxy simulator. */
    intercept?: (request: Request, send: FetchLike) => Promise<Response>;
  };
  /** The rest of createDeps' options: stores, clock, hub tuning. */
  deps?: Omit<DepsOptions, 'svcUrl' | 'fetch' | 'proxyFetch' | 'log'>;
}

const open: (() => Promise<void>)[] = [];

/** Closes every test BFF made since the last call (their hubs' long-polls, the simulators' timers). */
export async function closeTestBffs(): Promise<void> {
  await Promise.all(open.splice(0).map((close) => close()));
}

export function createTestBff(options: TestBffOptions = {}) {
  const proxy = options.proxy ? testProxy(options.proxy) : null;
  const sim = options.upstream ?? createSvcSimulator({ generatedUsers: 10, ...options.sim });
  const loaded = loadConfig({
    LOG_REQUESTS: 'false',
    ...(proxy?.env ?? {}),
    ...options.env,
  });
  const config: Config = {
    ...loaded,
    upstreamTimeoutMs: options.env?.UPSTREAM_TIMEOUT_MS ? loaded.upstreamTimeoutMs : 2_000,
    ...options.config,
  };
  const upstream: UpstreamRecord[] = [];
  const logs: string[] = [];
  const send: FetchLike = (request) => sim.fetch(request);
  const deps = createDeps(config, {
    svcUrl: 'http://sim.test',
    fetch: async (request) => {
      const record: UpstreamRecord = { method: request.method, url: new URL(request.url), body: '' };
      upstream.push(record);
      record.body = await request.clone().text();
      return options.intercept ? options.intercept(request, send) : send(request);
    },
    ...(proxy ? { proxyFetch: proxy.fetch } : {}),
    log: (level, line) => logs.push(`${level} ${line}`),
    ...options.deps,
  });
  const app = createApp(config, deps);
  open.push(async () => {
    await deps.hub.close();
    if (!options.upstream) sim.close();
  });
  /** Upstream calls made on behalf of the browser (not the hub's event-queue traffic). */
  const apiCalls = () => upstream.filter((r) => !/\/api\/v1\/(events|register)$/.test(r.url.pathname));
  return { sim, app, deps, config, upstream, apiCalls, logs, proxy };
}
export type TestBff = ReturnType<typeof createTestBff>;

function testProxy(options: NonNullable<TestBffOptions['proxy']>) {
  const rpcPath = options.rpcPath ?? '/api/trpc';
  const transformer = options.transformer ?? 'superjson';
  const sim: ProxySimulator = createProxySimulator({ basePath: rpcPath, transformer });
  const { id: keyId, key } = sim.control.createKey({
    name: 'console',
    scopes: options.scopes ?? ['routes:read', 'routes:write', 'health:read', 'certs:read', 'analytics:read'],
  });
  /** The requests the BFF sent the dashboard (clones, readable). */
  const calls: Request[] = [];
  const send: FetchLike = (request) => sim.fetch(request);
  return {
    sim,
    key,
    keyId,
    calls,
    env: {
      PROXY_URL: 'http://proxy.test',
      PROXY_API_KEY: key,
      PROXY_RPC_PATH: rpcPath,
      PROXY_TRANSFORMER: transformer,
      ...options.env,
    },
    fetch: async (request: Request) => {
      calls.push(request.clone());
      return options.intercept ? options.intercept(request, send) : send(request);
    },
  };
}
