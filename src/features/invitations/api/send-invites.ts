import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps, type ParamsOf } from '../../../shared/svc/catalog';
import { invitationsRootKey } from './get-invites';

export type SendInvitesParams = ParamsOf<typeof svcOps.sendInvites>;

/** Refreshes the list whatever the answer: a partial failure still invited some addresses. */
export function useSendInvites() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: SendInvitesParams) => svc(svcOps.sendInvites, params),
    onSettled: () => client.invalidateQueries({ queryKey: invitationsRootKey }),
  });
}
