import type { z } from 'zod';
import type { SvcOperation } from '../shared/svc/catalog';
import { bffErrorCodes, errorEnvelope, errorEnvelopeSchema, type ErrorEnvelope } from '../shared/svc/envelope';
import { encodeParams, fillTemplate, usesQueryString } from '../shared/svc/wire';

export interface SvcCredentials {
  email: string;
  apiKey: string;
}

/** An answer the BFF can pass to the browser: upstream's own status and envelope, or the BFF's. */
export class UpstreamRefusal extends Error {
  constructor(
    readonly status: number,
    readonly envelope: ErrorEnvelope,
  ) {
    super(envelope.msg);
    this.name = 'UpstreamRefusal';
  }
}

export interface RawUpstreamResponse {
  status: number;
  text: string;
}

export type FetchLike = (input: Request) => Promise<Response>;

/** Per-call overrides, e.g. for the event hub's long-poll, which outlasts the normal upstream timeout. */
export interface CallOptions {
  /** Replaces the configured upstream timeout for this call. */
  timeoutMs?: number;
  /** Aborts the call early (it then fails like a timeout). */
  signal?: AbortSignal;
  /** Whether a failed GET is repeated once (default true); callers with their own backoff turn it off. */
  retry?: boolean;
}

export interface SvcUpstream {
  /** Sends a validated call and returns the upstream's status and body, checked against the catalog. */
  send(
    op: SvcOperation,
    params: Record<string, unknown>,
    creds: SvcCredentials | null,
    options?: CallOptions,
  ): Promise<RawUpstreamResponse>;
  /** The same, parsed: resolves with the typed success body or throws UpstreamRefusal. */
  call<O extends SvcOperation>(
    op: O,
    params: z.input<O['params']>,
    creds: SvcCredentials | null,
    options?: CallOptions,
  ): Promise<z.output<O['response']>>;
}

function basicAuth(creds: SvcCredentials): string {
  return 'Basic ' + Buffer.from(`${creds.email}:${creds.apiKey}`, 'utf8').toString('base64');
}

function unavailable(msg: string): UpstreamRefusal {
  return new UpstreamRefusal(502, errorEnvelope(bffErrorCodes.upstreamUnavailable, msg));
}

export function createSvcUpstream(options: { baseUrl: string; timeoutMs: number; fetch?: FetchLike }): SvcUpstream {
  const doFetch: FetchLike = options.fetch ?? ((request) => fetch(request));
  const apiBase = options.baseUrl.replace(/\/+$/, '') + '/api/v1';

  function buildRequest(
    op: SvcOperation,
    params: Record<string, unknown>,
    creds: SvcCredentials | null,
    callOptions: CallOptions,
  ): Request {
    const rest: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(params)) if (!op.template.names.includes(k)) rest[k] = v;
    const encoded = encodeParams(rest);
    let url = apiBase + fillTemplate(op.template, params);
    const headers = new Headers({ accept: 'application/json', 'user-agent': 'RealmConsole/0.1' });
    if (creds) headers.set('authorization', basicAuth(creds));
    const deadline = AbortSignal.timeout(callOptions.timeoutMs ?? options.timeoutMs);
    const signal = callOptions.signal ? AbortSignal.any([deadline, callOptions.signal]) : deadline;
    const init: RequestInit = { method: op.method, headers, signal };
    if (usesQueryString(op.method)) {
      const q = encoded.toString();
      if (q) url += `?${q}`;
    } else {
      headers.set('content-type', 'application/x-www-form-urlencoded');
      init.body = encoded.toString();
    }
    return new Request(url, init);
  }

  async function attempt(
    op: SvcOperation,
    params: Record<string, unknown>,
    creds: SvcCredentials | null,
    callOptions: CallOptions,
  ) {
    const request = buildRequest(op, params, creds, callOptions);
    // The deadline covers headers and body, whatever the fetch implementation does with the signal.
    return untilAborted(
      doFetch(request).then(async (response) => ({ status: response.status, text: await response.text() })),
      request.signal,
    );
  }

  async function send(
    op: SvcOperation,
    params: Record<string, unknown>,
    creds: SvcCredentials | null,
    callOptions: CallOptions = {},
  ): Promise<RawUpstreamResponse> {
    let raw: RawUpstreamResponse;
    try {
      raw = await attempt(op, params, creds, callOptions);
    } catch (first) {
      // Reads are safe to repeat once; a mutation may have reached the server, so it is never retried blindly.
      if (op.method !== 'GET' || callOptions.retry === false || callOptions.signal?.aborted) {
        throw describeFailure(first);
      }
      try {
        raw = await attempt(op, params, creds, callOptions);
      } catch (second) {
        throw describeFailure(second);
      }
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.text);
    } catch {
      throw unavailable(`The chat server answered ${raw.status} with a body that is not JSON.`);
    }
    if (raw.status >= 200 && raw.status < 300) {
      const checked = op.response.safeParse(body);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw new UpstreamRefusal(
          502,
          errorEnvelope(
            bffErrorCodes.upstreamInvalid,
            `The chat server's answer to ${op.method} ${op.path} does not match the documented shape` +
              (issue ? ` (${issue.path.join('.') || 'body'}: ${issue.message}).` : '.'),
          ),
        );
      }
      return raw;
    }
    const envelope = errorEnvelopeSchema.safeParse(body);
    if (!envelope.success) throw unavailable(`The chat server answered ${raw.status} without an error envelope.`);
    throw new UpstreamRefusal(raw.status, envelope.data);
  }

  return {
    send,
    async call<O extends SvcOperation>(
      op: O,
      params: z.input<O['params']>,
      creds: SvcCredentials | null,
      callOptions?: CallOptions,
    ) {
      const raw = await send(op, params as Record<string, unknown>, creds, callOptions);
      return op.response.parse(JSON.parse(raw.text)) as z.output<O['response']>;
    },
  };
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function describeFailure(error: unknown): UpstreamRefusal {
  if (error instanceof UpstreamRefusal) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return unavailable('The chat server did not answer in time. Try again in a moment.');
  }
  return unavailable('The chat server cannot be reached. Try again in a moment.');
}
