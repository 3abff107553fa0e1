import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bffCall } from '../../../client/bff-fetch';
import { svc } from '../../../client/svc-client';
import { stateApi } from '../../../shared/bff/protocol';
import { svcOps } from '../../../shared/svc/catalog';
import { channelsRootKey } from './get-channels';

/**
 * The default channels for new users, as channel IDs (null: the server sent none). Real servers list them
 * only in the register state, which the BFF keeps current from `default_streams` events.
 */
export function defaultChannelsQueryOptions() {
  return queryOptions({
    queryKey: [...channelsRootKey, 'defaults'] as const,
    queryFn: async ({ signal }) => (await bffCall(stateApi.defaultChannels, { signal })).channelIds,
  });
}

export function useDefaultChannels() {
  return useQuery(defaultChannelsQueryOptions());
}

/** Adds (`POST /default_streams`) or removes (`DELETE`) one channel; administrators only. */
export function useSetDefaultChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ streamId, isDefault }: { streamId: number; isDefault: boolean }) =>
      svc(isDefault ? svcOps.addDefaultChannel : svcOps.removeDefaultChannel, { stream_id: streamId }),
    onSuccess: () => void client.invalidateQueries({ queryKey: defaultChannelsQueryOptions().queryKey }),
  });
}
