import { z } from 'zod';

/**
 * The console's configuration, parsed once from the environment. This is the only module that reads
 * process.env; a bad value stops start-up with a message naming the variable.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const port = z.coerce.number().int().min(0).max(65535);
const positiveInt = z.coerce.number().int().positive();
const httpUrl = z.url({ protocol: /^https?$/ }).transform((u) => u.replace(/\/+$/, ''));

const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  SVC_URL: httpUrl.optional(),
  PUBLIC_ORIGIN: httpUrl.optional(),
  TRUST_PROXY: bool.default(false),
  STATIC_DIR: z.string().min(1).default('dist'),
  UPSTREAM_TIMEOUT_MS: positiveInt.default(10_000),
  SERVER_INFO_TTL_SECONDS: z.coerce.number().int().min(0).default(30),
  // ASVS L2 (3.3.2): a session unused for 30 minutes ends.
  SESSION_IDLE_MINUTES: positiveInt.default(30),
  SESSION_MAX_HOURS: positiveInt.default(12),
  // Sessions one user keeps (every browser, every replica): signing in past it ends the oldest.
  SESSION_MAX_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DATA_DIR: z.string().min(1).default('.data'),
  EVENTS_IDLE_MINUTES: positiveInt.default(3),
  SSE_MAX_PER_SESSION: positiveInt.default(8),
  SSE_MAX_PER_USER: positiveInt.default(24),
  SSE_KEEPALIVE_SECONDS: positiveInt.default(20),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  PROXY_URL: httpUrl.optional(),
  PROXY_API_KEY: z.string().min(1).optional(),
  PROXY_RPC_PATH: z
    .string()
    .regex(/^\/[A-Za-z0-9/_-]*$/, 'must be a path starting with /')
    .transform((p) => p.replace(/\/+$/, ''))
    .default('/api/trpc'),
  PROXY_TRANSFORMER: z.enum(['superjson', 'none']).default('superjson'),
  SIM_SVC_PORT: port.default(9991),
  SIM_PROXY_PORT: port.default(9992),
  SIM_USERS: z.coerce.number().int().min(0).max(200_000).default(300),
  SIM_FEATURE_LEVEL: z.coerce.number().int().min(0).default(500),
  LOG_REQUESTS: bool.default(true),
  BULK_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(4),
  WEBHOOK_MAX_BODY_KB: z.coerce.number().int().min(1).max(10_240).default(256),
  SIGN_IN_PAIR_LOCK_AFTER: z.coerce.number().int().min(2).max(1000).optional(),
  // The name SIGN_IN_PAIR_LOCK_AFTER had when the limit was per account (which let anyone lock anyone out).
  SIGN_IN_ACCOUNT_LOCK_AFTER: z.coerce.number().int().min(2).max(1000).optional(),
  SIGN_IN_CLIENT_LOCK_AFTER: z.coerce.number().int().min(2).max(10_000).default(30),
  SIGN_IN_ACCOUNT_SLOW_AFTER: z.coerce.number().int().min(1).max(100_000).default(10),
  SIGN_IN_ACCOUNT_MAX_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(8_000),
  SIGN_IN_LOCK_SECONDS: positiveInt.default(30),
  SIGN_IN_DELAY_MS: z.coerce.number().int().min(0).max(10_000).default(250),
});

export interface Config {
  port: number;
  host: string;
  /** Chat service base URL (without /api/v1); null means demo mode with the embedded simulator. */
  svcUrl: string | null;
  publicOrigin: string | null;
  trustProxy: boolean;
  staticDir: string;
  upstreamTimeoutMs: number;
  /** How long the server settings (name, version, feature level) are reused before asking again. */
  serverInfoTtlMs: number;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /** Sessions one user keeps; a sign-in past it ends their oldest (and its answer says so). */
  sessionMaxPerUser: number;
  /** Encrypts stored sessions; null = generate one and keep it in dataDir. */
  sessionSecret: string | null;
  dataDir: string;
  events: {
    /** A session's upstream event queue with no SSE listener for this long is deleted. */
    idleMs: number;
    /** SSE connections (tabs) per session; more get 429. */
    maxPerSession: number;
    /** SSE connections per user, all their sessions together (in one console process); more get 429. */
    maxPerUser: number;
    /** Keep-alive comment interval on idle SSE streams. */
    keepaliveMs: number;
  };
  /** PostgreSQL connection string; null = embedded PGlite in dataDir. */
  databaseUrl: string | null;
  proxy: {
    /** Proxy dashboard base URL; null (with svcUrl null) = demo mode with the embedded proxy simulator. */
    url: string | null;
    /** The dashboard API key; only the BFF ever holds it. */
    apiKey: string | null;
    /** Where the dashboard serves its typed RPC API, by default `/api/trpc` as the real product does (the seed writes `/api/rpc`). */
    rpcPath: string;
    transformer: 'superjson' | 'none';
  };
  sim: { svcPort: number; proxyPort: number; users: number; featureLevel: number };
  logRequests: boolean;
  /** Bulk user actions: requests in flight per run. */
  bulk: { concurrency: number };
  /** Outgoing-webhook receiver: notifications with a bigger body are refused (413). */
  webhooks: { maxBodyBytes: number };
  /**
   * Failed sign-ins (see sign-in-throttle.ts): per (account, client) pair and per client, slowed past half the
   * limit and locked (429) at it; per account from all clients, failed answers held back past `accountSlowAfter`
   * (up to `accountMaxDelayMs`), never locked.
   */
  signIn: {
    pairLockAfter: number;
    clientLockAfter: number;
    accountSlowAfter: number;
    accountMaxDelayMs: number;
    lockMs: number;
    delayMs: number;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: Record<string, string | undefined>): Config {
  // Empty strings mean "not set", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid environment variable ${name}: ${issue.message} (got ${JSON.stringify(env[name])})`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    svcUrl: e.SVC_URL ?? null,
    publicOrigin: e.PUBLIC_ORIGIN ?? null,
    trustProxy: e.TRUST_PROXY,
    staticDir: e.STATIC_DIR,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    serverInfoTtlMs: e.SERVER_INFO_TTL_SECONDS * 1000,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    sessionMaxPerUser: e.SESSION_MAX_PER_USER,
    sessionSecret: e.SESSION_SECRET ?? null,
    dataDir: e.DATA_DIR,
    events: {
      idleMs: e.EVENTS_IDLE_MINUTES * 60_000,
      maxPerSession: e.SSE_MAX_PER_SESSION,
      maxPerUser: e.SSE_MAX_PER_USER,
      keepaliveMs: e.SSE_KEEPALIVE_SECONDS * 1000,
    },
    databaseUrl: e.DATABASE_URL ?? null,
    proxy: {
      url: e.PROXY_URL ?? null,
      apiKey: e.PROXY_API_KEY ?? null,
      rpcPath: e.PROXY_RPC_PATH,
      transformer: e.PROXY_TRANSFORMER,
    },
    sim: {
      svcPort: e.SIM_SVC_PORT,
      proxyPort: e.SIM_PROXY_PORT,
      users: e.SIM_USERS,
      featureLevel: e.SIM_FEATURE_LEVEL,
    },
    logRequests: e.LOG_REQUESTS,
    bulk: { concurrency: e.BULK_CONCURRENCY },
    webhooks: { maxBodyBytes: e.WEBHOOK_MAX_BODY_KB * 1024 },
    signIn: {
      pairLockAfter: e.SIGN_IN_PAIR_LOCK_AFTER ?? e.SIGN_IN_ACCOUNT_LOCK_AFTER ?? 8,
      clientLockAfter: e.SIGN_IN_CLIENT_LOCK_AFTER,
      accountSlowAfter: e.SIGN_IN_ACCOUNT_SLOW_AFTER,
      accountMaxDelayMs: e.SIGN_IN_ACCOUNT_MAX_DELAY_MS,
      lockMs: e.SIGN_IN_LOCK_SECONDS * 1000,
      delayMs: e.SIGN_IN_DELAY_MS,
    },
  };
}

export function loadConfigFromProcess(): Config {
  return loadConfig(process.env);
}
