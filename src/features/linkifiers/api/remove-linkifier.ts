import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { linkifiersRootKey } from './get-linkifiers';

export function useRemoveLinkifier() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => svc(svcOps.removeLinkifier, { filter_id: id }),
    onSuccess: () => client.invalidateQueries({ queryKey: linkifiersRootKey }),
  });
}
