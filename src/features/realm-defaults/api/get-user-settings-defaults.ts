import { queryOptions, useQuery } from '@tanstack/react-query';
import { bffFetch } from '../../../client/bff-fetch';
import { USER_SETTINGS_DEFAULTS_STATE_PATH, userSettingsDefaultsStateSchema } from '../../../shared/bff/protocol';

/** Every query key of this area starts here. */
export const realmDefaultsRootKey = ['realm-defaults'] as const;

/**
 * The organization's defaults for new users, as the session's register state holds them (the BFF keeps
 * it current with the server's events; the SPA never registers a queue of its own).
 */
export function userSettingsDefaultsQueryOptions() {
  return queryOptions({
    queryKey: [...realmDefaultsRootKey, 'user-settings-defaults'] as const,
    queryFn: async ({ signal }) =>
      userSettingsDefaultsStateSchema.parse(await bffFetch(USER_SETTINGS_DEFAULTS_STATE_PATH, { signal })),
  });
}

export function useUserSettingsDefaults() {
  return useQuery(userSettingsDefaultsQueryOptions());
}
