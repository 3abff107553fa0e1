/** Error-envelope helpers without zod, so the SPA shell can use them without loading it. */

export interface ErrorEnvelopeShape {
  result: 'error';
  code: string;
  msg: string;
  [extra: string]: unknown;
}

/** Codes the BFF adds for its own failures; everything else is the upstream's. */
export const bffErrorCodes = {
  upstreamUnavailable: 'UPSTREAM_UNAVAILABLE',
  upstreamInvalid: 'UPSTREAM_INVALID_RESPONSE',
  sessionExpired: 'SESSION_EXPIRED',
  invalidParams: 'INVALID_PARAMS',
  unknownOperation: 'UNKNOWN_OPERATION',
  csrf: 'CSRF_REJECTED',
} as const;

export function errorEnvelope(code: string, msg: string, extra: Record<string, unknown> = {}): ErrorEnvelopeShape {
  return { result: 'error', code, msg, ...extra };
}

export function isErrorEnvelope(body: unknown): body is ErrorEnvelopeShape {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return b.result === 'error' && typeof b.code === 'string' && typeof b.msg === 'string';
}
