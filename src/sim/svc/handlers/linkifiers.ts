import { badRequest, missingArgument, SvcError } from '../errors';
import { endpoint, userHandler, type RegisteredHandler } from '../handler';
import { SIM_LEVELS } from '../levels';
import {
  formatStringToTemplate,
  linkifierRefusals,
  templateToFormatString,
  urlSyntaxAt,
  type LinkifierRefusal,
  type UrlSyntax,
} from '../linkifier-rules';
import { alternativeTemplatesRefusal, optionalText, reverseRefusal } from '../linkifier-reverse';
import { int, intList, json, listOf, strValue, text } from '../param-spec';
import type { SimLinkifier, SvcStore } from '../store';

/**
 * Linkifier endpoints, with the server's validation and messages. Changes announce the whole ordered list
 * in one `realm_linkifiers` event.
 */

const BLANK = 'This field cannot be blank.';
const DUPLICATE = 'Realm filter with this Realm and Pattern already exists.';
const NOT_FOUND = 'Linkifier not found.';

/** The listed form of a linkifier on a server of this level. */
function formatLinkifier(store: SvcStore, l: SimLinkifier) {
  const level = store.featureLevel;
  if (urlSyntaxAt(level) === 'template') {
    return {
      pattern: l.pattern,
      url_template: l.urlTemplate,
      id: l.id,
      ...(level >= SIM_LEVELS.linkifierReverseTemplate
        ? { example_input: l.exampleInput, reverse_template: l.reverseTemplate }
        : {}),
      ...(level >= SIM_LEVELS.linkifierAlternativeUrlTemplates
        ? { alternative_url_templates: [...l.alternativeUrlTemplates] }
        : {}),
    };
  }
  return { pattern: l.pattern, url_format: templateToFormatString(l.urlTemplate), id: l.id };
}

function ordered(store: SvcStore): SimLinkifier[] {
  // Before reordering existed, linkifiers applied in ID order.
  const byOrder = store.featureLevel >= SIM_LEVELS.linkifierReorder;
  return [...store.linkifiers].sort((a, b) => (byOrder ? a.order - b.order || a.id - b.id : a.id - b.id));
}

export function listLinkifiers(store: SvcStore) {
  return ordered(store).map((l) => formatLinkifier(store, l));
}

function announce(store: SvcStore): void {
  store.emit({ type: 'realm_linkifiers', realm_linkifiers: listLinkifiers(store) });
}

const URL_FIELD = { template: 'url_template', 'format-string': 'url_format_string' } as const;

function serverMessage(refusal: LinkifierRefusal, syntax: UrlSyntax): string {
  switch (refusal.kind) {
    case 'blank':
      return BLANK;
    case 'bad-pattern':
      return `Bad regular expression: ${refusal.detail}`;
    case 'bad-url':
      return syntax === 'template' ? 'Invalid URL template.' : 'Invalid URL format string.';
    case 'variable-not-in-pattern':
      return `Group '${refusal.name}' in URL template is not present in linkifier pattern.`;
    case 'group-not-in-url':
      return `Group '${refusal.name}' in linkifier pattern is not present in URL template.`;
  }
}

/** The server's `errors` of a refused linkifier: field errors first, then whole-record ones (`__all__`). */
function errorsOf(refusals: readonly LinkifierRefusal[], syntax: UrlSyntax): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const refusal of refusals) {
    const key =
      refusal.kind === 'blank'
        ? refusal.field === 'pattern'
          ? 'pattern'
          : URL_FIELD[syntax]
        : refusal.kind === 'bad-url'
          ? URL_FIELD[syntax]
          : '__all__';
    (errors[key] ??= []).push(serverMessage(refusal, syntax));
  }
  return errors;
}

interface Content {
  pattern: string;
  url_template?: string | undefined;
  url_format_string?: string | undefined;
  example_input?: string | undefined;
  reverse_template?: string | undefined;
  alternative_url_templates?: string[] | undefined;
}

/** The reverse-linkifier fields after the request: sent ones trimmed (empty: null), others as they were. */
function reverseFields(params: Content, current: SimLinkifier | null) {
  return {
    exampleInput:
      params.example_input !== undefined ? optionalText(params.example_input) : (current?.exampleInput ?? null),
    reverseTemplate:
      params.reverse_template !== undefined
        ? optionalText(params.reverse_template)
        : (current?.reverseTemplate ?? null),
    alternativeUrlTemplates: params.alternative_url_templates ?? current?.alternativeUrlTemplates ?? [],
  };
}

/**
 * The reverse-linkifier checks of the server's `clean`, which raises the first problem it finds: a problem
 * with the example or reverse template comes after the pattern's and before the URL variables'. Field
 * errors keep their keys, ahead of the record's own (`__all__`).
 */
function withReverseChecks(
  refusals: LinkifierRefusal[],
  pattern: string,
  fields: ReturnType<typeof reverseFields>,
  syntax: UrlSyntax,
): Record<string, string[]> {
  const compiles = pattern !== '' && !refusals.some((r) => r.kind === 'bad-pattern');
  const reverse = compiles ? reverseRefusal(pattern, fields.exampleInput, fields.reverseTemplate) : null;
  const kept = reverse
    ? refusals.filter((r) => r.kind !== 'variable-not-in-pattern' && r.kind !== 'group-not-in-url')
    : refusals;
  const { __all__: whole, ...byField } = errorsOf(kept, syntax);
  const alternatives = alternativeTemplatesRefusal(fields.alternativeUrlTemplates);
  if (alternatives) byField.alternative_url_templates = [alternatives];
  const all = [...(whole ?? []), ...(reverse ? [reverse] : [])];
  return all.length > 0 ? { ...byField, __all__: all } : byField;
}

