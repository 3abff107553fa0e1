import { useSyncExternalStore } from 'react';
import type { ApiError } from '../../client/api-error';
import {
  CHECKED_SCOPES,
  proxyErrorCodes,
  proxyProcedures,
  type CheckedScope,
  type ProxyProcedureName,
} from '../../shared/proxy';

export type ScopeState =
  { state: 'unknown' } | { state: 'allowed'; at: number } | { state: 'refused'; at: number; message: string };

export type KeyStatus = Record<CheckedScope, ScopeState>;

/**
 * What the console has learned about its dashboard key from answers and refusals. The key's scopes cannot
 * be read with the key itself (listing keys needs a dashboard session), so this is the only way to know.
 */
let status: KeyStatus = Object.fromEntries(CHECKED_SCOPES.map((s) => [s, { state: 'unknown' }])) as KeyStatus;
const listeners = new Set<() => void>();

function set(scope: CheckedScope, next: ScopeState): void {
  status = { ...status, [scope]: next };
  for (const listener of listeners) listener();
}

/** Called for every proxy call's outcome: success proves the scope; a key refusal marks it refused. */
export function recordOutcome(procedure: ProxyProcedureName, error: ApiError | null): void {
  const needed = proxyProcedures[procedure].scope;
  // A procedure answered without authentication teaches nothing about the key.
  if (needed === null) return;
  if (error === null) {
    if (status[needed].state !== 'allowed') set(needed, { state: 'allowed', at: Date.now() });
    return;
  }
  if (error.code !== proxyErrorCodes.keyRejected) return;
  // The dashboard's message names the scope it wanted when it can; otherwise the table's scope is the one.
  const named = typeof error.envelope.scope === 'string' ? error.envelope.scope : null;
  const scope = (CHECKED_SCOPES as readonly string[]).includes(named ?? '') ? (named as CheckedScope) : needed;
  set(scope, { state: 'refused', at: Date.now(), message: error.envelope.msg });
}

export function useKeyStatus(): KeyStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => status,
  );
}

export function refusedScopes(current: KeyStatus): CheckedScope[] {
  return CHECKED_SCOPES.filter((scope) => current[scope].state === 'refused');
}

/** Human words for each scope, for the connection card and the banner. */
export const SCOPE_LABELS: Record<CheckedScope, string> = {
  'routes:read': 'Read routes',
  'routes:write': 'Create, change and delete routes',
  'health:read': 'Read the dashboard health',
  'certs:read': 'List certificates',
  'analytics:read': 'Read per-route traffic',
};

/** For tests: forget everything learned. */
export function resetKeyStatus(): void {
  status = Object.fromEntries(CHECKED_SCOPES.map((s) => [s, { state: 'unknown' }])) as KeyStatus;
  for (const listener of listeners) listener();
}
