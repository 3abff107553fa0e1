import { z } from 'zod';
import { svcEventBaseSchema } from '../events/svc-events';
import { FEATURE_LEVELS } from './features';
import { templateVariables, urlTemplateProblem } from './linkifiers/template';

/**
 * Organization data: data exports (`/export/realm*`, `realm_export` events) and code playgrounds
 * (`/realm/playgrounds*`, `realm_playgrounds` in the register state and in events).
 */

/** Feature levels of this area (see the API changelog; measured on a level-372 server). */
export const ORGANIZATION_DATA_LEVELS = {
  /** Code playgrounds themselves. */
  playgrounds: FEATURE_LEVELS.playgrounds,
  /** `url_template` replaced `url_prefix` when adding a playground. */
  playgroundUrlTemplate: FEATURE_LEVELS.playgroundUrlTemplate,
  /** `GET /export/realm/consents`. */
  exportConsents: FEATURE_LEVELS.exportConsents,
  /** `export_type` (public or standard with consent) when requesting and in the records. */
  exportType: FEATURE_LEVELS.exportType,
} as const;

/**
 * The kinds of data export, in the newest spelling (words from level 449; the numbers 1 and 2 before it, which
 * the BFF writes and reads for older servers: api-changes.ts). A full export without consent is new in 449.
 */
export const EXPORT_TYPES = {
  public: 'public',
  withConsent: 'full_with_consent',
  withoutConsent: 'full_without_consent',
} as const;
export type ExportType = (typeof EXPORT_TYPES)[keyof typeof EXPORT_TYPES];
export const exportTypeSchema = z.enum([EXPORT_TYPES.public, EXPORT_TYPES.withConsent, EXPORT_TYPES.withoutConsent]);

/** One data export as the server lists it. */
export const realmExportSchema = z.looseObject({
  id: z.number().int(),
  acting_user_id: z.number().int(),
  export_time: z.number(),
  deleted_timestamp: z.number().nullable(),
  failed_timestamp: z.number().nullable(),
  export_url: z.string().nullable(),
  pending: z.boolean(),
  /**
   * Absent before level 304 (every export was public then). A word the console does not know (a later server's
   * new kind) is kept and shown as such, not refused.
   */
  export_type: z.union([z.string(), z.number()]).optional(),
});
export type RealmExport = z.infer<typeof realmExportSchema>;

export const exportConsentSchema = z.looseObject({ user_id: z.number().int(), consented: z.boolean() });
export type ExportConsent = z.infer<typeof exportConsentSchema>;

/** Sent to the organization's administrators whenever an export's state changes: the whole list. */
export const realmExportEventSchema = svcEventBaseSchema.extend({
  type: z.literal('realm_export'),
  exports: z.array(realmExportSchema),
});

export type ExportStatus = 'pending' | 'ready' | 'failed' | 'deleted';

/** What became of an export, from the fields the server sets as it goes. */
export function exportStatus(e: RealmExport): ExportStatus {
  if (e.deleted_timestamp !== null) return 'deleted';
  if (e.failed_timestamp !== null) return 'failed';
  if (e.pending) return 'pending';
  return e.export_url !== null ? 'ready' : 'failed';
}

/** The download address, when it is a web address (anything else is not offered as a link). */
export function exportDownloadUrl(e: RealmExport): string | null {
  if (exportStatus(e) !== 'ready' || e.export_url === null) return null;
  return /^https?:\/\/[^\s]+$/i.test(e.export_url) ? e.export_url : null;
}

export const realmPlaygroundSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  pygments_language: z.string(),
  /** `url_prefix` on servers before level 196. */
  url_template: z.string().optional(),
  url_prefix: z.string().optional(),
});
export type RealmPlayground = z.infer<typeof realmPlaygroundSchema>;

/** The whole list, whenever it changes. */
export const realmPlaygroundsEventSchema = svcEventBaseSchema.extend({
  type: z.literal('realm_playgrounds'),
  realm_playgrounds: z.array(realmPlaygroundSchema),
});

/** The server's MAX_PYGMENTS_LANGUAGE_LENGTH; a longer one gets an HTTP 500 from a level-372 server. */
export const PYGMENTS_LANGUAGE_MAX = 40;

export const playgroundNameSchema = z
  .string()
  .trim()
  .min(1, 'Enter a name.')
  .max(200, 'The name is at most 200 characters.');

export const pygmentsLanguageSchema = z
  .string()
  .trim()
  .min(1, 'Enter the Pygments language, e.g. Python.')
  .max(PYGMENTS_LANGUAGE_MAX, `The language is at most ${PYGMENTS_LANGUAGE_MAX} characters.`)
  .regex(/^[ a-zA-Z0-9_+\-./#]*$/, 'Invalid characters in pygments language');

/**
 * What is wrong with a playground's URL template, or null: an RFC 6570 template of a web address whose only
 * variable is `code` (the server checks the same, except that it also takes addresses that are not web addresses).
 */
export function playgroundTemplateProblem(raw: string): string | null {
  const template = raw.trim();
  if (template === '') return 'Enter a URL template.';
  if (!/^https?:\/\//i.test(template)) return 'The URL template must start with https:// or http://.';
  const problem = urlTemplateProblem(template);
  if (problem) return `Invalid URL template: ${problem}.`;
  const names = templateVariables(template);
  if (!names.includes('code')) return 'Missing the required variable "code" in the URL template';
  if (names.length !== 1) return '"code" should be the only variable present in the URL template';
  return null;
}

export const playgroundUrlTemplateSchema = z.string().superRefine((value, ctx) => {
  const problem = playgroundTemplateProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});
