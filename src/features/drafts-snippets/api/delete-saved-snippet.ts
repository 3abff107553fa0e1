import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { savedSnippetsRootKey } from './get-saved-snippets';

export function useDeleteSavedSnippet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => svc(svcOps.deleteSavedSnippet, { saved_snippet_id: id }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedSnippetsRootKey }),
  });
}
