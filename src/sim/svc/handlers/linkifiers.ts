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
import { int, intList, text } from '../param-spec';
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
  if (urlSyntaxAt(store.featureLevel) === 'template') {
    return { pattern: l.pattern, url_template: l.urlTemplate, id: l.id };
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
  const errors = errorsOf(linkifierRefusals(pattern, trimmed, syntax), syntax);
  // Uniqueness is checked only for a pattern that passed its own field checks.
  if (pattern !== '' && store.linkifiers.some((l) => l !== except && l.pattern === pattern)) {
    (errors.__all__ ??= []).push(DUPLICATE);
  }
  const first = Object.values(errors)[0]?.[0];
  // The server's validation failure: the first message as `msg`, all of them in `errors`.
  if (first !== undefined) throw new SvcError('BAD_REQUEST', first, 400, { errors });
  return { pattern, urlTemplate: syntax === 'template' ? trimmed : formatStringToTemplate(trimmed) };
}

function linkifierById(store: SvcStore, id: number): SimLinkifier {
  const found = store.linkifiers.find((l) => l.id === id);
  if (!found) throw badRequest(NOT_FOUND);
  return found;
}

const adminFirst = { adminBeforeParams: true };

export const linkifierHandlers: readonly RegisteredHandler[] = [
  userHandler(
    endpoint({ method: 'GET', path: '/realm/linkifiers', params: {}, since: SIM_LEVELS.linkifierList }),
    ({ core }) => ({ linkifiers: listLinkifiers(core.store) }),
  ),

  userHandler(
    endpoint({
      method: 'POST',
      path: '/realm/filters',
      params: { pattern: text(), url_template: text().optional(), url_format_string: text().optional() },
    }),
    ({ core, params }) => {
      const { store } = core;
      const content = validContent(store, params, null);
      const linkifier = store.addLinkifier(content.pattern, content.urlTemplate);
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
      },
      since: SIM_LEVELS.linkifierEdit,
    }),
    ({ core, params }) => {
      const { store } = core;
      const linkifier = linkifierById(store, params.filter_id);
      const content = validContent(store, params, linkifier);
      linkifier.pattern = content.pattern;
      linkifier.urlTemplate = content.urlTemplate;
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
