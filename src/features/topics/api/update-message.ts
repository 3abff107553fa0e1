import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps, type ParamsOf } from '../../../shared/svc/catalog';
import { topicsRootKey } from './get-channels';

export type UpdateMessageParams = ParamsOf<typeof svcOps.updateMessage>;

/** Edit or move; what changed refreshes by event, and here too for this tab. */
export function useUpdateMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: UpdateMessageParams) => svc(svcOps.updateMessage, params),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: [...topicsRootKey, 'activity'] });
      void client.invalidateQueries({ queryKey: [...topicsRootKey, 'messages'] });
    },
  });
}
