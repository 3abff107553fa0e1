import { useMutation, useQueryClient } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps, type ParamsOf } from '../../../shared/svc/catalog';
import { invitationsRootKey } from './get-invites';

export type CreateInviteLinkParams = ParamsOf<typeof svcOps.createInviteLink>;

export function useCreateInviteLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (params: CreateInviteLinkParams) => svc(svcOps.createInviteLink, params),
    onSuccess: () => client.invalidateQueries({ queryKey: invitationsRootKey }),
  });
}
