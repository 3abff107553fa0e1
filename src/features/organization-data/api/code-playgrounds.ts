import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bffCall } from '../../../client/bff-fetch';
import { svc } from '../../../client/svc-client';
import { stateApi } from '../../../shared/bff/protocol';
import { svcOps } from '../../../shared/svc/catalog';

export const playgroundsRootKey = ['organization-data', 'playgrounds'] as const;

/**
 * The organization's code playgrounds, from the register state the BFF keeps (no endpoint lists them);
 * null when the server sent none.
 */
export function playgroundsQueryOptions() {
  return queryOptions({
    queryKey: [...playgroundsRootKey, 'list'] as const,
    queryFn: async ({ signal }) => (await bffCall(stateApi.playgrounds, { signal })).playgrounds,
  });
}

export function usePlaygrounds() {
  return useQuery(playgroundsQueryOptions());
}

export interface NewPlayground {
  name: string;
  pygments_language: string;
  url_template: string;
}

export function useAddPlayground() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: NewPlayground) => svc(svcOps.addCodePlayground, input),
    onSuccess: () => client.invalidateQueries({ queryKey: playgroundsRootKey }),
  });
}

export function useRemovePlayground() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (playgroundId: number) => svc(svcOps.removeCodePlayground, { playground_id: playgroundId }),
    onSuccess: () => client.invalidateQueries({ queryKey: playgroundsRootKey }),
  });
}
