import { UpstreamRefusal } from './svc-upstream';

/** Upstream answers that mean the stored key no longer works: the console session ends with it. */
export const DEAD_KEY_CODES = new Set(['INVALID_API_KEY', 'USER_DEACTIVATED', 'UNAUTHORIZED', 'REALM_DEACTIVATED']);

/** A 401 whose code says the user's key is dead (not a transient failure). */
export function isDeadKeyRefusal(error: unknown): error is UpstreamRefusal {
  return error instanceof UpstreamRefusal && error.status === 401 && DEAD_KEY_CODES.has(error.envelope.code);
}
