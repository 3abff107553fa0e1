import { queryOptions, useQuery } from '@tanstack/react-query';
import { userSettingsEventSchema } from '../../shared/events/svc-events';
import { stateApi, type OwnSettingsState } from '../../shared/bff/protocol';
import { bffCall } from '../bff-fetch';
import type { EventHandlers } from '../event-handlers';

export type OwnSettings = OwnSettingsState['settings'];

/** The one cached copy of the signed-in user's own settings. */
export const ownSettingsKey = ['reference', 'own-settings'] as const;

/**
 * The signed-in user's own settings, from the register state the BFF keeps current, read once for every page
 * that needs one (drafts synchronization, data-export consent).
 */
export function ownSettingsQueryOptions() {
  return queryOptions({
    queryKey: ownSettingsKey,
    queryFn: async ({ signal }): Promise<OwnSettings> => (await bffCall(stateApi.ownSettings, { signal })).settings,
  });
}

/** `pollMs`: read again at this interval, while a page waits to see a change it made hold. */
export function useOwnSettings(pollMs: number | false = false) {
  return useQuery({ ...ownSettingsQueryOptions(), refetchInterval: pollMs });
}

/** The BFF has applied a `user_settings` event to the state it serves by the time the tab hears of it. */
export const ownSettingsEventHandlers: EventHandlers = {
  user_settings: (raw, client) => {
    if (userSettingsEventSchema.safeParse(raw).success) void client.invalidateQueries({ queryKey: ownSettingsKey });
  },
};
