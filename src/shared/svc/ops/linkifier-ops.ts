import { z } from 'zod';
import { simpleSuccessSchema, successSchema } from '../envelope';
import { LINKIFIER_LEVELS, linkifierSchema } from '../linkifiers';
import { op } from '../op';

const filterId = z.number().int().positive();

/**
 * The linkifier's content. The form checks patterns and templates before sending (see `checkLinkifier`);
 * these schemas stay loose on purpose, so whatever reaches the server is judged, and refused, by it.
 * Servers before level 176 take `url_format_string` (`%(name)s`) instead of `url_template`: the caller
 * sends the one its server knows. `example_input` and `reverse_template` (level 471; an empty string clears
 * them on an edit) and `alternative_url_templates` (level 478) are sent only to servers that have them.
 */
const contentShape = {
  pattern: z.string(),
  url_template: z.string().optional(),
  url_format_string: z.string().optional(),
  example_input: z.string().optional(),
  reverse_template: z.string().optional(),
  alternative_url_templates: z.array(z.string()).optional(),
};

/** The one rule between the new fields the BFF can check without the pattern: a reverse template needs an example. */
function reverseHasExample(params: { example_input?: string | undefined; reverse_template?: string | undefined }) {
  return (params.reverse_template ?? '').trim() === '' || (params.example_input ?? '').trim() !== '';
}
/** Below these levels a server ignores the parameters and saves the rest: the BFF refuses them there. */
const contentParamLevels = {
  example_input: LINKIFIER_LEVELS.reverse,
  reverse_template: LINKIFIER_LEVELS.reverse,
  alternative_url_templates: LINKIFIER_LEVELS.alternativeUrls,
};

const REVERSE_NEEDS_EXAMPLE = {
  message: 'A reverse template needs an example input.',
  path: ['example_input'],
};

/** Linkifier operations (GET /realm/linkifiers, POST/PATCH/DELETE /realm/filters…, PATCH /realm/linkifiers). */
export const linkifierOps = {
  getLinkifiers: op({
    id: 'getLinkifiers',
    method: 'GET',
    path: '/realm/linkifiers',
    minLevel: LINKIFIER_LEVELS.list,
    params: () => z.strictObject({}),
    /** In the order the server applies them. */
    response: () => successSchema({ linkifiers: z.array(linkifierSchema) }),
  }),
  addLinkifier: op({
    id: 'addLinkifier',
    method: 'POST',
    path: '/realm/filters',
    adminOnly: true,
    paramLevels: contentParamLevels,
    params: () => z.strictObject(contentShape).refine(reverseHasExample, REVERSE_NEEDS_EXAMPLE),
    response: () => successSchema({ id: z.number().int() }),
  }),
  updateLinkifier: op({
    id: 'updateLinkifier',
    method: 'PATCH',
    path: '/realm/filters/{filter_id}',
    adminOnly: true,
    minLevel: LINKIFIER_LEVELS.edit,
    paramLevels: contentParamLevels,
    params: () =>
      z.strictObject({ filter_id: filterId, ...contentShape }).refine(reverseHasExample, REVERSE_NEEDS_EXAMPLE),
    response: () => simpleSuccessSchema,
  }),
  removeLinkifier: op({
    id: 'removeLinkifier',
    method: 'DELETE',
    path: '/realm/filters/{filter_id}',
    adminOnly: true,
    params: () => z.strictObject({ filter_id: filterId }),
    response: () => simpleSuccessSchema,
  }),
  reorderLinkifiers: op({
    id: 'reorderLinkifiers',
    method: 'PATCH',
    path: '/realm/linkifiers',
    adminOnly: true,
    minLevel: LINKIFIER_LEVELS.reorder,
    /** Every linkifier's ID, once each, in the new order. */
    params: () => z.strictObject({ ordered_linkifier_ids: z.array(z.number().int()) }),
    response: () => simpleSuccessSchema,
  }),
} as const;
