import type { InferDataFromTag, QueryClient, QueryKey } from '@tanstack/react-query';
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

/** The newest value each event set, by query: only the newest is set again once a cancelled read is undone. */
const newestFromEvent = new Map<string, unknown>();

/**
 * An event that carries a whole value (a list) replaces the cached one. A read still in flight (a write's
 * re-read) may have been answered from before this event and would land after it, putting back what the event
 * changed: it is cancelled, and since cancelling may restore the cache as it was before that read, the value is
 * set again after.
 */
export function replaceFromEvent(client: QueryClient, queryKey: QueryKey, value: unknown): void {
  const key = JSON.stringify(queryKey);
  newestFromEvent.set(key, value);
  const cancelled = client.cancelQueries({ queryKey, exact: true });
  client.setQueryData(queryKey, value);
  void cancelled.then(() => {
    if (newestFromEvent.get(key) === value) client.setQueryData(queryKey, value);
  });
}

/**
 * Reads a list again after an event it cannot be patched with. A read of it still in flight may have been
 * answered from before the event, and invalidating would only wait for that read when nothing is cached yet: it is
 * cancelled first. Read again at once where a page shows the list, else when one does.
 */
export function readAgainAfterEvent(client: QueryClient, queryKey: QueryKey): void {
  if (client.isFetching({ queryKey, exact: true }) === 0) {
    void client.invalidateQueries({ queryKey, exact: true });
    return;
  }
  void client
    .cancelQueries({ queryKey, exact: true })
    .then(() => client.invalidateQueries({ queryKey, exact: true }))
    .catch(() => undefined);
}

/**
 * An event that carries one record (or a removed id) patches the cached list in place. A read of that list still
 * in flight (the first one, or a write's re-read) may have been answered from before this event, and would land
 * after the patch, putting back what the event changed, or, with nothing cached yet, leave the event unapplied:
 * that read is cancelled (which may restore the list as it was before it, hence the patch again) and the list is
 * read again, after the event (readAgainAfterEvent).
 */
export function patchFromEvent<TKey extends QueryKey, T = InferDataFromTag<unknown, TKey>>(
  client: QueryClient,
  queryKey: TKey,
  patch: (cached: T) => T,
): void {
  const apply = () => client.setQueryData<T>(queryKey, (cached) => (cached === undefined ? cached : patch(cached)));
  const readInFlight = client.isFetching({ queryKey, exact: true }) > 0;
  apply();
  if (!readInFlight) return;
  void client
    .cancelQueries({ queryKey, exact: true })
    .then(() => {
      apply();
      return client.invalidateQueries({ queryKey, exact: true });
    })
    .catch(() => undefined);
}
