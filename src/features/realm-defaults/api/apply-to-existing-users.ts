import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';

export type ApplyToExistingParams = z.input<typeof svcOps.updateSettingsForUsers.params>;

/**
 * Sets saved defaults for people who already have accounts (PATCH /settings with `target_users`). Nothing the
 * console caches changes: other people's settings are theirs, and the caller's own (if included) arrive as an
 * event.
 */
export function useApplyToExistingUsers() {
  return useMutation({
    mutationFn: (params: ApplyToExistingParams) => svc(svcOps.updateSettingsForUsers, params),
  });
}
