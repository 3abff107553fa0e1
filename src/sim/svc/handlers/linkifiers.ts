import { svcOps } from '../../../shared/svc';
import {
  checkLinkifier,
  formatStringToTemplate,
  LINKIFIER_LEVELS,
  templateToFormatString,
  urlSyntaxFor,
  type LinkifierIssue,
  type UrlSyntax,
} from '../../../shared/svc/linkifiers';
import { badRequest, missingArgument, SvcError } from '../errors';
import { userHandler, type RegisteredHandler } from '../handler';
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
  if (store.featureLevel >= LINKIFIER_LEVELS.urlTemplate) {
    return { pattern: l.pattern, url_template: l.urlTemplate, id: l.id };
  }
  return { pattern: l.pattern, url_format: templateToFormatString(l.urlTemplate) ?? l.urlTemplate, id: l.id };
}

function ordered(store: SvcStore): SimLinkifier[] {
  // Before reordering existed, linkifiers applied in ID order.
  const byOrder = store.featureLevel >= LINKIFIER_LEVELS.reorder;
  return [...store.linkifiers].sort((a, b) => (byOrder ? a.order - b.order || a.id - b.id : a.id - b.id));
}

function listLinkifiers(store: SvcStore) {
  return ordered(store).map((l) => formatLinkifier(store, l));
}

function announce(store: SvcStore): void {
  store.emit({ type: 'realm_linkifiers', realm_linkifiers: listLinkifiers(store) });
}

const URL_FIELD = { template: 'url_template', 'format-string': 'url_format_string' } as const;

function serverMessage(issue: LinkifierIssue, syntax: UrlSyntax): string {
  const { problem } = issue;
  switch (problem.kind) {
    case 'blank':
      return BLANK;
    case 'bad-pattern':
      return `Bad regular expression: ${problem.detail}`;
    case 'bad-url':
      return syntax === 'template' ? 'Invalid URL template.' : 'Invalid URL format string.';
    case 'variable-not-in-pattern':
      return `Group '${problem.name}' in URL template is not present in linkifier pattern.`;
    case 'group-not-in-url':
      return `Group '${problem.name}' in linkifier pattern is not present in URL template.`;
  }
}

/** The server's `errors` of a refused linkifier: field errors first, then whole-record ones (`__all__`). */
function errorsOf(issues: readonly LinkifierIssue[], syntax: UrlSyntax): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const { kind } = issue.problem;
    const key =
      kind === 'blank'
        ? issue.field === 'pattern'
          ? 'pattern'
          : URL_FIELD[syntax]
        : kind === 'bad-url'
          ? URL_FIELD[syntax]
          : '__all__';
    (errors[key] ??= []).push(serverMessage(issue, syntax));
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
  const syntax = urlSyntaxFor(store.featureLevel);
  const url = syntax === 'template' ? params.url_template : params.url_format_string;
  if (url === undefined) throw missingArgument(URL_FIELD[syntax]);
  const pattern = params.pattern.trim();
  const errors = errorsOf(checkLinkifier(pattern, url, syntax).issues, syntax);
  // Uniqueness is checked only for a pattern that passed its own field checks.
  if (pattern !== '' && store.linkifiers.some((l) => l !== except && l.pattern === pattern)) {
    (errors.__all__ ??= []).push(DUPLICATE);
  }
  const first = Object.values(errors)[0]?.[0];
  // The server's validation failure: the first message as `msg`, all of them in `errors`.
  if (first !== undefined) throw new SvcError('BAD_REQUEST', first, 400, { errors });
  const trimmed = url.trim();
  return { pattern, urlTemplate: syntax === 'template' ? trimmed : formatStringToTemplate(trimmed) };
}

function linkifierById(store: SvcStore, id: number): SimLinkifier {
  const found = store.linkifiers.find((l) => l.id === id);
  if (!found) throw badRequest(NOT_FOUND);
  return found;
}

const adminFirst = { adminBeforeParams: true };

export const linkifierHandlers: readonly RegisteredHandler[] = [
  userHandler(svcOps.getLinkifiers, ({ core }) => ({ linkifiers: listLinkifiers(core.store) })),

  userHandler(
    svcOps.addLinkifier,
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
    svcOps.updateLinkifier,
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
    svcOps.removeLinkifier,
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
    svcOps.reorderLinkifiers,
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
