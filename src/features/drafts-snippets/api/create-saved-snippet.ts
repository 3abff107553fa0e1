import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { savedSnippetsRootKey } from './get-saved-snippets';

export interface SnippetContent {
  title: string;
  content: string;
}

export function useCreateSavedSnippet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (snippet: SnippetContent) => (await svc(svcOps.createSavedSnippet, snippet)).saved_snippet_id,
    onSuccess: () => client.invalidateQueries({ queryKey: savedSnippetsRootKey }),
  });
}
