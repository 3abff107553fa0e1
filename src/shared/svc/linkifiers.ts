import { parseTemplate, type PrimitiveValue } from 'url-template';
import { z } from 'zod';
import { svcEventBaseSchema } from '../events/svc-events';
import { FEATURE_LEVELS } from './features';

/**
 * Linkifiers: the record, and the pure checks the add/edit form, the sandbox and the simulator share.
 *
 * The server compiles patterns with re2 (Python's `(?P<name>…)` named groups) and expands URLs with an
 * RFC 6570 library. Here patterns are translated to JavaScript's RegExp, which is close to re2 for what
 * linkifiers use; where the two differ, the server stays the authority and its refusal is shown verbatim.
 * Expansion uses `url-template`, the RFC 6570 library the chat server's own web client uses.
 */

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
} as const;

/** One linkifier as listed; servers before level 176 send `url_format` instead of `url_template`. */
export const linkifierSchema = z.looseObject({
  id: z.number().int(),
  pattern: z.string(),
  url_template: z.string().optional(),
  url_format: z.string().optional(),
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
}

/** The linkifier's URL as an RFC 6570 template (old servers' `%(name)s` format strings converted). */
export function urlTemplateOf(linkifier: Linkifier): string {
  if (linkifier.url_template !== undefined) return linkifier.url_template;
  return formatStringToTemplate(linkifier.url_format ?? '');
}

export function toRule(linkifier: Linkifier): LinkifierRule {
  return { id: linkifier.id, pattern: linkifier.pattern, urlTemplate: urlTemplateOf(linkifier) };
}

// ---------------------------------------------------------------------------------------------------------
// Patterns
// ---------------------------------------------------------------------------------------------------------

/** A pattern translated to JavaScript. `source` keeps the user's groups and their names. */
export interface CompiledPattern {
  source: string;
  /** RegExp flags from a leading inline flag group such as `(?i)`; `u` is always added when compiling. */
  flags: string;
  /** Named groups, in order of appearance. */
  groups: string[];
}

export type PatternResult = { ok: true; pattern: CompiledPattern } | { ok: false; problem: string };

const GROUP_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** re2's POSIX classes, inside brackets: `[[:alpha:]]`. */
const POSIX_CLASSES: Readonly<Record<string, string>> = {
  alnum: '0-9A-Za-z',
  alpha: 'A-Za-z',
  ascii: '\\x00-\\x7F',
  blank: '\\t ',
  cntrl: '\\x00-\\x1F\\x7F',
  digit: '0-9',
  graph: '!-~',
  lower: 'a-z',
  print: ' -~',
  punct: '!-\\/:-@\\[-`{-~',
  space: '\\t\\n\\v\\f\\r ',
  upper: 'A-Z',
  word: '0-9A-Za-z_',
  xdigit: '0-9A-Fa-f',
};

/** Characters JavaScript's unicode mode lets a backslash escape; re2 lets any punctuation be escaped. */
const JS_ESCAPABLE = new Set('^$\\.*+?()[]{}|/'.split(''));

class PatternProblem extends Error {}

function hexEscape(char: string): string {
  return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
}

/**
 * Translates re2/Python syntax to JavaScript (unicode mode): `(?P<name>…)` → `(?<name>…)`, a leading
 * `(?i)`/`(?m)`/`(?s)` → RegExp flags, `\pL` → `\p{L}`, `\x{…}` → `\u{…}`, `\A`/`\z`, POSIX classes, and
 * literal braces and escaped punctuation that unicode mode would refuse. What re2 refuses (lookaround,
 * backreferences) is refused here too.
 */
function translatePattern(pattern: string): CompiledPattern {
  let i = 0;
  let flags = '';
  for (let m = /^\(\?([a-zA-Z]+)\)/.exec(pattern); m; m = /^\(\?([a-zA-Z]+)\)/.exec(pattern.slice(i))) {
    for (const flag of m[1]!) {
      if (flag === 'i' || flag === 'm' || flag === 's') {
        if (!flags.includes(flag)) flags += flag;
      } else if (flag === 'U') {
        throw new PatternProblem('the ungreedy flag (?U) is not supported');
      } else {
        throw new PatternProblem(`invalid or unsupported Perl syntax: (?${flag}`);
      }
    }
    i += m[0].length;
  }

  const groups: string[] = [];
  let out = '';
  let inClass = false;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1];
      if (next === undefined) throw new PatternProblem('trailing \\');
      if (!inClass && /[1-9]/.test(next)) throw new PatternProblem(`backreferences are not supported: \\${next}`);
      if ((next === 'p' || next === 'P') && pattern[i + 2] !== '{' && pattern[i + 2] !== undefined) {
        out += `\\${next}{${pattern[i + 2]}}`;
        i += 3;
        continue;
      }
      const codePoint = next === 'x' ? /^\\x\{([0-9A-Fa-f]+)\}/.exec(pattern.slice(i)) : null;
      if (codePoint) {
        out += `\\u{${codePoint[1]}}`;
        i += codePoint[0].length;
        continue;
      }
      if (!inClass && next === 'A') {
        out += '(?<![\\s\\S])';
        i += 2;
        continue;
      }
      if (!inClass && next === 'z') {
        out += '(?![\\s\\S])';
        i += 2;
        continue;
      }
      if (/[^A-Za-z0-9]/.test(next) && next.charCodeAt(0) < 128 && !JS_ESCAPABLE.has(next) && next !== '-') {
        out += hexEscape(next);
        i += 2;
        continue;
      }
      out += c + next;
      i += 2;
      continue;
    }
    if (inClass) {
      if (c === '[' && pattern[i + 1] === ':') {
        const end = pattern.indexOf(':]', i + 2);
        const name = end < 0 ? '' : pattern.slice(i + 2, end);
        const negated = name.startsWith('^');
        const range = POSIX_CLASSES[negated ? name.slice(1) : name];
        if (range === undefined || negated) throw new PatternProblem(`invalid character class range: [:${name}:]`);
        out += range;
        i = end + 2;
        continue;
      }
      if (c === ']') {
        inClass = false;
        out += c;
      } else if (c === '[' || c === ']') {
        out += `\\${c}`;
      } else {
        out += c;
      }
      i += 1;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      i += 1;
      if (pattern[i] === '^') {
        out += '^';
        i += 1;
      }
      // A `]` right after the opening bracket is a literal in re2.
      if (pattern[i] === ']') {
        out += '\\]';
        i += 1;
      }
      continue;
    }
    if (c === '(' && pattern[i + 1] === '?') {
      const rest = pattern.slice(i);
      const named = /^\(\?P?<([^>]*)>/.exec(rest);
      if (named && !rest.startsWith('(?<=') && !rest.startsWith('(?<!')) {
        const name = named[1]!;
        if (!GROUP_NAME.test(name)) throw new PatternProblem(`invalid named capture group: ${named[0]}`);
        if (groups.includes(name)) throw new PatternProblem(`duplicate capture group name: ${name}`);
        groups.push(name);
        out += `(?<${name}>`;
        i += named[0].length;
        continue;
      }
      if (rest.startsWith('(?P=')) throw new PatternProblem(`backreferences are not supported: ${rest.slice(0, 4)}`);
      const look = /^\(\?(<=|<!|=|!)/.exec(rest);
      if (look) throw new PatternProblem(`lookaround is not supported: ${look[0]}`);
      out += '(?';
      i += 2;
      continue;
    }
    if (c === '{') {
      const quantifier = /^\{\d+(,\d*)?\}/.exec(pattern.slice(i));
      if (quantifier) {
        out += quantifier[0];
        i += quantifier[0].length;
      } else {
        // re2 reads a brace that starts no repetition as a literal.
        out += '\\{';
        i += 1;
      }
      continue;
    }
    if (c === '}' || c === ']') {
      out += `\\${c}`;
      i += 1;
      continue;
    }
    out += c;
    i += 1;
  }
  if (inClass) throw new PatternProblem('missing ]');
  return { source: out, flags, groups };
}

