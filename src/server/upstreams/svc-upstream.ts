import { hash, randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { SvcOperation } from '../../shared/svc/catalog';
import { bffErrorCodes, errorEnvelope, errorEnvelopeSchema, type ErrorEnvelope } from '../../shared/svc/envelope';
import { encodeParams, encodeValue, fillTemplate, usesQueryString } from '../../shared/svc/wire';
import { SKIPPED_RECORDS_FIELD } from '../../shared/bff/skipped-records';
import { salvageRecords } from './salvage-records';
import { answerMayBeRespelled, readAnswer } from '../../shared/svc/api-changes';
import {
  createFetchTransport,
  createPooledTransport,
  type FetchLike,
  type PooledTransport,
  type Transport,
  type TransportRequest,
} from './upstream-http';

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
  /** `text` as the upstream's UTF-8 bytes, for forwarding. */
  bytes: Uint8Array<ArrayBuffer>;
  /** SHA-256 of `bytes` (base64url), for a success answer of at least REMEMBER_FROM_BYTES. */
  digest?: string;
  /**
   * `bytes` are not the upstream's own: records the console cannot read were left out (and named in
   * SKIPPED_RECORDS_FIELD), or an older spelling was read as the newest (api-changes.ts). Work started on the
   * upstream's own bytes (beforeCheck) is void.
   */
  salvaged?: boolean;
}

export type { FetchLike };

/** Per-call overrides, e.g. for the event hub's long-poll, which outlasts the normal upstream timeout. */
export interface CallOptions {
  /** Replaces the configured upstream timeout for this call. */
  timeoutMs?: number;
  /** Aborts the call early (it then fails like a timeout). */
  signal?: AbortSignal;
  /** Whether a failed GET is repeated once (default true); callers with their own backoff turn it off. */
  retry?: boolean;
  /**
   * Called with a success answer's bytes before they are checked, to start work on them (compression, on
   * zlib's threads) while the event loop checks them. Its result may be used only once `send` resolves: a
   * failed check makes `send` throw instead. `digest` names the bytes (see RawUpstreamResponse).
   */
  beforeCheck?: (bytes: Uint8Array<ArrayBuffer>, digest: string | undefined) => void;
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
  /** Closes kept-alive upstream connections. */
  close(): Promise<void>;
}

/**
 * A forwarded answer at least this large is remembered once it has passed its check, by its operation and the
 * digest of its bytes: the same bytes again (a reload of the 10,000-user list, another admin opening it) go on
 * without being parsed and checked again, which for that list is about 75 ms of the event loop, against 2 ms
 * of hashing. The check is a pure function of the bytes, so its answer for them cannot change.
 */
export const REMEMBER_FROM_BYTES = 16 * 1024;
/** How many checked answers are remembered (least recently used first out); each costs a short string. */
const REMEMBERED = 256;

/** The keys of the answers that passed their check, least recently used first (a Set keeps insertion order). */
class CheckedAnswers {
  private readonly keys = new Set<string>();

  has(key: string): boolean {
    if (!this.keys.delete(key)) return false;
    this.keys.add(key);
    return true;
  }

  add(key: string): void {
    this.keys.add(key);
    if (this.keys.size > REMEMBERED) this.keys.delete(this.keys.values().next().value!);
  }
}

const BASE_HEADERS = { accept: 'application/json', 'user-agent': 'RealmConsole/0.1' } as const;
const FORM_HEADERS = { ...BASE_HEADERS, 'content-type': 'application/x-www-form-urlencoded' } as const;

function basicAuth(creds: SvcCredentials): string {
  return 'Basic ' + Buffer.from(`${creds.email}:${creds.apiKey}`, 'utf8').toString('base64');
}

function unavailable(msg: string): UpstreamRefusal {
  return new UpstreamRefusal(502, errorEnvelope(bffErrorCodes.upstreamUnavailable, msg));
}

/** The operation's parameters that are not in its path, in the documented wire encoding. */
function encodeRest(op: SvcOperation, params: Record<string, unknown>): string {
  const names = op.template.names;
  let rest: Record<string, unknown> | null = null;
  for (const k in params) {
    if (!Object.hasOwn(params, k) || names.includes(k)) continue;
    (rest ??= {})[k] = params[k];
  }
  return rest ? encodeParams(rest).toString() : '';
}

