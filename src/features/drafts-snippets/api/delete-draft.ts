import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { draftsRootKey } from './get-drafts';

export function useDeleteDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => svc(svcOps.deleteDraft, { draft_id: id }),
    onSuccess: () => client.invalidateQueries({ queryKey: draftsRootKey }),
  });
}
