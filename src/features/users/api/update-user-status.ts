import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { userStatusQueryOptions } from './get-user-status';

export type UpdateUserStatusParams = z.input<typeof svcOps.updateUserStatus.params>;

export function useUpdateUserStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: UpdateUserStatusParams) => svc(svcOps.updateUserStatus, params),
    onSuccess: (_data, params) =>
      client.invalidateQueries({ queryKey: userStatusQueryOptions(params.user_id).queryKey }),
  });
}
