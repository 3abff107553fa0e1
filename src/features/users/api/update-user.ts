import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import type { Role } from '../../../shared/svc/roles';
import { usersRootKey } from './get-users';

export function useUpdateUserRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: number; role: Role }) => svc(svcOps.updateUser, { user_id: userId, role }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersRootKey }),
  });
}