/**
 * Checks the request's content the server's way (surrounding whitespace removed, then the record's
 * validation, then uniqueness of the pattern) and returns what to store: always a template.
 */
function validContent(store: SvcStore, params: Content, except: SimLinkifier | null) {
  const syntax = urlSyntaxAt(store.featureLevel);
  const url = syntax === 'template' ? params.url_template : params.url_format_string;
  if (url === undefined) throw missingArgument(URL_FIELD[syntax]);
  const pattern = params.pattern.trim();
  const trimmed = url.trim();
  const fields = reverseFields(params, except);
  const errors = withReverseChecks(linkifierRefusals(pattern, trimmed, syntax), pattern, fields, syntax);
  // Uniqueness is checked only for a pattern that passed its own field checks.
  if (pattern !== '' && store.linkifiers.some((l) => l !== except && l.pattern === pattern)) {
    (errors.__all__ ??= []).push(DUPLICATE);
  }
  const first = Object.values(errors)[0]?.[0];
  // The server's validation failure: the first message as `msg`, all of them in `errors`.
  if (first !== undefined) throw new SvcError('BAD_REQUEST', first, 400, { errors });
  return { pattern, urlTemplate: syntax === 'template' ? trimmed : formatStringToTemplate(trimmed), ...fields };
}

function linkifierById(store: SvcStore, id: number): SimLinkifier {
  const found = store.linkifiers.find((l) => l.id === id);
  if (!found) throw badRequest(NOT_FOUND);
  return found;
}

const adminFirst = { adminBeforeParams: true };

/** What both the create and the edit endpoint take for reverse linkifiers, from the levels that added it. */
const REVERSE_PARAMS = {
  example_input: text().optional().from(SIM_LEVELS.linkifierReverseTemplate),
  reverse_template: text().optional().from(SIM_LEVELS.linkifierReverseTemplate),
  alternative_url_templates: json(listOf(strValue)).optional().from(SIM_LEVELS.linkifierAlternativeUrlTemplates),
};

export const linkifierHandlers: readonly RegisteredHandler[] = [
  userHandler(
    endpoint({ method: 'GET', path: '/realm/linkifiers', params: {}, since: SIM_LEVELS.linkifierList }),
    ({ core }) => ({ linkifiers: listLinkifiers(core.store) }),
  ),

  userHandler(
    endpoint({
      method: 'POST',
      path: '/realm/filters',
      params: {
        pattern: text(),
        url_template: text().optional(),
        url_format_string: text().optional(),
        ...REVERSE_PARAMS,
      },
    }),
    ({ core, params }) => {
      const { store } = core;
      const { pattern, urlTemplate, ...reverse } = validContent(store, params, null);
      const linkifier = store.addLinkifier(pattern, urlTemplate);
      Object.assign(linkifier, reverse);
      announce(store);
      return { id: linkifier.id };
    },
    adminFirst,
  ),

  userHandler(
    endpoint({
      method: 'PATCH',
      path: '/realm/filters/{filter_id}',
      params: {
        filter_id: int(),
        pattern: text(),
        url_template: text().optional(),
        url_format_string: text().optional(),
        ...REVERSE_PARAMS,
      },
      since: SIM_LEVELS.linkifierEdit,
    }),
    ({ core, params }) => {
      const { store } = core;
      const linkifier = linkifierById(store, params.filter_id);
      Object.assign(linkifier, validContent(store, params, linkifier));
      announce(store);
      return {};
    },
    adminFirst,
  ),

  userHandler(
    endpoint({ method: 'DELETE', path: '/realm/filters/{filter_id}', params: { filter_id: int() } }),
    ({ core, params }) => {
      const { store } = core;
      const linkifier = linkifierById(store, params.filter_id);
      store.linkifiers.splice(store.linkifiers.indexOf(linkifier), 1);
      announce(store);
      return {};
    },
    adminFirst,
  ),

  userHandler(
    endpoint({
      method: 'PATCH',
      path: '/realm/linkifiers',
      params: { ordered_linkifier_ids: intList() },
      since: SIM_LEVELS.linkifierReorder,
    }),
    ({ core, params }) => {
      const { store } = core;
      const ids = params.ordered_linkifier_ids;
      if (new Set(ids).size < ids.length) throw badRequest('The ordered list must not contain duplicated linkifiers');
      const existing = new Set(store.linkifiers.map((l) => l.id));
      if (existing.size !== ids.length || ids.some((id) => !existing.has(id))) {
        throw badRequest('The ordered list must enumerate all existing linkifiers exactly once');
      }
      if (ids.length === 0) return {};
      const position = new Map(ids.map((id, index) => [id, index] as const));
      for (const linkifier of store.linkifiers) linkifier.order = position.get(linkifier.id)!;
      store.linkifiers.sort((a, b) => a.order - b.order);
      announce(store);
      return {};
    },
    adminFirst,
  ),
];
