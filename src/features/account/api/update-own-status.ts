import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { userStatusRootKey } from '../../../client/reference-data/user-status';

export type UpdateOwnStatusParams = z.input<typeof svcOps.updateOwnStatus.params>;

export function useUpdateOwnStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: UpdateOwnStatusParams) => svc(svcOps.updateOwnStatus, params),
    onSuccess: () => client.invalidateQueries({ queryKey: userStatusRootKey }),
  });
}
