import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bffCall } from '../../../client/bff-fetch';
import { ownSessionsApi } from '../../../shared/bff/protocol';
import { ownSessionsQueryOptions } from './get-own-sessions';

/** Signs one of the user's other browsers out (DELETE /bff/session/sessions/{handle}); the list is read again. */
export function useEndOwnSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (handle: string) => {
      await bffCall(ownSessionsApi.end, { params: { handle } });
    },
    onSettled: () => client.invalidateQueries({ queryKey: ownSessionsQueryOptions().queryKey }),
  });
}
