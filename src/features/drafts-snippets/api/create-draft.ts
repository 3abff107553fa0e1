import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { draftPayload, type DraftInput } from '../../../shared/svc/drafts';
import { draftsRootKey } from './get-drafts';

export type DraftContent = Pick<DraftInput, 'type' | 'to' | 'topic' | 'content'>;

export function useCreateDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (draft: DraftContent) => (await svc(svcOps.createDrafts, { drafts: [draftPayload(draft)] })).ids,
    onSuccess: () => client.invalidateQueries({ queryKey: draftsRootKey }),
  });
}
