import { queryOptions, useQuery } from '@tanstack/react-query';
import { bffFetch } from '../../../client/bff-fetch';
import { OWN_SETTINGS_STATE_PATH, ownSettingsStateSchema } from '../../../shared/bff/protocol';

export const ownSettingsKey = ['drafts-snippets', 'own-settings'] as const;

/** The signed-in user's own settings, from the register state the BFF keeps current. */
export function ownSettingsQueryOptions() {
  return queryOptions({
    queryKey: ownSettingsKey,
    queryFn: async ({ signal }) =>
      ownSettingsStateSchema.parse(await bffFetch(OWN_SETTINGS_STATE_PATH, { signal })).settings,
  });
}

export function useOwnSettings() {
  return useQuery(ownSettingsQueryOptions());
}
