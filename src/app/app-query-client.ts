import { createQueryClient } from '../client/query-client';

/** The SPA's one QueryClient, shared by the providers and the route loaders that prefetch. */
export const appQueryClient = createQueryClient();
