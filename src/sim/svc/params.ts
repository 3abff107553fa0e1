import { missingArgument } from './errors';
import type { SimEndpoint } from './handler';
import { SIM_LEVELS } from './levels';
import { decodeParam } from './param-spec';

export interface ParsedParams {
  values: Record<string, unknown>;
  /** Names to report in `ignored_parameters_unsupported`, sorted as the server sorts them. */
  ignored: string[];
}

/**
 * Decodes and checks request parameters the server's way: unknown names (or ones outside their levels)
 * ignored and reported, a missing required one → REQUEST_VARIABLE_MISSING, then each known one decoded by its
 * spec in the endpoint's order.
 */
export function parseParams(
  e: SimEndpoint,
  raw: readonly [string, string][],
  pathParams: Record<string, unknown>,
  level: number,
  pretendUnsupported: readonly string[],
): ParsedParams {
  const ignored: string[] = [];
  const given = new Map<string, string>();
  for (const [name, text] of raw) {
    // A path parameter sent again in the query or body is not read from there: the server reports it ignored.
    const spec = Object.hasOwn(e.params, name) ? e.params[name] : undefined;
    const known =
      !Object.hasOwn(pathParams, name) &&
      spec !== undefined &&
      level >= spec.since &&
      level < spec.until &&
      !pretendUnsupported.includes(name);
    if (known) {
      // The last value of a repeated parameter wins, as in the server's request parsing.
      given.set(name, text);
    } else if (!ignored.includes(name)) ignored.push(name);
  }
  // Own properties only, whatever the name: `__proto__` is a parameter like any other, never the prototype.
  const values: Record<string, unknown> = {};
  const put = (key: string, value: unknown) =>
    Object.defineProperty(values, key, { value, enumerable: true, writable: true, configurable: true });
  for (const [name, value] of Object.entries(pathParams)) put(name, value);
  const specs = Object.entries(e.params).filter(([name]) => !Object.hasOwn(pathParams, name));
  for (const [name, spec] of specs) if (spec.required && !given.has(name)) throw missingArgument(name);
  for (const [name, spec] of specs) {
    const text = given.get(name);
    if (text !== undefined) put(name, decodeParam(spec, name, text));
  }
  return { values, ignored: ignored.sort() };
}

/**
 * Endpoints whose views (at level 372) read their parameters without the server's typed-endpoint machinery: they
 * report no ignored parameters at all. Listed from the server's URL table, by method and the simulator's path.
 */
export const UNREPORTING_ENDPOINTS: ReadonlySet<string> = new Set([
  'GET /realm/emoji',
  'DELETE /realm/emoji/{emoji_name}',
  'GET /realm/linkifiers',
  'DELETE /realm/filters/{filter_id}',
  'GET /realm/profile_fields',
  'DELETE /realm/profile_fields/{field_id}',
  'GET /users/me',
  'POST /users/{user_id}/reactivate',
  'GET /bots',
  'GET /invites',
  'GET /drafts',
  'DELETE /drafts/{draft_id}',
  'GET /saved_snippets',
  'DELETE /saved_snippets/{saved_snippet_id}',
  'DELETE /attachments/{attachment_id}',
  'GET /users/{user_id_or_email}/presence',
  'GET /realm/presence',
  'GET /users/{user_id}/status',
  'GET /users/me/alert_words',
  'DELETE /streams/{stream_id}',
  'GET /events',
  'GET /export/realm',
  'DELETE /export/realm/{export_id}',
  'GET /export/realm/consents',
]);

/** Whether the server of this level reports ignored parameters at all. */
export function reportsIgnoredParameters(level: number): boolean {
  return level >= SIM_LEVELS.ignoredParametersUnsupported;
}
