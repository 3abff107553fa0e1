import { z } from 'zod';
import { svcEventBaseSchema } from '../../events/svc-events';
import { FEATURE_LEVELS } from '../features';
import { formatStringToTemplate } from './template';

/** Feature levels of the linkifier endpoints and fields. */
export const LINKIFIER_LEVELS = {
  /** `GET /realm/linkifiers` (older servers only had `GET /realm/filters`). */
  list: FEATURE_LEVELS.linkifierList,
  /** `PATCH /realm/filters/{filter_id}`. */
  edit: FEATURE_LEVELS.linkifierEdit,
  /** `url_template` (RFC 6570) replaced `url_format_string` / `url_format` (`%(name)s`). */
  urlTemplate: FEATURE_LEVELS.linkifierUrlTemplate,
  /** `PATCH /realm/linkifiers`; before it, linkifiers applied in ID order. */
  reorder: FEATURE_LEVELS.linkifierReorder,
  /** `example_input` and `reverse_template`: a pasted URL turned back into the pattern's text. */
  reverse: FEATURE_LEVELS.linkifierReverse,
  /** `alternative_url_templates`: more URLs the reverse template turns back (never used to make links). */
  alternativeUrls: FEATURE_LEVELS.linkifierAlternativeUrls,
} as const;

/**
 * One linkifier as listed; servers before level 176 send `url_format` instead of `url_template`. From level 471
 * `example_input` and `reverse_template` (null when not set), from 478 `alternative_url_templates`.
 */
export const linkifierSchema = z.looseObject({
  id: z.number().int(),
  pattern: z.string(),
  url_template: z.string().optional(),
  url_format: z.string().optional(),
  example_input: z.string().nullable().optional(),
  reverse_template: z.string().nullable().optional(),
  alternative_url_templates: z.array(z.string()).optional(),
});
export type Linkifier = z.infer<typeof linkifierSchema>;

/** The `realm_linkifiers` event: the whole list, in the order the server applies it. */
export const realmLinkifiersEventSchema = svcEventBaseSchema.extend({
  type: z.literal('realm_linkifiers'),
  realm_linkifiers: z.array(linkifierSchema),
});
export type RealmLinkifiersEvent = z.infer<typeof realmLinkifiersEventSchema>;

/** A linkifier ready to apply: its URL as an RFC 6570 template whatever the server's level. */
export interface LinkifierRule {
  id: number;
  pattern: string;
  urlTemplate: string;
  /** How a pasted URL is turned back into text (level 471); absent or null: it is not. */
  reverseTemplate?: string | null;
  /** More URL templates only the reverse template reads (level 478). */
  alternativeUrlTemplates?: readonly string[];
}

/** The linkifier's URL as an RFC 6570 template (old servers' `%(name)s` format strings converted). */
export function urlTemplateOf(linkifier: Linkifier): string {
  if (linkifier.url_template !== undefined) return linkifier.url_template;
  return formatStringToTemplate(linkifier.url_format ?? '');
}

export function toRule(linkifier: Linkifier): LinkifierRule {
  return {
    id: linkifier.id,
    pattern: linkifier.pattern,
    urlTemplate: urlTemplateOf(linkifier),
    reverseTemplate: linkifier.reverse_template ?? null,
    alternativeUrlTemplates: linkifier.alternative_url_templates ?? [],
  };
}

export type UrlSyntax = 'template' | 'format-string';

/** The URL field's syntax on a server of this level. */
export function urlSyntaxFor(level: number): UrlSyntax {
  return level >= LINKIFIER_LEVELS.urlTemplate ? 'template' : 'format-string';
}
