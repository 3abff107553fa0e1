import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bffFetch } from '../../../client/bff-fetch';
import { ownSessionPath } from '../../../shared/bff/protocol';
import { ownSessionsQueryOptions } from './get-own-sessions';

/** Signs one of the user's other browsers out (DELETE /bff/session/sessions/{handle}); the list is read again. */
export function useEndOwnSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (handle: string) => {
      await bffFetch(ownSessionPath(handle), { method: 'DELETE' });
    },
    onSettled: () => client.invalidateQueries({ queryKey: ownSessionsQueryOptions().queryKey }),
  });
}
