import type { QueryClient } from '@tanstack/react-query';
import type { SvcEventBase } from '../shared/events/svc-events';

/**
 * What a feature does when a chat event arrives: invalidate the query keys its api/ modules export, or
 * patch a cached value precisely where refetching would be wasteful. Each handler parses the event with
 * the shared schema of its type.
 */
export type EventHandler = (event: SvcEventBase, client: QueryClient) => void;
export type EventHandlers = Readonly<Record<string, EventHandler>>;

/** Combines the features' maps; several features may react to one event type. */
export function combineEventHandlers(...maps: EventHandlers[]): Map<string, EventHandler[]> {
  const combined = new Map<string, EventHandler[]>();
  for (const map of maps) {
    for (const [type, handler] of Object.entries(map)) {
      combined.set(type, [...(combined.get(type) ?? []), handler]);
    }
  }
  return combined;
}
