import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import type { DeactivationActions } from '../../../shared/svc/deactivation';
import { usersRootKey } from './get-users';

export interface DeactivateUserInput {
  userId: number;
  /** null: no notification email. A string (even empty) emails the user, with the text when non-empty. */
  notificationComment: string | null;
  /** The spam clean-up (level 459); undefined: none, and the parameter is left out. */
  actions?: DeactivationActions | undefined;
}

export function useDeactivateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, notificationComment, actions }: DeactivateUserInput) =>
      svc(svcOps.deactivateUser, {
        user_id: userId,
        // Leaving the parameter out is how the API spells null.
        ...(notificationComment === null ? {} : { deactivation_notification_comment: notificationComment }),
        ...(actions ? { actions } : {}),
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersRootKey }),
  });
}
