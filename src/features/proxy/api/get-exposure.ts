import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../client/api-error';
import { bffCall } from '../../../client/bff-fetch';
import { z } from 'zod';
import { proxyApi } from '../../../shared/bff/proxy-api';
import type { ProxyExposure } from '../../../shared/proxy';
import { proxyRootKey } from './get-overview';

/** The BFF checks the dashboard's public reads now and then; an hour-old answer is still what an admin needs. */
const EXPOSURE_STALE_MS = 10 * 60_000;

/**
 * What the dashboard answers to anyone without a key or session (`GET /bff/proxy/exposure`), as the BFF found it.
 * A BFF without the check (404), or an answer the console cannot read, is "nothing known": null, never an error.
 */
export function proxyExposureQueryOptions() {
  return queryOptions({
    queryKey: [...proxyRootKey, 'exposure'] as const,
    queryFn: async ({ signal }): Promise<ProxyExposure | null> => {
      try {
        return await bffCall(proxyApi.exposure, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        if (error instanceof z.ZodError) return null;
        throw error;
      }
    },
    staleTime: EXPOSURE_STALE_MS,
    retry: false,
  });
}

export function useProxyExposure() {
  return useQuery(proxyExposureQueryOptions());
}
