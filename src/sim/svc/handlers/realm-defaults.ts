import { svcOps } from '../../../shared/svc';
import {
  optionAllowedAt,
  USER_SETTINGS,
  type SettingValue,
  type UserSettingDef,
} from '../../../shared/svc/user-settings-defaults';
import { badRequest } from '../errors';
import { userHandler } from '../handler';
import { NOTIFICATION_SOUNDS } from '../settings';
import type { SvcStore } from '../store';

/** `none` turns the sound off; any other name must be one the server ships. */
function checkNotificationSound(value: string): void {
  if (value !== 'none' && !(NOTIFICATION_SOUNDS as readonly string[]).includes(value)) {
    throw badRequest(`Invalid notification sound '${value}'`);
  }
}

/** Checks the server makes beyond the parameter types (the types were checked while parsing). */
function checkValue(def: UserSettingDef, value: SettingValue, level: number): void {
  if (!optionAllowedAt(def, value, level)) throw badRequest(`Invalid ${def.name}`);
  if (def.name === 'notification_sound' && typeof value === 'string') checkNotificationSound(value);
}

function defaults(store: SvcStore): Record<string, SettingValue> {
  // The store's record is typed per setting; the table reads and writes it by name.
  return store.userSettingsDefaults as unknown as Record<string, SettingValue>;
}

/**
 * PATCH /realm/user_settings_defaults: administrators only. Every value is checked before anything
 * changes; each setting that really changes is stored and announced in its own event. Parameters the
 * server does not know at its level (`dense_mode` from 364, settings newer than the server) never reach
 * here: they are ignored and reported in `ignored_parameters_unsupported`.
 */
export const realmDefaultsHandlers = [
  userHandler(
    svcOps.updateRealmUserSettingsDefaults,
    ({ core, params }) => {
      const { store } = core;
      const level = store.featureLevel;
      const changes: [string, SettingValue][] = [];
      for (const def of USER_SETTINGS) {
        const value = (params as Record<string, SettingValue | undefined>)[def.name];
        if (value === undefined) continue;
        checkValue(def, value, level);
        changes.push([def.name, value]);
      }
      const current = defaults(store);
      for (const [name, value] of changes) {
        if (current[name] === value) continue;
        current[name] = value;
        store.emit({ type: 'realm_user_settings_defaults', op: 'update', property: name, value });
      }
      return {};
    },
    { adminBeforeParams: true },
  ),
];
