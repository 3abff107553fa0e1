import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import type { SettingValue } from '../../../shared/svc/user-settings-defaults';
import { userSettingsDefaultsQueryOptions } from './get-user-settings-defaults';

export type UpdateUserSettingsDefaultsParams = z.input<typeof svcOps.updateRealmUserSettingsDefaults.params>;

/** What the server took: the sent changes minus the parameters it reported as ignored. */
export function appliedChanges(
  changes: Readonly<Record<string, SettingValue>>,
  ignored: readonly string[] | undefined,
): Record<string, SettingValue> {
  return Object.fromEntries(Object.entries(changes).filter(([name]) => !ignored?.includes(name)));
}

/**
 * Sends only the changed settings. On success the cached defaults take the applied values at once: the
 * BFF's copy follows the server's events, which may land a moment after this response, so refetching it
 * now could bring the old values back. The events then confirm the same values (see live-events.ts).
 */
export function useUpdateUserSettingsDefaults() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changes: Record<string, SettingValue>) =>
      svc(svcOps.updateRealmUserSettingsDefaults, changes as UpdateUserSettingsDefaultsParams),
    onSuccess: (result, changes) => {
      const applied = appliedChanges(changes, result.ignored_parameters_unsupported);
      client.setQueryData(userSettingsDefaultsQueryOptions().queryKey, (old) =>
        old?.defaults ? { ...old, defaults: { ...old.defaults, ...applied } } : old,
      );
    },
  });
}
