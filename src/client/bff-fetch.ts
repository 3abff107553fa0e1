import { CSRF_HEADER, CSRF_VALUE } from '../shared/bff/constants';
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
