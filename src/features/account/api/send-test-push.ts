import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

export type SendTestPushParams = z.input<typeof svcOps.sendTestPushNotification.params>;

/** Sends an end-to-end encrypted test notification; nothing cached changes. */
export function useSendTestPush() {
  return useMutation({
    mutationFn: (params: SendTestPushParams) => svc(svcOps.sendTestPushNotification, params),
  });
}
