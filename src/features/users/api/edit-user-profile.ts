import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { usersRootKey } from './get-users';

/** One field's new value; '' (or [] for a users field) clears it. */
export type ProfileChange = { id: number; value: string | number[] } & Record<string, unknown>;

/** An administrator's edit of someone's name and custom profile fields, in one request. */
export function useEditUserProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, fullName, changes }: { userId: number; fullName?: string; changes: ProfileChange[] }) =>
      svc(svcOps.updateUser, {
        user_id: userId,
        ...(fullName !== undefined ? { full_name: fullName } : {}),
        ...(changes.length > 0 ? { profile_data: changes } : {}),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersRootKey }),
  });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: { email: string; password: string; full_name: string }) => svc(svcOps.createUser, params),
    onSuccess: () => client.invalidateQueries({ queryKey: usersRootKey }),
  });
}
