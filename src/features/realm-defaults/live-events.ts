import type { EventHandlers } from '../../client/event-handlers';
import { realmUserSettingsDefaultsEventSchema } from '../../shared/events/svc-events';
import { realmDefaultsRootKey, userSettingsDefaultsQueryOptions } from './api/get-user-settings-defaults';

function isSettingValue(value: unknown): value is boolean | number | string | null {
  return value === null || ['boolean', 'number', 'string'].includes(typeof value);
}

/**
 * Default settings for new users: an update event patches exactly the one setting it names in the cached
 * defaults; a value of a shape the cache cannot hold refetches instead.
 */
export const realmDefaultsEventHandlers: EventHandlers = {
  realm_user_settings_defaults: (raw, client) => {
    const event = realmUserSettingsDefaultsEventSchema.safeParse(raw);
    if (!event.success) return;
    const { property, value } = event.data;
    if (!isSettingValue(value)) {
      void client.invalidateQueries({ queryKey: realmDefaultsRootKey });
      return;
    }
    // Nothing cached: the next read fetches the current state anyway.
    client.setQueryData(userSettingsDefaultsQueryOptions().queryKey, (old) =>
      old?.defaults ? { ...old, defaults: { ...old.defaults, [property]: value } } : old,
    );
  },
};
