import { queryOptions, useQuery } from '@tanstack/react-query';
import { stateApi, type RealmState } from '../../shared/bff/protocol';
import { bffCall } from '../bff-fetch';
import type { EventHandlers } from '../event-handlers';

export type RealmSettings = RealmState['realm'];

/** The one cached copy of the organization's settings. */
export const realmStateKey = ['reference', 'realm'] as const;

/**
 * The organization's settings as the BFF holds them (its register state), read once for every page that
 * needs them (channels, groups, topics, invitations, emoji); each page picks what it needs with `select`.
 */
export function realmStateQueryOptions() {
  return queryOptions({
    queryKey: realmStateKey,
    queryFn: async ({ signal }): Promise<RealmSettings> => (await bffCall(stateApi.realm, { signal })).realm,
  });
}

/** The settings, or what `select` makes of them (a function defined once, as for any `select`). */
export function useRealmState<T = RealmSettings>(select?: (realm: RealmSettings) => T) {
  return useQuery({ ...realmStateQueryOptions(), select });
}

/** The BFF has applied a `realm` event to the state it serves by the time the tab hears of it. */
export const realmStateEventHandlers: EventHandlers = {
  realm: (_event, client) => void client.invalidateQueries({ queryKey: realmStateKey }),
};
