import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { profileFieldsQueryOptions, profileFieldsRootKey } from './get-profile-fields';

/** Shows the new order at once and returns to the old one if the server refuses. */
export function useReorderProfileFields() {
  const client = useQueryClient();
  const key = profileFieldsQueryOptions().queryKey;
  return useMutation({
    mutationFn: (order: number[]) => svc(svcOps.reorderCustomProfileFields, { order }),
    onMutate: async (order) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData(key);
      if (previous) {
        const byId = new Map(previous.map((f) => [f.id, f] as const));
        const next = order.flatMap((id) => byId.get(id) ?? []);
        if (next.length === previous.length) client.setQueryData(key, next);
      }
      return { previous };
    },
    onError: (_error, _order, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
    },
    onSettled: () => client.invalidateQueries({ queryKey: profileFieldsRootKey }),
  });
}
