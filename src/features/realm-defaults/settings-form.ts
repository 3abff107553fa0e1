import { withUnit } from '../../shared/labels';
import {
  USER_SETTINGS,
  userSettingExistsAt,
  type SettingValue,
  type UserSettingDef,
} from '../../shared/svc/user-settings-defaults';

/** A setting's value in the form: the wire value, or '' while a number box is empty. */
export type FormValue = SettingValue | '';
export type FormValues = Record<string, FormValue>;
export type Defaults = Readonly<Record<string, SettingValue>>;

/** The settings the page shows at this level: removed ones are left out, newer ones stay (disabled, with the reason). */
export function visibleSettings(level: number): UserSettingDef[] {
  return USER_SETTINGS.filter((def) => level < (def.removedAt ?? Infinity));
}

/** Why a setting cannot be edited on this server, or null when it can. */
export function unavailableReason(def: UserSettingDef, defaults: Defaults, level: number): string | null {
  if (!userSettingExistsAt(def, level)) {
    return `Needs a newer chat server: feature level ${def.minLevel ?? 0}, this one is at ${level}.`;
  }
  return def.name in defaults ? null : 'This server does not report this setting.';
}

/** The form starts from the server's values of the settings it can edit. */
export function initialFormValues(defaults: Defaults, level: number): FormValues {
  const values: FormValues = {};
  for (const def of visibleSettings(level)) {
    if (unavailableReason(def, defaults, level) === null) values[def.name] = defaults[def.name] ?? null;
  }
  return values;
}

/** The settings whose form value differs from the server's, in the table's order: what a save sends. */
export function changedSettings(values: FormValues, defaults: Defaults): Record<string, FormValue> {
  const changes: Record<string, FormValue> = {};
  for (const def of USER_SETTINGS) {
    if (def.name in values && values[def.name] !== defaults[def.name]) changes[def.name] = values[def.name]!;
  }
  return changes;
}

/** "16 px", "140%", "120 seconds". */
/** The message for a changed number the console does not offer; null when it is fine. */
export function integerError(def: UserSettingDef, value: FormValue): string | null {
  if (def.kind !== 'integer') return null;
  if (value === '' || value === null) return 'Enter a number.';
  if (typeof value !== 'number' || !Number.isInteger(value)) return 'Enter a whole number.';
  if (value < def.min || value > def.max) return `Enter a value from ${def.min} to ${withUnit(def.max, def.unit)}.`;
  return null;
}

/** Errors of the changed settings by name (unchanged values are the server's and are never blocked). */
export function changeErrors(changes: Record<string, FormValue>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const def of USER_SETTINGS) {
    if (!(def.name in changes)) continue;
    const error = integerError(def, changes[def.name]!);
    if (error) errors[def.name] = error;
  }
  return errors;
}

/**
 * The form after the server's values moved from `previous` to `next` (another admin, a save): fields the
 * admin has not touched follow the server; their own edits stay.
 */
export function rebaseFormValues(values: FormValues, previous: Defaults, next: Defaults): FormValues {
  const rebased: FormValues = { ...values };
  for (const name of Object.keys(values)) {
    if (values[name] === previous[name] && name in next) rebased[name] = next[name]!;
  }
  return rebased;
}

export function formatChangeCount(count: number): string {
  if (count === 0) return 'No unsaved changes';
  return count === 1 ? '1 unsaved change' : `${count} unsaved changes`;
}
