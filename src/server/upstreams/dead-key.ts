import { UpstreamRefusal } from './svc-upstream';

/** Upstream answers that mean the stored key no longer works: the console session ends with it. */
export const DEAD_KEY_CODES = new Set(['INVALID_API_KEY', 'USER_DEACTIVATED', 'UNAUTHORIZED', 'REALM_DEACTIVATED']);

/** A 401 whose code says the user's key is dead (not a transient failure). */
export function isDeadKeyRefusal(error: unknown): error is UpstreamRefusal {
  return error instanceof UpstreamRefusal && error.status === 401 && DEAD_KEY_CODES.has(error.envelope.code);
}

/**
 * The account-state code a refusal stands for. A real server (level 372) answers a deactivated account's key with
 * `UNAUTHORIZED` "Account is deactivated" (only `fetch_api_key` still says `USER_DEACTIVATED`), so the message is
 * what tells "the account is gone" from "this key is wrong"; older servers and the simulator's past said it by code.
 */
export function accountStateCode(envelope: { code: string; msg: string }): string {
  if (envelope.code !== 'UNAUTHORIZED' && envelope.code !== 'INVALID_API_KEY') return envelope.code;
  if (/^account is deactivated/i.test(envelope.msg)) return 'USER_DEACTIVATED';
  if (/organization has been deactivated|realm has been deactivated/i.test(envelope.msg)) return 'REALM_DEACTIVATED';
  return envelope.code;
}
