import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

export type UpdateOwnSettingsParams = z.input<typeof svcOps.updateOwnSettings.params>;

/**
 * Changes my own settings. The cached settings are not patched here: they change when the server's
 * `user_settings` event has reached the BFF, which is how the page knows the change really holds.
 */
export function useUpdateOwnSettings() {
  return useMutation({
    mutationFn: (params: UpdateOwnSettingsParams) => svc(svcOps.updateOwnSettings, params),
  });
}