/**
 * A file upload as the server takes it: the other parameters as form fields, and the file parameter's
 * `data:` URL (checked by the catalog schema) as the one file part.
 */
function encodeMultipart(
  op: SvcOperation,
  params: Record<string, unknown>,
): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = `----RealmConsole${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (op.template.names.includes(key) || value === undefined) continue;
    if (key === op.fileParam) {
      const m = /^data:([\w/+.-]+);base64,(.*)$/s.exec(String(value));
      if (!m) continue;
      const ext = m[1]!.split('/')[1] ?? 'bin';
      parts.push(
        Buffer.from(
          `--${boundary}\r\ncontent-disposition: form-data; name="${key}"; filename="upload.${ext}"\r\n` +
            `content-type: ${m[1]}\r\n\r\n`,
        ),
        Buffer.from(m[2]!, 'base64'),
        Buffer.from('\r\n'),
      );
      continue;
    }
    const text = encodeValue(value) ?? '';
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${key}"\r\n\r\n${text}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: new Uint8Array(Buffer.concat(parts)), contentType: `multipart/form-data; boundary=${boundary}` };
}

function toRequest(
  op: SvcOperation,
  params: Record<string, unknown>,
  creds: SvcCredentials | null,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): TransportRequest {
  const encoded = encodeRest(op, params);
  let path = '/api/v1' + fillTemplate(op.template, params);
  let body: string | Uint8Array<ArrayBuffer> | null = null;
  let headers: Record<string, string>;
  if (usesQueryString(op.method)) {
    if (encoded) path += `?${encoded}`;
    headers = creds ? { ...BASE_HEADERS, authorization: basicAuth(creds) } : { ...BASE_HEADERS };
  } else if (op.fileParam) {
    const multipart = encodeMultipart(op, params);
    body = multipart.body;
    headers = { ...BASE_HEADERS, 'content-type': multipart.contentType };
    if (creds) headers.authorization = basicAuth(creds);
  } else {
    body = encoded;
    headers = creds ? { ...FORM_HEADERS, authorization: basicAuth(creds) } : { ...FORM_HEADERS };
  }
  return { method: op.method, path, headers, body, timeoutMs, signal };
}

/** Sends once more (a fresh request) when a read fails to arrive; a transport failure becomes an UpstreamRefusal. */
async function sendWithRetry(
  transport: Transport,
  op: SvcOperation,
  request: () => TransportRequest,
  callOptions: CallOptions,
): Promise<RawUpstreamResponse> {
  try {
    return await transport(request());
  } catch (first) {
    // Reads are safe to repeat once; a mutation may have reached the server, so it is never retried blindly.
    if (op.method !== 'GET' || callOptions.retry === false || callOptions.signal?.aborted) {
      throw describeFailure(first);
    }
    try {
      return await transport(request());
    } catch (second) {
      throw describeFailure(second);
    }
  }
}

/**
 * A success body that does not match the operation's schema: its readable records go on with the others named
 * as skipped, or (for answers that must be whole, or with nothing to salvage) the console refuses it.
 */
function salvagedOrRefused(
  op: SvcOperation,
  raw: RawUpstreamResponse,
  body: unknown,
  error: z.ZodError,
): { raw: RawUpstreamResponse; data: unknown } {
  const salvaged = op.wholeAnswer ? null : salvageRecords(op.response, body, error);
  if (salvaged) {
    const text = JSON.stringify({ ...(body as object), [SKIPPED_RECORDS_FIELD]: salvaged.skipped });
    const bytes = new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
    return { raw: { status: raw.status, text, bytes, salvaged: true }, data: salvaged.data };
  }
  const issue = error.issues[0];
  throw new UpstreamRefusal(
    502,
    errorEnvelope(
      bffErrorCodes.upstreamInvalid,
      `The chat server's answer to ${op.method} ${op.path} does not match the documented shape` +
        (issue ? ` (${issue.path.join('.') || 'body'}: ${issue.message}).` : '.'),
    ),
  );
}

