import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import type { Invite } from '../../../shared/svc/invites';
import { invitationsRootKey } from './get-invites';

/** Revokes an invitation by email or an invite link (two endpoints, one action for the user). */
export function useRevokeInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invite: Pick<Invite, 'id' | 'is_multiuse'>) =>
      invite.is_multiuse
        ? svc(svcOps.revokeInviteLink, { invite_id: invite.id })
        : svc(svcOps.revokeInvite, { invite_id: invite.id }),
    onSuccess: () => client.invalidateQueries({ queryKey: invitationsRootKey }),
  });
}