/** "Invalid regular expression: /…/u: Unterminated group" → "unterminated group". */
function jsProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const detail = message.slice(message.lastIndexOf(': ') + 2) || message;
  return detail.charAt(0).toLowerCase() + detail.slice(1);
}

/**
 * Checks that a pattern compiles (re2 syntax, `(?P<name>…)` groups) and lists its named groups.
 * The problem is a short lowercase phrase, e.g. `missing )`, for the caller to phrase.
 */
export function compilePattern(pattern: string): PatternResult {
  let compiled: CompiledPattern;
  try {
    compiled = translatePattern(pattern);
  } catch (error) {
    if (error instanceof PatternProblem) return { ok: false, problem: error.message };
    throw error;
  }
  try {
    new RegExp(compiled.source, `${compiled.flags}u`);
  } catch (error) {
    return { ok: false, problem: jsProblem(error) };
  }
  return { ok: true, pattern: compiled };
}

/** The named groups of a pattern; empty when it does not compile. */
export function patternGroups(pattern: string): string[] {
  const result = compilePattern(pattern);
  return result.ok ? result.pattern.groups : [];
}

// ---------------------------------------------------------------------------------------------------------
// RFC 6570 URL templates
// ---------------------------------------------------------------------------------------------------------

/** Operators of RFC 6570 level 4; `= , ! @ |` are reserved for future extensions and invalid. */
const OPERATORS = new Set(['+', '#', '.', '/', ';', '?', '&']);
const RESERVED_OPERATORS = new Set(['=', ',', '!', '@', '|']);
/** Characters a literal part may not contain (RFC 6570 §2.1), besides controls and `%` not starting `%XX`. */
const NOT_IN_LITERALS = new Set([' ', '"', "'", '<', '>', '\\', '^', '`', '{', '|', '}']);
const VARNAME = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+(?:\.(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})+)*$/;

