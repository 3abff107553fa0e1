import {
  USER_SETTINGS_BY_NAME,
  type SettingOption,
  type SettingValue,
  type UserSettingDef,
} from '../svc/user-settings-defaults';
import { paramLabel } from './params';

/** The notification sound that is no sound. */
export const NO_SOUND = 'none';

/** A notification sound's name as a person reads it: `ding` → "Ding", `none` → "None". */
export function soundLabel(name: string): string {
  return name === NO_SOUND ? 'None' : name.charAt(0).toUpperCase() + name.slice(1);
}

/** A number with its unit as people write it: "16 px", "140%". */
export function withUnit(value: number, unit: string): string {
  return unit === '%' ? `${value}%` : `${value} ${unit}`;
}

/** A personal setting's value as a person reads it: "On", "Dark", "16 px" (never the API's 1, 2, 3). */
export function userSettingValueLabel(def: UserSettingDef, value: SettingValue | undefined): string {
  if (value === null || value === undefined || value === '') return 'not set';
  switch (def.kind) {
    case 'boolean':
      return value ? 'On' : 'Off';
    case 'integer-choice':
    case 'text-choice':
      return (
        (def.options as readonly SettingOption<number | string>[]).find((o) => o.value === value)?.label ??
        String(value)
      );
    case 'integer':
      return typeof value === 'number' ? withUnit(value, def.unit) : String(value);
    case 'text':
      return def.name === 'notification_sound' ? soundLabel(String(value)) : String(value);
  }
}

/**
 * One personal setting by its API name and value, worded as the Defaults page words it: `color_scheme`, 1 →
 * { label: "Color theme", value: "Automatic (follows the system)" }. A setting the console does not know yet
 * is still put in words (its name) with its value as sent.
 */
export function describeUserSetting(name: string, value: unknown): { label: string; value: string } {
  const def = USER_SETTINGS_BY_NAME.get(name);
  if (def) {
    const known =
      typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string' || value === null
        ? value
        : undefined;
    return { label: def.label, value: userSettingValueLabel(def, known) };
  }
  const text =
    typeof value === 'boolean'
      ? value
        ? 'On'
        : 'Off'
      : value === null || value === undefined
        ? 'not set'
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  return { label: paramLabel(name), value: text };
}
