import { CSRF_HEADER, CSRF_VALUE } from '../shared/bff/constants';
import {
  hasSchema,
  routePath,
  routeQuery,
  type AnswerOf,
  type BffRoute,
  type BodyOf,
  type ParamsOf,
  type QueryOf,
} from '../shared/bff/route-def';
import { isErrorEnvelope } from '../shared/svc/error-codes';
import { ApiError, NETWORK_ERROR_CODE } from './api-error';
import { noteSkippedRecords } from './skipped-records';

/**
 * The one place the browser talks to its BFF: same-origin, cookie credentials, CSRF header on
 * mutations, error envelopes turned into ApiError. It never shows toasts or redirects.
 */
export async function bffFetch(path: string, init: RequestInit = {}): Promise<unknown> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  headers.set('accept', 'application/json');
  if (method !== 'GET' && method !== 'HEAD') headers.set(CSRF_HEADER, CSRF_VALUE);
  let response: Response;
  try {
    response = await fetch(path, { ...init, method, headers, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, {
      result: 'error',
      code: NETWORK_ERROR_CODE,
      msg: 'Cannot reach the console server. Check your connection and try again.',
    });
  }
  if (response.status === 204) return null;
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    throw new ApiError(
      response.status,
      isErrorEnvelope(body)
        ? body
        : { result: 'error', code: `HTTP_${response.status}`, msg: `The console server answered ${response.status}.` },
    );
  }
  // A change's answer can hold records too (the uploads an edit left behind): one it could not read is named
  // the same way as a list's, never dropped in silence.
  noteSkippedRecords(path, body);
  return body;
}

/** What a call of `route` needs: its path's parameters, its body and query when it takes them, a signal. */
export type CallOptions<R extends BffRoute> = { signal?: AbortSignal } & (keyof ParamsOf<R> extends never
  ? { params?: undefined }
  : { params: ParamsOf<R> }) &
  (R['body'] extends BffRoute['body'] & object ? { body: BodyOf<R> } : { body?: undefined }) &
  (R['query'] extends BffRoute['query'] & object ? { query?: QueryOf<R> } : { query?: undefined });

type CallArgs<R extends BffRoute> = keyof ParamsOf<R> extends never
  ? R['body'] extends BffRoute['body'] & object
    ? [options: CallOptions<R>]
    : [options?: CallOptions<R>]
  : [options: CallOptions<R>];

/**
 * Calls one of the BFF's own routes (src/shared/bff/routes.ts), typed from its description: the answer is read
 * through the route's schema, or, for a `typed` route, taken as its type.
 */
export async function bffCall<R extends BffRoute>(route: R, ...[options]: CallArgs<R>): Promise<AnswerOf<R>> {
  const { params, body, query, signal }: LooseOptions = options ?? {};
  const init: RequestInit = { method: route.method };
  if (signal) init.signal = signal;
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'content-type': 'application/json' };
  }
  const answer = await bffFetch(routePath(route.path, params) + routeQuery(query), init);
  return readAnswer(route, answer);
}

interface LooseOptions {
  params?: Readonly<Record<string, string | number>> | undefined;
  body?: unknown;
  query?: Readonly<Record<string, unknown>> | undefined;
  signal?: AbortSignal | undefined;
}

function readAnswer<R extends BffRoute>(route: R, answer: unknown): AnswerOf<R> {
  const value: unknown = hasSchema(route.answer) ? route.answer.parse(answer) : answer;
  // The one place an answer is taken as its type, as Hono's own client does. A schema's parse gives its output,
  // which is `AnswerOf<R>` (TypeScript cannot follow the conditional type through the generic). A `typed` route's
  // answer is built by the BFF under the same description (`answer(c, route, value)` holds it at compile time); its
  // reader keeps the schema library out of the sign-in page, or would re-parse 10,000 people the BFF just checked.
  return value as AnswerOf<R>;
}
