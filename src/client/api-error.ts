import type { ErrorEnvelopeShape as ErrorEnvelope } from '../shared/svc/error-codes';

/** A refusal from the BFF or the upstream, envelope kept as the server sent it. */
export class ApiError extends Error {
  readonly status: number;
  readonly envelope: ErrorEnvelope;

  constructor(status: number, envelope: ErrorEnvelope) {
    super(envelope.msg);
    this.name = 'ApiError';
    this.status = status;
    this.envelope = envelope;
  }

  get code(): string {
    return this.envelope.code;
  }
}

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';

/** The text to show for any failure: the server's `msg` verbatim when there is one. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.envelope.msg || `Request failed (${error.status}).`;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}

export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
