import { useMutation } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

export function useResendInvite() {
  return useMutation({ mutationFn: (inviteId: number) => svc(svcOps.resendInvite, { invite_id: inviteId }) });
}
