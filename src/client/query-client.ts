import { MutationCache, QueryCache, QueryClient, type QueryCacheNotifyEvent } from '@tanstack/react-query';
import { ApiError, isClientError } from './api-error';
import { bffErrorCodes } from '../shared/svc/error-codes';
import { sessionKey } from './session';

/**
 * A query dropped from the cache (its gcTime ran out, or it was removed) lets go of its data at once. The
 * cache forgets the query, but the browser may not: V8 keeps the accessor that react-query's fetch puts on
 * its first fetch context in a hidden class that outlives the fetch, and that accessor's closure holds the
 * query, so the first query fetched through each code path (e.g. the first topic a moderator opened, with
 * every page of messages loaded) would otherwise stay in memory for the life of the tab. A query still
 * observed (removed while on screen) keeps its state until its observers move to the query that replaces it.
 */
export function releaseRemovedData(event: QueryCacheNotifyEvent): void {
  if (event.type === 'removed' && event.query.getObserversCount() === 0) event.query.reset();
}

/** Every query and mutation shares one reaction to an expired session: re-read it, so the guard redirects. */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === bffErrorCodes.sessionExpired) {
      void client.invalidateQueries({ queryKey: sessionKey });
    }
  };
  const queryCache = new QueryCache({ onError });
  queryCache.subscribe(releaseRemovedData);
  const client: QueryClient = new QueryClient({
    queryCache,
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // 4xx answers are final; only transient failures are tried again.
        retry: (count, error) => !isClientError(error) && count < 2,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
