import { queryOptions } from '@tanstack/react-query';
import { stateApi } from '../../shared/bff/protocol';
import { realmUserSettingsDefaultsEventSchema } from '../../shared/events/svc-events';
import { bffCall } from '../bff-fetch';
import { patchFromEvent, type EventHandlers } from '../event-handlers';

/** Every key of the new-member defaults starts here. */
export const realmDefaultsRootKey = ['realm-defaults'] as const;

/**
 * The organization's defaults for new users, as the session's register state holds them (the BFF keeps it
 * current with the server's events; the SPA never registers a queue of its own): one copy for the defaults
 * page and the invitations' preview of a new member's first day.
 */
export function userSettingsDefaultsQueryOptions() {
  return queryOptions({
    queryKey: [...realmDefaultsRootKey, 'user-settings-defaults'] as const,
    queryFn: async ({ signal }) => bffCall(stateApi.userSettingsDefaults, { signal }),
  });
}

function isSettingValue(value: unknown): value is boolean | number | string | null {
  return value === null || ['boolean', 'number', 'string'].includes(typeof value);
}

/**
 * Default settings for new users: an update event patches exactly the one setting it names in the cached
 * defaults; a value of a shape the cache cannot hold refetches instead.
 */
export const userSettingsDefaultsEventHandlers: EventHandlers = {
  realm_user_settings_defaults: (raw, client) => {
    const event = realmUserSettingsDefaultsEventSchema.safeParse(raw);
    if (!event.success) return;
    const { property, value } = event.data;
    if (!isSettingValue(value)) {
      void client.invalidateQueries({ queryKey: realmDefaultsRootKey });
      return;
    }
    // Nothing cached: the next read fetches the current state anyway (one in flight: see patchFromEvent).
    patchFromEvent(client, userSettingsDefaultsQueryOptions().queryKey, (old) =>
      old.defaults ? { ...old, defaults: { ...old.defaults, [property]: value } } : old,
    );
  },
};
