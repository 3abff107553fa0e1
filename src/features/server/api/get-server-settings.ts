import { queryOptions, useQuery } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

export const serverSettingsKey = ['server', 'settings'] as const;

export function serverSettingsQueryOptions() {
  return queryOptions({
    queryKey: serverSettingsKey,
    queryFn: async ({ signal }) => svc(svcOps.getServerSettings, {}, { signal }),
  });
}

export function useServerSettings() {
  return useQuery(serverSettingsQueryOptions());
}
