import { compilePattern } from './pattern';
import type { LinkifierRule } from './schema';
import { urlTemplateProblem } from './template';

/**
 * Reverse linkification (levels 471 and 478): a pasted URL turned back into the text the linkifier links. A
 * linkifier's reverse template (`{name}` for a group, `{{` and `}}` for literal braces) writes the text from the
 * variables read out of the URL with its URL template or one of its alternative URL templates. The server
 * checks a reverse template against the example input: the pattern's match of the example, put through the
 * reverse template, must give the example back.
 */

/** What is wrong with a reverse template, in the server's order (first problem, left to right). */
export type ReverseProblem =
  { kind: 'missing-close' } | { kind: 'empty-name' } | { kind: 'unknown-group'; name: string };

type ReversePart = { text: string } | { group: string };

/** The reverse template's literal text and group references, or its first problem. */
export function parseReverseTemplate(
  template: string,
  groups: readonly string[],
): { ok: true; parts: ReversePart[] } | { ok: false; problem: ReverseProblem } {
  const parts: ReversePart[] = [];
  let i = 0;
  while (i < template.length) {
    if (template.startsWith('{{', i) || template.startsWith('}}', i)) {
      parts.push({ text: template[i]! });
      i += 2;
    } else if (template[i] === '{') {
      const end = template.indexOf('}', i + 1);
      if (end < 0) return { ok: false, problem: { kind: 'missing-close' } };
      const name = template.slice(i + 1, end);
      if (name === '') return { ok: false, problem: { kind: 'empty-name' } };
      if (!groups.includes(name)) return { ok: false, problem: { kind: 'unknown-group', name } };
      parts.push({ group: name });
      i = end + 1;
    } else {
      // A lone `}` is literal text, as on the server.
      parts.push({ text: template[i]! });
      i += 1;
    }
  }
  return { ok: true, parts };
}

/** The reverse template written out with these values (a group without a value writes nothing). */
export function expandReverseTemplate(
  template: string,
  groups: readonly string[],
  values: Readonly<Record<string, string | undefined>>,
): { ok: true; text: string } | { ok: false; problem: ReverseProblem } {
  const parsed = parseReverseTemplate(template, groups);
  if (!parsed.ok) return parsed;
  return { ok: true, text: parsed.parts.map((p) => ('text' in p ? p.text : (values[p.group] ?? ''))).join('') };
}

/** The pattern's first match anywhere in `text` (the server's `search`, without the linkifier's boundaries). */
export function searchPattern(pattern: string, text: string): Record<string, string | undefined> | null {
  const compiled = compilePattern(pattern);
  if (!compiled.ok) return null;
  const match = new RegExp(compiled.pattern.source, `${compiled.pattern.flags}u`).exec(text);
  return match ? { ...match.groups } : null;
}

// Reading variables out of a URL: the template made into a regular expression, expression by expression.

const UNRESERVED = '[A-Za-z0-9\\-._~]|%[0-9A-Fa-f]{2}';
const RESERVED = "[A-Za-z0-9\\-._~:/?#\\[\\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2}";

/** How each RFC 6570 operator writes its variables: first prefix, separator, named (`;x=`), reserved chars. */
const OPERATORS: Readonly<Record<string, { first: string; sep: string; named: boolean; reserved: boolean }>> = {
  '': { first: '', sep: ',', named: false, reserved: false },
  '+': { first: '', sep: ',', named: false, reserved: true },
  '#': { first: '#', sep: ',', named: false, reserved: true },
  '.': { first: '.', sep: '.', named: false, reserved: false },
  '/': { first: '/', sep: '/', named: false, reserved: false },
  ';': { first: ';', sep: ';', named: true, reserved: false },
  '?': { first: '?', sep: '&', named: true, reserved: false },
  '&': { first: '&', sep: '&', named: true, reserved: false },
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

function expressionRegExp(body: string, names: string[]): string {
  const op = OPERATORS[body[0]!] ? body[0]! : '';
  const spec = OPERATORS[op]!;
  const vars = (op ? body.slice(1) : body).split(',').map((v) => v.replace(/(:\d+|\*)$/, ''));
  const value = `((?:${spec.reserved ? RESERVED : UNRESERVED})*${spec.reserved ? '?' : ''})`;
  const pieces = vars.map((name) => {
    names.push(name);
    // `;x` writes an empty value without `=`; `?x=` and `&x=` keep it.
    if (!spec.named) return value;
    return op === ';' ? `${escapeRegExp(name)}(?:=${value})?` : `${escapeRegExp(name)}=${value}`;
  });
  return escapeRegExp(spec.first) + pieces.join(escapeRegExp(spec.sep));
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The variables a URL was made with from `template`, or null when the template cannot have made it. A
 * variable used twice must have the same value both times.
 */
export function matchUrlTemplate(template: string, url: string): Record<string, string> | null {
  if (urlTemplateProblem(template) !== null) return null;
  const names: string[] = [];
  const source = template.replace(/\{([^}]*)\}|[^{]+/g, (part, body: string | undefined) =>
    body === undefined ? escapeRegExp(part) : expressionRegExp(body, names),
  );
  const match = new RegExp(`^${source}$`).exec(url);
  if (!match) return null;
  const values: Record<string, string> = {};
  for (const [index, name] of names.entries()) {
    const value = decode(match[index + 1] ?? '');
    if (name in values && values[name] !== value) return null;
    values[name] = value;
  }
  return values;
}

export interface ReverseMatch {
  linkifierId: number;
  /** Position of the linkifier in the effective order. */
  precedence: number;
  /** The text the URL becomes. */
  text: string;
  /** 0: the linkifier's URL template; n: its n-th alternative URL template. */
  via: number;
  template: string;
}

/**
 * What a pasted URL becomes: the first linkifier in order that has a reverse template and one of whose URL
 * templates (its own first, then the alternatives in order) could have made the URL. Null when none.
 */
export function reverseLinkify(url: string, rules: readonly LinkifierRule[]): ReverseMatch | null {
  const pasted = url.trim();
  if (pasted === '') return null;
  for (const [precedence, rule] of rules.entries()) {
    if (!rule.reverseTemplate) continue;
    const compiled = compilePattern(rule.pattern);
    if (!compiled.ok) continue;
    const templates = [rule.urlTemplate, ...(rule.alternativeUrlTemplates ?? [])];
    for (const [via, template] of templates.entries()) {
      const values = matchUrlTemplate(template, pasted);
      if (!values) continue;
      const expanded = expandReverseTemplate(rule.reverseTemplate, compiled.pattern.groups, values);
      if (expanded.ok) return { linkifierId: rule.id, precedence, text: expanded.text, via, template };
    }
  }
  return null;
}
