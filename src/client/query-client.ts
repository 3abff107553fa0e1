import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError, isClientError } from './api-error';
import { bffErrorCodes } from '../shared/svc/error-codes';
import { sessionKey } from './session';

/** Every query and mutation shares one reaction to an expired session: re-read it, so the guard redirects. */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.code === bffErrorCodes.sessionExpired) {
      void client.invalidateQueries({ queryKey: sessionKey });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
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
