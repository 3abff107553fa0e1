import { useSyncExternalStore } from 'react';
import type { LiveState } from '../shared/events/bff-stream';

export type LiveStatus = { state: 'connecting'; detail: null } | { state: LiveState; detail: string | null };

let current: LiveStatus = { state: 'connecting', detail: null };
const listeners = new Set<() => void>();

/** The live-sync state the header shows: the browser's stream, combined with the BFF's upstream state. */
export function setLiveStatus(next: LiveStatus): void {
  if (next.state === current.state && next.detail === current.detail) return;
  current = next;
  for (const listener of listeners) listener();
}

export function getLiveStatus(): LiveStatus {
  return current;
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getLiveStatus,
    getLiveStatus,
  );
}
