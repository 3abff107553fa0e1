import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { contentParams, type LinkifierContent } from './add-linkifier';
import { linkifiersRootKey } from './get-linkifiers';

export function useUpdateLinkifier(featureLevel: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...content }: LinkifierContent & { id: number }) =>
      svc(svcOps.updateLinkifier, { filter_id: id, ...contentParams(content, featureLevel, true) }),
    onSuccess: () => client.invalidateQueries({ queryKey: linkifiersRootKey }),
  });
}