function describeChar(char: string): string {
  if (char === ' ') return 'a space';
  const code = char.charCodeAt(0);
  if (code < 0x20 || code === 0x7f) return `control character U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return `“${char}”`;
}

/**
 * Checks a URL template against the RFC 6570 grammar. Null when valid, else what is wrong and where
 * (positions count from 1), e.g. `unclosed “{” at character 24`.
 */
export function urlTemplateProblem(template: string): string | null {
  let i = 0;
  while (i < template.length) {
    const c = template[i]!;
    if (c === '{') {
      const end = template.indexOf('}', i + 1);
      const nextOpen = template.indexOf('{', i + 1);
      if (end < 0 || (nextOpen >= 0 && nextOpen < end)) return `unclosed “{” at character ${i + 1}`;
      const problem = expressionProblem(template.slice(i + 1, end));
      if (problem) return `${problem} in “${template.slice(i, end + 1)}”`;
      i = end + 1;
      continue;
    }
    if (c === '}') return `“}” without “{” at character ${i + 1}`;
    if (c === '%') {
      if (!/^%[0-9A-Fa-f]{2}/.test(template.slice(i, i + 3))) {
        return `“%” at character ${i + 1} must start a percent-encoded byte like %20`;
      }
      i += 3;
      continue;
    }
    const code = c.charCodeAt(0);
    if (NOT_IN_LITERALS.has(c) || code < 0x20 || code === 0x7f) {
      return `${describeChar(c)} is not allowed at character ${i + 1}`;
    }
    i += 1;
  }
  return null;
}

function expressionProblem(body: string): string | null {
  if (body === '') return 'empty expression';
  let rest = body;
  const operator = body[0]!;
  if (RESERVED_OPERATORS.has(operator)) return `operator “${operator}” is reserved`;
  if (OPERATORS.has(operator)) rest = body.slice(1);
  for (const varspec of rest.split(',')) {
    const m = /^(.*?)(?::(\d+)|(\*))?$/.exec(varspec)!;
    const name = m[1]!;
    if (!VARNAME.test(name)) return name === '' ? 'missing variable name' : `invalid variable name “${name}”`;
    const prefix = m[2];
    if (prefix !== undefined && (prefix.length > 4 || prefix.startsWith('0'))) {
      return `invalid prefix length “:${prefix}”`;
    }
  }
  return null;
}

/**
 * The variables a (valid) template uses, in order of first use. Read from the expansion library itself,
 * so they are exactly the names it will look up when it expands the template.
 */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  const recorder = new Proxy(
    {},
    {
      get(_target, key) {
        if (typeof key === 'string' && !names.includes(key)) names.push(key);
        return undefined;
      },
    },
  );
  parseTemplate(template).expand(recorder as Record<string, PrimitiveValue>);
  return names;
}

/** Expands a template; variables without a value (a group that did not take part) expand to nothing. */
export function expandUrlTemplate(template: string, values: Readonly<Record<string, string | undefined>>): string {
  const context: Record<string, PrimitiveValue> = {};
  for (const [name, value] of Object.entries(values)) if (value !== undefined) context[name] = value;
  return parseTemplate(template).expand(context);
}

// ---------------------------------------------------------------------------------------------------------
// Legacy `%(name)s` format strings (servers before level 176)
// ---------------------------------------------------------------------------------------------------------

/** Problems of a `%(name)s` format string: a `%` must be `%%`, `%(name)s` or start a `%XX` escape. */
export function formatStringProblem(format: string): string | null {
  for (let i = 0; i < format.length; i++) {
    const c = format[i]!;
    if (/\s/.test(c)) return `${describeChar(c)} is not allowed at character ${i + 1}`;
    if (c !== '%') continue;
    const rest = format.slice(i);
    const named = /^%\(([^)]*)\)s/.exec(rest);
    if (named) {
      if (!GROUP_NAME.test(named[1]!)) return `invalid group name “${named[1]}” at character ${i + 1}`;
      i += named[0].length - 1;
    } else if (rest.startsWith('%%')) {
      i += 1;
    } else if (!/^%[0-9A-Fa-f]{2}/.test(rest)) {
      return `“%” at character ${i + 1} must be written %% (or insert a group with %(name)s)`;
    }
  }
  return null;
}

export function formatStringVariables(format: string): string[] {
  const names: string[] = [];
  for (const m of format.matchAll(/%%|%\(([^)]*)\)s/g)) {
    const name = m[1];
    if (name !== undefined && !names.includes(name)) names.push(name);
  }
  return names;
}

/** `https://x/%(id)s` → `https://x/{id}`; `%%` becomes a literal percent sign. */
export function formatStringToTemplate(format: string): string {
  return format.replace(
    /%%([0-9A-Fa-f]{2})?|%\(([^)]*)\)s/g,
    (_all, hex: string | undefined, name: string | undefined) =>
      name !== undefined ? `{${name}}` : hex !== undefined ? `%${hex}` : '%25',
  );
}

/**
 * `https://x/{id}` → `https://x/%(id)s`, for showing a stored template to an old server's client. Only
 * simple `{name}` expressions have a format-string equivalent; null when the template has others.
 */
export function templateToFormatString(template: string): string | null {
  if (/\{[^}]*[^A-Za-z0-9_}][^}]*\}/.test(template) || /\{[+#./;?&]/.test(template)) return null;
  return template.replace(/%/g, '%%').replace(/\{([A-Za-z0-9_]+)\}/g, '%($1)s');
}

// ---------------------------------------------------------------------------------------------------------
// A whole linkifier
// ---------------------------------------------------------------------------------------------------------

export type UrlSyntax = 'template' | 'format-string';

/** The URL field's syntax on a server of this level. */
export function urlSyntaxFor(level: number): UrlSyntax {
  return level >= LINKIFIER_LEVELS.urlTemplate ? 'template' : 'format-string';
}

/** What can be wrong, in the server's order of checks; callers phrase it for their audience. */
export type LinkifierProblem =
  | { kind: 'blank' }
  | { kind: 'bad-pattern'; detail: string }
  | { kind: 'bad-url'; detail: string }
  | { kind: 'variable-not-in-pattern'; name: string }
  | { kind: 'group-not-in-url'; name: string };

export interface LinkifierIssue {
  field: 'pattern' | 'url';
  problem: LinkifierProblem;
}

export interface LinkifierCheck {
  /** Empty when the server would accept the linkifier. */
  issues: LinkifierIssue[];
  /** The pattern's named groups (empty when it does not compile). */
  groups: string[];
  /** The URL's variables (empty when it is not valid). */
  variables: string[];
}

/**
 * The server's validation of a linkifier, as data: the pattern compiles, the URL is a valid template
 * (or format string), and the template's variables and the pattern's named groups are the same set.
 * Inputs are checked as the server stores them, surrounding whitespace removed; issues come in the
 * server's order, so the first is the one the server would name.
 */
export function checkLinkifier(pattern: string, url: string, syntax: UrlSyntax = 'template'): LinkifierCheck {
  const issues: LinkifierIssue[] = [];
  const p = pattern.trim();
  const u = url.trim();
  if (p === '') issues.push({ field: 'pattern', problem: { kind: 'blank' } });
  if (u === '') issues.push({ field: 'url', problem: { kind: 'blank' } });
  const urlDetail = u === '' ? null : syntax === 'template' ? urlTemplateProblem(u) : formatStringProblem(u);
  if (urlDetail) issues.push({ field: 'url', problem: { kind: 'bad-url', detail: urlDetail } });
  const compiled = compilePattern(p);
  if (!compiled.ok) issues.push({ field: 'pattern', problem: { kind: 'bad-pattern', detail: compiled.problem } });

  const groups = compiled.ok ? compiled.pattern.groups : [];
  const urlOk = u !== '' && urlDetail === null;
  const variables = !urlOk ? [] : syntax === 'template' ? templateVariables(u) : formatStringVariables(u);
  if (issues.length > 0) return { issues, groups, variables };

  // Like the server, the alphabetically first offender is named.
  const notInPattern = variables.filter((v) => !groups.includes(v)).sort();
  if (notInPattern.length > 0) {
    issues.push({ field: 'url', problem: { kind: 'variable-not-in-pattern', name: notInPattern[0]! } });
  } else {
    const notInUrl = groups.filter((g) => !variables.includes(g)).sort();
    if (notInUrl.length > 0) issues.push({ field: 'url', problem: { kind: 'group-not-in-url', name: notInUrl[0]! } });
  }
  return { issues, groups, variables };
}

// ---------------------------------------------------------------------------------------------------------
// Applying linkifiers to text
// ---------------------------------------------------------------------------------------------------------

export interface LinkMatch {
  linkifierId: number;
  /** Position of the linkifier in the effective order (0 = applied first). */
  precedence: number;
  /** UTF-16 offsets into the text: `text.slice(start, end)` is the linked text. */
  start: number;
  end: number;
  text: string;
  url: string;
}

export interface LinkSegment {
  text: string;
  /** Absent for plain text. */
  link?: LinkMatch;
}

export interface LinkifyResult {
  /** The whole text, cut into plain and linked pieces, in order. */
  segments: LinkSegment[];
  /** The links that are made, by position. */
  links: LinkMatch[];
  /** Matches that lost to an overlapping match of a linkifier earlier in the order. */
  overridden: { match: LinkMatch; by: LinkMatch }[];
}

// What may come right before a match (start, whitespace, NEL, a Unicode separator or an opening delimiter)
// and right after it (end, or anything but a letter or a number) — the server's boundaries.
const BEFORE = `(?<=^|[\\s\\u0085\\p{Z}'"(,:<])`;
const AFTER = '(?=$|[^\\p{L}\\p{N}])';
const OUTER = 'linkifier_actual_match';

function wrappedRegExp(pattern: string): RegExp | null {
  const compiled = compilePattern(pattern);
  if (!compiled.ok) return null;
  try {
    return new RegExp(`${BEFORE}(?<${OUTER}>${compiled.pattern.source})${AFTER}`, `${compiled.pattern.flags}gu`);
  } catch {
    // A pattern the server would accept but this translation cannot wrap: skipped, as the server skips
    // a linkifier it cannot compile.
    return null;
  }
}

const overlaps = (a: LinkMatch, b: LinkMatch) => a.start < b.end && b.start < a.end;

/**
 * Which spans of `text` become links, the way the server links topics and message text: every linkifier
 * in order finds its matches (only after start/whitespace/an opening delimiter, never followed directly
 * by a letter or number); then matches are taken by linkifier order, then position, and a match that
 * overlaps one already taken is dropped — so where patterns overlap, the earlier linkifier wins.
 * The URL is the linkifier's template expanded with the match's named groups.
 */
export function linkify(text: string, rules: readonly LinkifierRule[]): LinkifyResult {
  const found: LinkMatch[] = [];
  rules.forEach((rule, precedence) => {
    const regex = wrappedRegExp(rule.pattern);
    if (!regex) return;
    for (let m = regex.exec(text); m; m = regex.exec(text)) {
      const matched = m.groups?.[OUTER] ?? '';
      if (matched === '') {
        regex.lastIndex += 1;
        continue;
      }
      const { [OUTER]: _outer, ...values } = m.groups ?? {};
      found.push({
        linkifierId: rule.id,
        precedence,
        start: m.index,
        end: m.index + matched.length,
        text: matched,
        url: expandUrlTemplate(rule.urlTemplate, values),
      });
    }
  });
  found.sort((a, b) => a.precedence - b.precedence || a.start - b.start);

  const links: LinkMatch[] = [];
  const overridden: LinkifyResult['overridden'] = [];
  for (const match of found) {
    const winner = links.find((taken) => overlaps(taken, match));
    if (winner) overridden.push({ match, by: winner });
    else links.push(match);
  }
  links.sort((a, b) => a.start - b.start);
  overridden.sort((a, b) => a.match.start - b.match.start || a.match.precedence - b.match.precedence);

  const segments: LinkSegment[] = [];
  let at = 0;
  for (const link of links) {
    if (link.start > at) segments.push({ text: text.slice(at, link.start) });
    segments.push({ text: link.text, link });
    at = link.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return { segments, links, overridden };
}
