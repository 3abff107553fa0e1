import { createTRPCUntypedClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import superjson from 'superjson';
import {
  KEY_REJECTED_TEXT,
  proxyErrorCodes,
  proxyProcedures,
  type ProxyErrorEnvelope,
  type ProxyProcedureName,
} from '../../shared/proxy';
import type { FetchLike } from './svc-upstream';
import { bffErrorCodes } from '../../shared/svc/envelope';

/** One procedure call's outcome, already in the browser's terms. */
export type ProxyCallResult =
  { ok: true; data: unknown } | { ok: false; status: ProxyErrorStatus; error: ProxyErrorEnvelope };

export type ProxyErrorStatus = 400 | 403 | 404 | 405 | 409 | 422 | 502;

export interface ProxyUpstream {
  /**
   * Calls one procedure of the table. Calls made in the same tick travel upstream as one batch request
   * (the batch link), so `Promise.all` over several calls is one round trip.
   */
  call(procedure: ProxyProcedureName, input: unknown): Promise<ProxyCallResult>;
  /** The same call with no credential at all (no key, no cookie): for checking what the dashboard exposes. */
  callAnonymously(procedure: ProxyProcedureName, input: unknown): Promise<ProxyCallResult>;
}

export interface ProxyUpstreamOptions {
  /** Dashboard base URL (no trailing slash). */
  url: string;
  rpcPath: string;
  apiKey: string;
  transformer: 'superjson' | 'none';
  timeoutMs: number;
  fetch?: FetchLike;
  log?: (level: 'info' | 'warn' | 'error', line: string) => void;
}

/** JSON as it is, for a dashboard configured without a transformer. */
const identity = { serialize: (value: unknown) => value, deserialize: (value: unknown) => value };

function error(
  status: ProxyErrorStatus,
  code: string,
  msg: string,
  extra: Partial<ProxyErrorEnvelope> = {},
): ProxyCallResult {
  return { ok: false, status, error: { result: 'error', code, msg, ...extra } };
}

/** `API token missing scope: routes:write` → `routes:write`; null when the message names none. */
export function scopeNamedIn(message: string): string | null {
  return /\bscope[s]?\b[^a-z]*([a-z]+:[a-z]+|admin)\b/i.exec(message)?.[1] ?? null;
}

interface ZodIssueLike {
  path?: unknown;
  message?: unknown;
}

/** Input paths as form paths: `patch.upstreams.0.address` → `upstreams.0.address` (update wraps the fields). */
function fieldOf(path: unknown): string | null {
  if (!Array.isArray(path) || path.length === 0) return null;
  const parts = path.map(String);
  if (parts[0] === 'patch') parts.shift();
  return parts.length > 0 ? parts.join('.') : null;
}

/** The dashboard's validation refusal carries the zod issues as JSON text in `message`. */
function validationIssues(message: string): { field: string | null; message: string }[] | null {
  try {
    const parsed = JSON.parse(message) as unknown;
    if (!Array.isArray(parsed)) return null;
    return (parsed as ZodIssueLike[])
      .filter((i) => typeof i.message === 'string')
      .map((i) => ({ field: fieldOf(i.path), message: i.message as string }));
  } catch {
    return null;
  }
}

function isNetworkFailure(cause: unknown): boolean {
  if (cause instanceof DOMException) return cause.name === 'AbortError' || cause.name === 'TimeoutError';
  // fetch() rejects with a TypeError when the connection fails.
  return cause instanceof TypeError;
}

/** The dashboard's refusal → the console's envelope (see ProxyErrorEnvelope for the shape). */
export function mapProxyError(procedure: ProxyProcedureName, err: unknown): ProxyCallResult {
  const unavailable = () =>
    error(502, proxyErrorCodes.unavailable, 'The proxy dashboard cannot be reached right now. Try again in a moment.');
  if (!(err instanceof TRPCClientError)) return unavailable();
  const data = err.data as { code?: unknown; httpStatus?: unknown } | null | undefined;
  const code = typeof data?.code === 'string' ? data.code : null;
  if (code === null) {
    // No tRPC error shape: the connection failed or timed out, or something else answered.
    return isNetworkFailure(err.cause) || err.cause === undefined
      ? unavailable()
      : error(502, proxyErrorCodes.invalidResponse, 'The proxy dashboard sent an answer the console cannot read.');
  }
  const message = err.message;
  switch (code) {
    case 'UNAUTHORIZED':
    case bffErrorCodes.forbidden: {
      const scope = scopeNamedIn(message);
      return error(
        403,
        proxyErrorCodes.keyRejected,
        `${KEY_REJECTED_TEXT}${scope ? ` (${scope})` : ''}: the dashboard refused to ${proxyProcedures[procedure].purpose}.`,
        { scope, upstreamMessage: message, procedure },
      );
    }
    case 'BAD_REQUEST':
    case 'UNPROCESSABLE_CONTENT': {
      const issues = validationIssues(message);
      const first = issues?.[0];
      return error(400, 'BAD_REQUEST', first?.message ?? message, {
        field: first?.field ?? null,
        ...(issues ? { issues } : {}),
      });
    }
    case 'CONFLICT':
      // The only conflict a route write has is a taken domain (`Route for <domain> already exists`: the message
      // never says "domain"), so it belongs on the Domain field.
      return error(409, 'CONFLICT', message, {
        field: procedure === 'publicApi.createRoute' || procedure === 'publicApi.updateRoute' ? 'domain' : null,
      });
    case 'NOT_FOUND':
      return error(404, 'NOT_FOUND', message);
    case 'METHOD_NOT_SUPPORTED':
      return error(502, proxyErrorCodes.upstreamError, `The proxy dashboard does not support this call: ${message}`);
    default:
      return error(502, proxyErrorCodes.upstreamError, `The proxy dashboard failed: ${message}`);
  }
}

/** Resolves when the work does, or rejects when the signal aborts (fetch implementations that ignore it). */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

type TrpcClient = ReturnType<typeof createTRPCUntypedClient>;

/** One tRPC client of the dashboard; `apiKey` null for a client that sends no credential at all. */
function dashboardClient(options: ProxyUpstreamOptions, apiKey: string | null): TrpcClient {
  const doFetch: FetchLike = options.fetch ?? ((request) => fetch(request));
  return createTRPCUntypedClient({
    links: [
      httpBatchLink({
        url: options.url + options.rpcPath,
        transformer: options.transformer === 'superjson' ? superjson : identity,
        // Long GET batches are split rather than refused by intermediaries.
        maxURLLength: 2_000,
        headers: (): Record<string, string> => (apiKey === null ? {} : { authorization: `Bearer ${apiKey}` }),
        fetch: async (url, init) => {
          const deadline = AbortSignal.timeout(options.timeoutMs);
          const signal = init?.signal ? AbortSignal.any([deadline, init.signal]) : deadline;
          const request = new Request(String(url), {
            method: init?.method,
            headers: init?.headers as HeadersInit | undefined,
            body: init?.body as BodyInit | null | undefined,
            signal,
          });
          return untilAborted(doFetch(request), signal);
        },
      }),
    ],
  });
}

/**
 * The BFF's client of the dashboard: @trpc/client v11 with the batch link. The key travels only in
 * `Authorization: Bearer` (never in a URL, never logged); nothing of the browser's request reaches here.
 */
export function createProxyUpstream(options: ProxyUpstreamOptions): ProxyUpstream {
  const withKey = dashboardClient(options, options.apiKey);
  // Only for the exposure check: what anyone reaching the dashboard without a credential can read.
  const anonymous = dashboardClient(options, null);

  async function run(client: TrpcClient, procedure: ProxyProcedureName, input: unknown): Promise<ProxyCallResult> {
    const def = proxyProcedures[procedure];
    try {
      const data =
        def.kind === 'query' ? await client.query(procedure, input) : await client.mutation(procedure, input);
      const parsed = def.output.safeParse(data);
      if (!parsed.success) {
        options.log?.('warn', `proxy ${procedure}: unexpected answer (${parsed.error.issues[0]?.message ?? ''})`);
        return error(
          502,
          proxyErrorCodes.invalidResponse,
          'The proxy dashboard sent an answer the console cannot read.',
        );
      }
      return { ok: true, data: parsed.data };
    } catch (err) {
      const mapped = mapProxyError(procedure, err);
      // The code only: the key is never part of a message, but upstream text stays out of the log anyway.
      if (!mapped.ok) options.log?.('warn', `proxy ${procedure}: ${mapped.error.code}`);
      return mapped;
    }
  }

  return {
    call: (procedure, input) => run(withKey, procedure, input),
    callAnonymously: (procedure, input) => run(anonymous, procedure, input),
  };
}
