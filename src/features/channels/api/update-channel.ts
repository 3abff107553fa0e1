import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps, type ParamsOf } from '../../../shared/svc/catalog';
import { invalidateChannelsArea } from './get-channels';

export type UpdateChannelParams = ParamsOf<typeof svcOps.updateChannel>;

/**
 * `PATCH /streams/{stream_id}`: only the fields given change. The list refreshes by event, and here too
 * for this tab (the form then shows what the server stored, not what was typed).
 */
export function useUpdateChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: UpdateChannelParams) => svc(svcOps.updateChannel, params),
    onSuccess: () => void invalidateChannelsArea(client),
  });
}

/** `DELETE /streams/{stream_id}`: archives the channel. */
export function useArchiveChannel() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (streamId: number) => svc(svcOps.archiveChannel, { stream_id: streamId }),
    onSuccess: () => void invalidateChannelsArea(client),
  });
}
