import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { usersRootKey } from './get-users';

export function useReactivateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => svc(svcOps.reactivateUser, { user_id: userId }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersRootKey }),
  });
}
