import { queryOptions, useQuery } from '@tanstack/react-query';
import { bffFetch } from '../../../client/bff-fetch';
import { REALM_STATE_PATH, realmStateSchema } from '../../../shared/bff/protocol';
import { channelsRootKey } from './get-channels';

/** The organization's settings (who may create which channels, retention default, spectator access). */
export function channelsRealmQueryOptions() {
  return queryOptions({
    queryKey: [...channelsRootKey, 'realm'] as const,
    queryFn: async ({ signal }) => realmStateSchema.parse(await bffFetch(REALM_STATE_PATH, { signal })).realm,
  });
}

export function useChannelsRealm() {
  return useQuery(channelsRealmQueryOptions());
}
