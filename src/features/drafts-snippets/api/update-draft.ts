import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { draftPayload } from '../../../shared/svc/drafts';
import type { DraftContent } from './create-draft';
import { draftsRootKey } from './get-drafts';

export function useUpdateDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...draft }: DraftContent & { id: number }) =>
      svc(svcOps.updateDraft, { draft_id: id, draft: draftPayload(draft) }),
    onSuccess: () => client.invalidateQueries({ queryKey: draftsRootKey }),
  });
}
