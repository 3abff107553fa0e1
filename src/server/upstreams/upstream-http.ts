import type { IncomingHttpHeaders } from 'node:http';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate, inflateRaw } from 'node:zlib';
import { Pool, type Dispatcher } from 'undici';

/** One HTTP exchange with an upstream, as the BFF's upstream clients need it: text in, status and text out. */
export interface TransportRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path and query string, relative to the transport's base URL (starts with `/`). */
  path: string;
  headers: Record<string, string>;
  /** Text (a form), or bytes (a multipart upload). */
  body: string | Uint8Array<ArrayBuffer> | null;
  /** The whole exchange (connection, headers and body) must be over within this many milliseconds. */
  timeoutMs: number;
  /** Ends the exchange early; it then fails with the signal's reason. */
  signal?: AbortSignal;
}

export interface TransportResponse {
  status: number;
  text: string;
  /**
   * The same body as bytes (UTF-8, after any content coding is undone): what the BFF forwards, so a large
   * answer is not encoded again from `text`.
   */
  bytes: Uint8Array<ArrayBuffer>;
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export type FetchLike = (input: Request) => Promise<Response>;

export interface PooledTransport {
  send: Transport;
  /** Closes the kept-alive connections (waits for calls in flight). */
  close(): Promise<void>;
}

const gunzipAsync = promisify(gunzip);
const inflateAsync = promisify(inflate);
const inflateRawAsync = promisify(inflateRaw);

const decoders: Record<string, (data: Buffer) => Promise<Buffer>> = {
  gzip: gunzipAsync,
  'x-gzip': gunzipAsync,
  // "deflate" is meant to be zlib-wrapped, but some servers send raw deflate; fetch() read both.
  deflate: (data) => ((data[0]! & 0x0f) === 0x08 ? inflateAsync(data) : inflateRawAsync(data)),
  br: promisify(brotliDecompress),
};

/** What fetch() advertised before, so a compressing upstream still compresses. */
const ACCEPT_ENCODING = 'gzip, deflate, br';

function bodyOf(status: number, data: Buffer): TransportResponse {
  // Node's Buffers never sit on a SharedArrayBuffer; a view, not a copy, in the type a Response body takes.
  const bytes = new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset, data.byteLength);
  // Decoded when first read: an answer whose bytes were checked before is forwarded without it (svc-upstream.ts).
  let text: string | undefined;
  return {
    status,
    get text() {
      return (text ??= data.toString('utf8'));
    },
    bytes,
  };
}

function timeoutError(): Error {
  return new DOMException('The upstream did not answer in time.', 'TimeoutError');
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

/**
 * One exchange as an undici dispatch handler: the body is collected as chunks, the deadline is one timer,
 * and an abort fails the call at once and tells undici to drop the request (not yet sent) or the connection.
 */
class Exchange implements Dispatcher.DispatchHandler {
  private settled = false;
  private controller: Dispatcher.DispatchController | null = null;
  private pendingAbort: Error | null = null;
  private status = 0;
  private encoding: string | undefined;
  private readonly chunks: Buffer[] = [];
  private readonly timer: NodeJS.Timeout;
  private readonly onSignal: (() => void) | null = null;

  constructor(
    private readonly signal: AbortSignal | undefined,
    timeoutMs: number,
    private readonly resolve: (response: TransportResponse) => void,
    private readonly reject: (error: Error) => void,
  ) {
    // Unref'd like AbortSignal.timeout(): the socket, not the deadline, keeps the process alive.
    this.timer = setTimeout(() => this.abort(timeoutError()), timeoutMs);
    this.timer.unref();
    if (signal) {
      const onSignal = () => this.abort(abortReason(signal));
      this.onSignal = onSignal;
      if (signal.aborted) onSignal();
      else signal.addEventListener('abort', onSignal, { once: true });
    }
  }

  get done(): boolean {
    return this.settled;
  }

  abort(reason: Error): void {
    if (this.settled) return;
    this.finish(reason);
    if (this.controller) this.controller.abort(reason);
    else this.pendingAbort = reason;
  }

  /** A failure before undici took the request (invalid options). */
  fail(error: Error): void {
    this.finish(error);
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.pendingAbort) controller.abort(this.pendingAbort);
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    this.status = statusCode;
    const value = headers['content-encoding'];
    this.encoding = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
  }

  onResponseData(_controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk);
  }

  onResponseEnd(): void {
    if (this.settled) return;
    // A copy even of a single chunk: the bytes outlive this call (they are forwarded after async work).
    const data = Buffer.concat(this.chunks);
    const status = this.status;
    if (!this.encoding || this.encoding === 'identity') {
      this.finish(null, bodyOf(status, data));
      return;
    }
    const decode = decoders[this.encoding];
    if (!decode) {
      this.finish(new Error(`Unsupported content-encoding ${this.encoding}`));
      return;
    }
    decode(data).then(
      (plain) => this.finish(null, bodyOf(status, plain)),
      (error: unknown) => this.finish(error instanceof Error ? error : new Error(String(error))),
    );
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.finish(error);
  }

  private finish(error: Error | null, response?: TransportResponse): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    if (this.onSignal) this.signal!.removeEventListener('abort', this.onSignal);
    if (error) this.reject(error);
    else this.resolve(response!);
  }
}

/**
 * Keep-alive connections to one upstream origin through undici's dispatcher API. fetch() builds WHATWG
 * Request, Headers, AbortSignal and stream objects per call and cost about as much CPU as the rest of a
 * BFF request together; here a call is one handler object, one timer and a list of body chunks.
 * The deadline is a single timer over the whole exchange; undici's own header/body timeouts are off.
 */
export function createPooledTransport(baseUrl: string, options: Pool.Options = {}): PooledTransport {
  const base = new URL(baseUrl);
  // A base URL may carry a path (a chat server under /chat): it prefixes every request's path.
  const basePath = base.pathname.replace(/\/+$/, '');
  // HTTP/1.1 like fetch() spoke before (undici's pool would otherwise try HTTP/2 on https upstreams).
  const pool = new Pool(base.origin, { allowH2: false, ...options, headersTimeout: 0, bodyTimeout: 0 });

  const send: Transport = (request) =>
    new Promise<TransportResponse>((resolve, reject) => {
      const exchange = new Exchange(request.signal, request.timeoutMs, resolve, reject);
      if (exchange.done) return;
      try {
        pool.dispatch(
          {
            method: request.method,
            path: basePath + request.path,
            headers: { ...request.headers, 'accept-encoding': ACCEPT_ENCODING },
            body: request.body,
          },
          exchange,
        );
      } catch (error) {
        exchange.fail(error instanceof Error ? error : new Error(String(error)));
      }
    });

  return { send, close: () => pool.close() };
}

/**
 * The same contract over a fetch function: how tests put an in-process simulator behind the BFF (they see
 * each call as a Request). The deadline covers headers and body, whatever the fetch implementation does
 * with the signal.
 */
export function createFetchTransport(baseUrl: string, doFetch: FetchLike): Transport {
  const base = baseUrl.replace(/\/+$/, '');
  return async (request) => {
    const deadline = AbortSignal.timeout(request.timeoutMs);
    const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline;
    const init: RequestInit = { method: request.method, headers: request.headers, signal };
    if (request.body !== null) init.body = request.body;
    const fetched = new Request(base + request.path, init);
    return untilAborted(
      doFetch(fetched).then(async (response) => bodyOf(response.status, Buffer.from(await response.arrayBuffer()))),
      signal,
    );
  };
}

function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
