import { badRequest } from '../errors';
import { endpoint, userHandler } from '../handler';
import { SIM_LEVELS } from '../levels';
import {
  boolValue,
  intValue,
  json,
  strValue,
  textChecked,
  valueError,
  type Decoder,
  type ParamSpec,
} from '../param-spec';
import { NOTIFICATION_SOUNDS } from '../settings';
import type { SvcStore } from '../store';
import {
  MAX_EMAIL_BATCHING_SECONDS,
  SIM_USER_SETTINGS,
  spellSettingValue,
  storedSettingValue,
  valuesAt,
  type SimSettingDef,
} from '../user-setting-table';

type SettingValue = boolean | number | string;

/** The wire form of one setting: booleans and integers are JSON, text settings are taken as text. */
function settingParam(def: SimSettingDef): ParamSpec<SettingValue, false> {
  const decode: Decoder<SettingValue> =
    def.kind === 'boolean' ? boolValue : def.kind === 'text' || def.kind === 'text-choice' ? strValue : intValue;
  const spec = def.kind === 'text' || def.kind === 'text-choice' ? textChecked(decode) : json(decode);
  return spec
    .optional()
    .from(def.since ?? 0)
    .removedAt(def.until ?? Number.POSITIVE_INFINITY);
}

/** Every personal setting as a parameter, from the level that added it (PATCH /settings takes them too). */
export function userSettingParams(): Record<string, ParamSpec<SettingValue, false>> {
  return Object.fromEntries(Object.entries(SIM_USER_SETTINGS).map(([name, def]) => [name, settingParam(def)]));
}

/** Checks the server makes beyond the parameter types (the types were checked while decoding). */
export function checkSettingValue(name: string, def: SimSettingDef, value: SettingValue, level: number): void {
  if (def.kind === 'integer-choice' && !(valuesAt(def, level) as SettingValue[]).includes(value))
    throw badRequest(valueError(name));
  if (def.kind === 'text-choice' && !(valuesAt(def, level) as SettingValue[]).includes(value))
    throw badRequest(`Invalid ${name}`);
  if (name === 'notification_sound' && value !== 'none' && !(NOTIFICATION_SOUNDS as readonly unknown[]).includes(value))
    throw badRequest(`Invalid notification sound '${String(value)}'`);
  if (name === 'email_notifications_batching_period_seconds') {
    const seconds = value as number;
    if (seconds <= 0 || seconds > MAX_EMAIL_BATCHING_SECONDS)
      throw badRequest(`Invalid email batching period: ${seconds} seconds`);
  }
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
    endpoint({
      method: 'PATCH',
      path: '/realm/user_settings_defaults',
      params: userSettingParams(),
      since: SIM_LEVELS.userSettingsDefaultsEndpoint,
    }),
    ({ core, params }) => {
      const { store } = core;
      const level = store.featureLevel;
      const changes: [string, SettingValue][] = [];
      for (const [name, def] of Object.entries(SIM_USER_SETTINGS)) {
        const value = params[name];
        if (value === undefined) continue;
        checkSettingValue(name, def, value, level);
        // Stored under its current name (`recent`, never `recent_topics`): it reads right at any level.
        changes.push([name, storedSettingValue(name, value, level)]);
      }
      const current = defaults(store);
      for (const [name, value] of changes) {
        if (current[name] === value) continue;
        current[name] = value;
        const spelled = spellSettingValue(name, value, level);
        store.emit({ type: 'realm_user_settings_defaults', op: 'update', property: name, value: spelled });
      }
      return {};
    },
    { adminBeforeParams: true },
  ),
];
