import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

export type AddApnsTokenParams = z.input<typeof svcOps.addApnsDeviceToken.params>;

/** The deprecated APNs token registration; nothing cached changes. */
export function useAddApnsToken() {
  return useMutation({
    mutationFn: (params: AddApnsTokenParams) => svc(svcOps.addApnsDeviceToken, params),
  });
}
