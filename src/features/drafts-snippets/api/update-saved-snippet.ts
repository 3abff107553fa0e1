import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import type { SnippetContent } from './create-saved-snippet';
import { savedSnippetsRootKey } from './get-saved-snippets';

export function useUpdateSavedSnippet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...content }: Partial<SnippetContent> & { id: number }) =>
      svc(svcOps.updateSavedSnippet, { saved_snippet_id: id, ...content }),
    onSuccess: () => client.invalidateQueries({ queryKey: savedSnippetsRootKey }),
  });
}
