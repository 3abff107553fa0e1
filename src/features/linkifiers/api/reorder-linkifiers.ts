import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { linkifiersQueryOptions, linkifiersRootKey } from './get-linkifiers';

/**
 * Moves linkifiers into a new order. The list shows the new order at once (a dragged row should not jump
 * back while the request is in flight) and returns to the old one if the server refuses.
 */
export function useReorderLinkifiers() {
  const client = useQueryClient();
  const key = linkifiersQueryOptions().queryKey;
  return useMutation({
    mutationFn: (orderedIds: number[]) => svc(svcOps.reorderLinkifiers, { ordered_linkifier_ids: orderedIds }),
    onMutate: async (orderedIds) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData(key);
      if (previous) {
        const byId = new Map(previous.map((l) => [l.id, l] as const));
        const next = orderedIds.flatMap((id) => byId.get(id) ?? []);
        if (next.length === previous.length) client.setQueryData(key, next);
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: linkifiersRootKey }),
  });
}
