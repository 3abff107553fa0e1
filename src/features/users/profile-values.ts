import { selectOptions } from '../../shared/svc/profile-fields';
import type { CustomProfileField, User } from '../../shared/svc/records';
import type { ProfileChange } from './api/edit-user-profile';

/** Custom profile field types, as the server numbers them. */
export const FIELD_TYPE = { longText: 2, select: 3, date: 4, url: 5, users: 6 } as const;

/** A field's value as the form holds it: text, or the chosen user IDs of a users field. */
export type FormValue = string | string[];

export function initialValue(field: CustomProfileField, user: User): FormValue {
  const raw = user.profile_data?.[String(field.id)]?.value;
  if (field.type === FIELD_TYPE.users) {
    if (Array.isArray(raw)) return raw.map(String);
    try {
      const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : [];
      return Array.isArray(parsed) ? parsed.map(String) : [];
    } catch {
      return [];
    }
  }
  return raw === undefined || raw === null ? '' : String(raw);
}

/** The entries that differ from what the user has: only those are sent, so nobody else's edit is overwritten. */
export function profileChanges(
  fields: readonly CustomProfileField[],
  user: User,
  values: Readonly<Record<string, FormValue>>,
): ProfileChange[] {
  return fields.flatMap((field): ProfileChange[] => {
    const before = initialValue(field, user);
    const after = values[String(field.id)] ?? before;
    if (JSON.stringify(before) === JSON.stringify(after)) return [];
    if (Array.isArray(after)) return [{ id: field.id, value: after.map(Number) }];
    return [{ id: field.id, value: after.trim() }];
  });
}

/** The form's own check of a value before sending (the server checks again). */
export function valueProblem(field: CustomProfileField, value: FormValue): string | null {
  if (Array.isArray(value) || value.trim() === '') return null;
  if (field.type === FIELD_TYPE.url && !URL.canParse(value.trim()))
    return 'Enter a full link, e.g. https://example.com.';
  if (field.type === FIELD_TYPE.date && !/^\d{4}-\d{2}-\d{2}$/.test(value)) return 'Enter a date as YYYY-MM-DD.';
  const limit = field.type === FIELD_TYPE.longText ? 500 : field.type === FIELD_TYPE.url ? 2048 : 50;
  if (field.type !== FIELD_TYPE.select && value.length > limit) return `At most ${limit} characters.`;
  return null;
}

/**
 * A filled-in value as a person reads it, where the server stores a key: a choice by its option's text
 * ("Vim", not "0"), people by their names ("Iago", not "[11]"), as the Edit dialog shows them. Null for
 * kinds whose value is already words (text, dates, links), which are shown as the server renders them.
 */
export function valueInWords(
  field: CustomProfileField | undefined,
  user: User,
  nameOf: (userId: number) => string | undefined,
): string | null {
  if (!field) return null;
  const value = initialValue(field, user);
  if (field.type === FIELD_TYPE.users && Array.isArray(value)) {
    return value.map((id) => nameOf(Number(id)) ?? `Unknown user ${id}`).join(', ');
  }
  if (field.type === FIELD_TYPE.select && typeof value === 'string') {
    // An option since removed keeps its key, so the value is not hidden.
    return selectOptions(field.field_data).find((o) => o.key === value)?.text ?? `Option ${value} (removed)`;
  }
  return null;
}