function parseJsonAnswer(raw: RawUpstreamResponse): unknown {
  try {
    return JSON.parse(raw.text);
  } catch {
    throw unavailable(`The chat server answered ${raw.status} with a body that is not JSON.`);
  }
}

export function createSvcUpstream(options: {
  baseUrl: string;
  timeoutMs: number;
  /** Sends through this fetch instead of the pooled connections (tests put a simulator here). */
  fetch?: FetchLike;
  /** Replaces how calls are sent altogether (unit tests script the answers). */
  transport?: Transport;
}): SvcUpstream {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  let pooled: PooledTransport | null = null;
  const transport: Transport =
    options.transport ??
    (options.fetch ? createFetchTransport(baseUrl, options.fetch) : (pooled = createPooledTransport(baseUrl)).send);
  const checkedAnswers = new CheckedAnswers();

  /**
   * Sends, retries a read once, and checks the answer: the checked success body, or an UpstreamRefusal.
   * With `forward`, only the raw answer is needed: one whose bytes passed this operation's check before
   * is not parsed again (and `data` is then undefined).
   */
  async function exchange(
    op: SvcOperation,
    params: Record<string, unknown>,
    creds: SvcCredentials | null,
    callOptions: CallOptions,
    forward: boolean,
  ): Promise<{ raw: RawUpstreamResponse; data: unknown }> {
    const request = () => toRequest(op, params, creds, callOptions.timeoutMs ?? options.timeoutMs, callOptions.signal);
    let raw = await sendWithRetry(transport, op, request, callOptions);
    const success = raw.status >= 200 && raw.status < 300;
    // An answer that may hold an older spelling is read (and maybe re-encoded) before anything uses its bytes.
    const respell = success && answerMayBeRespelled(op.id);
    let remembered: string | null = null;
    if (success && !respell && forward && raw.bytes.byteLength >= REMEMBER_FROM_BYTES) {
      raw.digest = hash('sha256', raw.bytes, 'base64url');
      remembered = `${op.id} ${raw.digest}`;
    }
    if (success && !respell) callOptions.beforeCheck?.(raw.bytes, raw.digest);
    if (remembered && checkedAnswers.has(remembered)) return { raw, data: undefined };
    const body = parseJsonAnswer(raw);
    if (respell) {
      if (readAnswer(op.id, body)) raw = respelled(raw.status, body);
      else callOptions.beforeCheck?.(raw.bytes, raw.digest);
    }
    if (success) {
      const checked = op.response.safeParse(body);
      // Records the console cannot read are left out and named; the rest of the answer still goes on.
      if (!checked.success) return salvagedOrRefused(op, raw, body, checked.error);
      if (remembered) checkedAnswers.add(remembered);
      return { raw, data: checked.data };
    }
    const envelope = errorEnvelopeSchema.safeParse(body);
    if (!envelope.success) throw unavailable(`The chat server answered ${raw.status} without an error envelope.`);
    throw new UpstreamRefusal(raw.status, envelope.data);
  }

  return {
    // The checked upstream bytes go on unchanged: the check is what the boundary needs, not a re-encoding.
    send: async (op, params, creds, callOptions = {}) => (await exchange(op, params, creds, callOptions, true)).raw,
    async call<O extends SvcOperation>(
      op: O,
      params: z.input<O['params']>,
      creds: SvcCredentials | null,
      callOptions: CallOptions = {},
    ) {
      const { data } = await exchange(op, params as Record<string, unknown>, creds, callOptions, false);
      return data as z.output<O['response']>;
    },
    close: async () => {
      await pooled?.close();
    },
  };
}

/** An answer re-encoded after an older spelling was read as the newest. */
function respelled(status: number, body: unknown): RawUpstreamResponse {
  const text = JSON.stringify(body);
  return { status, text, bytes: new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>, salvaged: true };
}

function describeFailure(error: unknown): UpstreamRefusal {
  if (error instanceof UpstreamRefusal) return error;
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return unavailable('The chat server did not answer in time. Try again in a moment.');
  }
  return unavailable('The chat server cannot be reached. Try again in a moment.');
}
