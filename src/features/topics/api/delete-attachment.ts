import { useMutation } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

/** Deletes uploads an edit left unreferenced; resolves with the IDs the server refused, if any. */
export function useDeleteAttachments() {
  return useMutation({
    mutationFn: async (ids: readonly number[]) => {
      const refused: number[] = [];
      for (const id of ids) {
        await svc(svcOps.deleteAttachment, { attachment_id: id }).catch(() => refused.push(id));
      }
      return refused;
    },
  });
}
