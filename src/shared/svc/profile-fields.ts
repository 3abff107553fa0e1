import { z } from 'zod';
import { FEATURE_LEVELS } from './features';
import { customProfileFieldSchema } from './records';

/**
 * Custom profile fields: the types a server knows, their `field_data`, and the limits the server applies
 * (names up to 40 characters, hints up to 80, at most 2 fields on the profile card).
 */
export const PROFILE_FIELD_TYPES = [
  { id: 1, label: 'Short text' },
  { id: 2, label: 'Long text' },
  { id: 3, label: 'List of options' },
  { id: 4, label: 'Date' },
  { id: 5, label: 'Link' },
  { id: 6, label: 'Users' },
  { id: 7, label: 'External account' },
  { id: 8, label: 'Pronouns' },
] as const;
export const PROFILE_FIELD_TYPE_ID = {
  shortText: 1,
  longText: 2,
  select: 3,
  date: 4,
  url: 5,
  user: 6,
  externalAccount: 7,
  pronouns: 8,
} as const;

export const PROFILE_FIELD_NAME_MAX = 40;
export const PROFILE_FIELD_HINT_MAX = 80;
export const PROFILE_SUMMARY_MAX = 2;
/**
 * Why a field of `type` cannot be shown on the profile card at `level`, or null when it can: users never,
 * long text ("Paragraph") only from level 476.
 */
export function notOnCardReason(type: number, level: number): string | null {
  if (type === PROFILE_FIELD_TYPE_ID.user) return 'User fields cannot be shown on the card.';
  if (type !== PROFILE_FIELD_TYPE_ID.longText) return null;
  const need = FEATURE_LEVELS.paragraphFieldSummary;
  return level >= need
    ? null
    : `Long text on the card needs a newer chat server: feature level ${need}, this one is at ${level}.`;
}

/** The types whose values can be matched in name suggestions (the API's rule): short text, external account. */
export const MATCHABLE_FIELD_TYPES: ReadonlySet<number> = new Set([1, 7]);
export const MATCHABLE_ONLY_MSG = 'Only short text and external account fields can be matched in name suggestions.';

/** The server's refusal of a name another field has; it names no parameter, so the form puts it on Name. */
export const PROFILE_FIELD_NAME_TAKEN_MSG = 'A field with that label already exists.';

/** External account kinds the server fills in itself (name and hint come from the server). */
export const EXTERNAL_ACCOUNT_SUBTYPES = [
  { id: 'github', label: 'GitHub' },
  { id: 'twitter', label: 'Twitter' },
  { id: 'custom', label: 'Custom' },
] as const;

export function profileFieldTypeLabel(type: number): string {
  return PROFILE_FIELD_TYPES.find((t) => t.id === type)?.label ?? `Type ${type}`;
}

export const profileFieldSchema = customProfileFieldSchema;
export type ProfileField = z.infer<typeof profileFieldSchema>;

/** `custom_profile_fields` event: the whole list, in order. */
export const customProfileFieldsEventSchema = z.looseObject({
  type: z.literal('custom_profile_fields'),
  fields: z.array(profileFieldSchema),
});

export interface SelectOption {
  text: string;
  order: string;
}

/** The options of a "List of options" field, by key, in their order; empty when the data cannot be read. */
export function selectOptions(fieldData: string): { key: string; text: string }[] {
  try {
    const parsed: unknown = JSON.parse(fieldData);
    if (!parsed || typeof parsed !== 'object') return [];
    return Object.entries(parsed as Record<string, Partial<SelectOption>>)
      .map(([key, v]) => ({ key, text: String(v.text ?? key), order: Number(v.order ?? 0) }))
      .sort((a, b) => a.order - b.order)
      .map(({ key, text }) => ({ key, text }));
  } catch {
    return [];
  }
}

/** The `field_data` a select field is created with: keys "0", "1", … in the given order. */
export function selectFieldData(texts: readonly string[]): Record<string, SelectOption> {
  const out: Record<string, SelectOption> = {};
  texts.forEach((text, index) => (out[String(index)] = { text, order: String(index + 1) }));
  return out;
}
