/** Error-envelope helpers without zod, so the SPA shell can use them without loading it. */

export interface ErrorEnvelopeShape {
  result: 'error';
  code: string;
  msg: string;
  [extra: string]: unknown;
}

/**
 * Every code the console's BFF answers with on its own (everything else in an error envelope is the chat
 * server's or the proxy dashboard's, passed through as it came). One table: the BFF and the SPA name codes from
 * here, never as string literals.
 */
export const bffErrorCodes = {
  // Upstreams
  upstreamUnavailable: 'UPSTREAM_UNAVAILABLE',
  upstreamInvalid: 'UPSTREAM_INVALID_RESPONSE',
  // Requests
  invalidParams: 'INVALID_PARAMS',
  unknownOperation: 'UNKNOWN_OPERATION',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  csrf: 'CSRF_REJECTED',
  bodyTooLarge: 'BODY_TOO_LARGE',
  internal: 'INTERNAL_ERROR',
  shuttingDown: 'SHUTTING_DOWN',
  // Sessions and sign-in
  sessionExpired: 'SESSION_EXPIRED',
  sessionNotFound: 'SESSION_NOT_FOUND',
  authenticationFailed: 'AUTHENTICATION_FAILED',
  /** Failed sign-ins throttled (the chat server's own code for rate limits, kept for the same meaning). */
  rateLimited: 'RATE_LIMIT_HIT',
  tooManyStreams: 'TOO_MANY_STREAMS',
  // Storage and the audit trail
  auditUnavailable: 'AUDIT_UNAVAILABLE',
  storeUnavailable: 'STORE_UNAVAILABLE',
  /** Outcomes recorded for a change whose answer was lost, or that a read-back found not done. */
  answerLost: 'ANSWER_LOST',
  notApplied: 'NOT_APPLIED',
  /** A bulk run whose process stopped before it finished. */
  interrupted: 'INTERRUPTED',
  // Console-owned admin areas
  forbidden: 'FORBIDDEN',
  webhookEndpointNotFound: 'WEBHOOK_ENDPOINT_NOT_FOUND',
  notAnOutgoingWebhookBot: 'NOT_AN_OUTGOING_WEBHOOK_BOT',
  // The outgoing-webhook receiver (answers to the chat server, not to the SPA)
  webhookBadToken: 'WEBHOOK_BAD_TOKEN',
  webhookInvalidPayload: 'WEBHOOK_INVALID_PAYLOAD',
  webhookPayloadTooLarge: 'WEBHOOK_PAYLOAD_TOO_LARGE',
  bulkForbidden: 'BULK_FORBIDDEN',
  bulkInvalid: 'BULK_INVALID',
  bulkNotUndoable: 'BULK_NOT_UNDOABLE',
  bulkConfirmationMismatch: 'BULK_CONFIRMATION_MISMATCH',
  bulkPreviewMismatch: 'BULK_PREVIEW_MISMATCH',
  bulkPreviewExpired: 'BULK_PREVIEW_EXPIRED',
  bulkAlreadyUndone: 'BULK_ALREADY_UNDONE',
  bulkRunActive: 'BULK_RUN_ACTIVE',
  bulkRunNotFound: 'BULK_RUN_NOT_FOUND',
  // The proxy area (shared/proxy names them as proxyErrorCodes)
  proxyForbidden: 'PROXY_FORBIDDEN',
  proxyNotConfigured: 'PROXY_NOT_CONFIGURED',
  proxyKeyRejected: 'PROXY_KEY_REJECTED',
  proxyUpstreamError: 'PROXY_UPSTREAM_ERROR',
} as const;

export function errorEnvelope(code: string, msg: string, extra: Record<string, unknown> = {}): ErrorEnvelopeShape {
  return { result: 'error', code, msg, ...extra };
}

export function isErrorEnvelope(body: unknown): body is ErrorEnvelopeShape {
  if (typeof body !== 'object' || body === null) return false;
  const b = body as Record<string, unknown>;
  return b.result === 'error' && typeof b.code === 'string' && typeof b.msg === 'string';
}
