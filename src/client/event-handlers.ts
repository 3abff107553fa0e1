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
 * Whether a read of exactly `queryKey` is on its way: its answer may have been taken before the event being
 * handled, so a patch made now could be undone when it lands.
 */
export function readInFlight(client: QueryClient, queryKey: QueryKey): boolean {
  return client.isFetching({ queryKey, exact: true }) > 0;
}

/** Queries with a read in flight that an event has already asked to read again once it settles. */
const readAgainWhenSettled = new WeakSet<object>();

/**
 * Runs `then` once the read of `queryKey` in flight has settled (right away when none is). The read is not
 * cancelled: under a steady stream of events a big list could be cancelled before every answer and never shown.
 * Several events during one read ask once.
 */
function afterReadInFlight(client: QueryClient, queryKey: QueryKey, then: () => void): void {
  const cache = client.getQueryCache();
  const query = cache.find({ queryKey, exact: true });
  if (!query || query.state.fetchStatus === 'idle') return then();
  if (readAgainWhenSettled.has(query)) return;
  readAgainWhenSettled.add(query);
  const unsubscribe = cache.subscribe((event) => {
    if (event.query !== query || query.state.fetchStatus !== 'idle') return;
    unsubscribe();
    readAgainWhenSettled.delete(query);
    then();
  });
}

/**
 * Reads a list again after an event it cannot be patched with. A read of it still in flight may have been
 * answered from before the event (and invalidating would only wait for it when nothing is cached yet): the list is
 * read again once that read has settled. At once where a page shows the list, else when one does.
 */
export function readAgainAfterEvent(client: QueryClient, queryKey: QueryKey): void {
  afterReadInFlight(client, queryKey, () => void client.invalidateQueries({ queryKey, exact: true }));
}

/**
 * An event that carries one record (or a removed id) patches the cached list in place. A read of that list still
 * in flight (the first one, or a write's re-read) may have been answered from before this event: its answer would
 * put back what the event changed or, with nothing cached yet, leave the event unapplied. So once it lands, the
 * patch is applied to it again and the list read again, after the event (readAgainAfterEvent).
 */
export function patchFromEvent<TKey extends QueryKey, T = InferDataFromTag<unknown, TKey>>(
  client: QueryClient,
  queryKey: TKey,
  patch: (cached: T) => T,
): void {
  const apply = () => client.setQueryData<T>(queryKey, (cached) => (cached === undefined ? cached : patch(cached)));
  apply();
  if (!readInFlight(client, queryKey)) return;
  afterReadInFlight(client, queryKey, () => {
    apply();
    void client.invalidateQueries({ queryKey, exact: true });
  });
}
