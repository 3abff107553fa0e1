import { parseTemplate, type PrimitiveValue } from 'url-template';

/**
 * The simulator's own reading of linkifiers: patterns in the server's regular-expression dialect (RE2, with
 * Python's `(?P<name>…)` groups), URL templates (RFC 6570) and legacy `%(name)s` format strings, with the
 * wording a real server uses when it refuses one. Independent of the console's linkifier module.
 */

export const LINKIFIER_URL_TEMPLATE_LEVEL = 176;

export type UrlSyntax = 'template' | 'format-string';

export function urlSyntaxAt(level: number): UrlSyntax {
  return level >= LINKIFIER_URL_TEMPLATE_LEVEL ? 'template' : 'format-string';
}

export interface SimPattern {
  /** JavaScript source with the same groups (repeated names made unique: RE2 allows them, JavaScript not). */
  source: string;
  flags: string;
  /** Named groups as the user wrote them, first appearance each. */
  groups: string[];
  /** The JavaScript group name each source group got → the name the user gave it. */
  aliases: Record<string, string>;
}

/** Where a pattern reader has got to. */
interface PatternReader {
  readonly pattern: string;
  source: string;
  flags: string;
  groups: string[];
  aliases: Record<string, string>;
  depth: number;
  inClass: boolean;
}

/** The index of the last character a step consumed, or RE2's complaint. */
type Step = number | { problem: string };

/** The pattern as the server compiles it, or RE2's complaint ("missing ): (abc"). */
export function readPattern(pattern: string): { ok: true; pattern: SimPattern } | { ok: false; problem: string } {
  const r: PatternReader = { pattern, source: '', flags: '', groups: [], aliases: {}, depth: 0, inClass: false };
  for (let i = 0; i < pattern.length; i++) {
    const step = readToken(r, i);
    if (typeof step !== 'number') return { ok: false, problem: step.problem };
    i = step;
  }
  if (r.inClass) return { ok: false, problem: `missing ]: ${pattern.slice(pattern.lastIndexOf('['))}` };
  if (r.depth > 0) return { ok: false, problem: `missing ): ${pattern}` };
  const { source, flags, groups, aliases } = r;
  try {
    new RegExp(source, `${flags}u`);
  } catch {
    return { ok: false, problem: `invalid escape sequence: ${pattern}` };
  }
  return { ok: true, pattern: { source, flags, groups, aliases } };
}

function readToken(r: PatternReader, i: number): Step {
  const { pattern } = r;
  const c = pattern[i] as string;
  if (c === '\\') {
    if (i + 1 >= pattern.length) return { problem: 'trailing \\' };
    r.source += c + pattern[i + 1];
    return i + 1;
  }
  if (r.inClass) return readInClass(r, i);
  if (c === '[') return openClass(r, i);
  if (c === '(') return openGroup(r, i);
  if (c === ')') {
    if (r.depth === 0) return { problem: `unexpected ): ${pattern}` };
    r.depth--;
  }
  if (c === '{') {
    const repeat = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
    if (repeat) {
      const min = Number(repeat[1]);
      const max = repeat[3] ? Number(repeat[3]) : repeat[2] ? Infinity : min;
      if (max < min || min > 1000 || (max !== Infinity && max > 1000)) {
        return { problem: `invalid repetition size: ${repeat[0]}` };
      }
    }
  }
  r.source += c;
  return i;
}

function readInClass(r: PatternReader, i: number): Step {
  const c = r.pattern[i] as string;
  if (c === ']') r.inClass = false;
  const range = /^(.)-([^\]\\])/u.exec(r.pattern.slice(i));
  if (c !== ']' && range && (range[1] as string) > (range[2] as string)) {
    return { problem: `invalid character class range: ${range[0]}` };
  }
  r.source += c;
  return i;
}

function openClass(r: PatternReader, i: number): Step {
  r.inClass = true;
  r.source += '[';
  // A `]` right after `[` (or `[^`) is a literal, as in RE2.
  const lead = /^\[\^?\]/.exec(r.pattern.slice(i));
  if (!lead) return i;
  r.source += r.pattern.slice(i + 1, i + lead[0].length - 1) + '\\]';
  return i + lead[0].length - 1;
}

/** `(`, `(?P<name>`, `(?:`, or flags at the very start; RE2 knows no other `(?` forms. */
function openGroup(r: PatternReader, i: number): Step {
  r.depth++;
  if (r.pattern[i + 1] !== '?') {
    r.source += '(';
    return i;
  }
  const rest = r.pattern.slice(i);
  const named = /^\(\?P<([A-Za-z_][A-Za-z0-9_]*)>/.exec(rest);
  if (named) {
    const name = named[1] as string;
    let alias = name;
    for (let n = 2; Object.hasOwn(r.aliases, alias); n++) alias = `${name}__${n}`;
    r.aliases[alias] = name;
    if (!r.groups.includes(name)) r.groups.push(name);
    r.source += `(?<${alias}>`;
    return i + named[0].length - 1;
  }
  const flagGroup = /^\(\?([imsU]+)\)/.exec(rest);
  if (flagGroup && i === 0) {
    r.flags = (flagGroup[1] as string).replace('U', '');
    r.depth--;
    return i + flagGroup[0].length - 1;
  }
  if (rest.startsWith('(?:')) {
    r.source += '(?:';
    return i + 2;
  }
  return { problem: `invalid perl operator: ${rest.slice(0, 3)}` };
}

const VARSPEC = /^[A-Za-z0-9_%]+(?:\.[A-Za-z0-9_%]+)*(?::[1-9]\d{0,3}|\*)?$/;

/** Whether a URL template is valid RFC 6570 (the server checks only the syntax). */
export function templateIsValid(template: string): boolean {
  let rest = template;
  for (;;) {
    const open = rest.indexOf('{');
    const close = rest.indexOf('}');
    if (open < 0) return close < 0;
    if (close < open) return false;
    const body = rest.slice(open + 1, close);
    if (body.includes('{')) return false;
    if (
      !body
        .replace(/^[+#./;?&]/, '')
        .split(',')
        .every((spec) => VARSPEC.test(spec))
    )
      return false;
    rest = rest.slice(close + 1);
  }
}

/** The variables a template uses, in order. */
export function templateVariables(template: string): string[] {
  const names: string[] = [];
  for (const m of template.matchAll(/\{([^{}]*)\}/g)) {
    for (const spec of (m[1] as string).replace(/^[+#./;?&]/, '').split(',')) {
      const name = spec.replace(/(?::\d+|\*)$/, '');
      if (!names.includes(name)) names.push(name);
    }
  }
  return names;
}

export function expandTemplate(template: string, values: Readonly<Record<string, string | undefined>>): string {
  const context: Record<string, PrimitiveValue> = {};
  for (const [name, value] of Object.entries(values)) if (value !== undefined) context[name] = value;
  return parseTemplate(template).expand(context);
}

/** Whether a legacy format string is valid: each `%` is `%%`, `%(name)s` or a `%XX` escape; no spaces. */
export function formatStringIsValid(format: string): boolean {
  if (/\s/.test(format)) return false;
  return /^(?:[^%]|%%|%\([A-Za-z_][A-Za-z0-9_]*\)s|%[0-9A-Fa-f]{2})*$/.test(format);
}

export function formatStringVariables(format: string): string[] {
  const names: string[] = [];
  for (const m of format.matchAll(/%\(([^)]*)\)s/g)) if (!names.includes(m[1] as string)) names.push(m[1] as string);
  return names;
}

/** `https://x/%(id)s` → `https://x/{id}` (stored as a template whatever the level). */
export function formatStringToTemplate(format: string): string {
  return format.replace(
    /%%([0-9A-Fa-f]{2})?|%\(([^)]*)\)s/g,
    (_all, hex: string | undefined, name: string | undefined) =>
      name !== undefined ? `{${name}}` : hex !== undefined ? `%${hex}` : '%25',
  );
}

/** A stored template as an old server lists it (`url_format`); simple `{name}` expressions only. */
export function templateToFormatString(template: string): string {
  return template.replace(/%/g, '%%').replace(/\{([A-Za-z0-9_]+)\}/g, '%($1)s');
}

export type LinkifierRefusal =
  | { field: 'pattern' | 'url'; kind: 'blank' }
  | { field: 'pattern'; kind: 'bad-pattern'; detail: string }
  | { field: 'url'; kind: 'bad-url' }
  | { field: 'url'; kind: 'variable-not-in-pattern' | 'group-not-in-url'; name: string };

/**
 * What the server finds wrong with a linkifier, in its order: blank fields, a bad URL, a bad pattern; only
 * when all of those pass, the alphabetically first variable or group missing from the other side.
 */
export function linkifierRefusals(pattern: string, url: string, syntax: UrlSyntax): LinkifierRefusal[] {
  const found: LinkifierRefusal[] = [];
  if (pattern === '') found.push({ field: 'pattern', kind: 'blank' });
  if (url === '') found.push({ field: 'url', kind: 'blank' });
  const urlOk = url !== '' && (syntax === 'template' ? templateIsValid(url) : formatStringIsValid(url));
  if (url !== '' && !urlOk) found.push({ field: 'url', kind: 'bad-url' });
  const read = readPattern(pattern);
  if (!read.ok && pattern !== '') found.push({ field: 'pattern', kind: 'bad-pattern', detail: read.problem });
  if (found.length > 0 || !read.ok) return found;
  const groups = read.pattern.groups;
  const variables = syntax === 'template' ? templateVariables(url) : formatStringVariables(url);
  const notInPattern = variables.filter((v) => !groups.includes(v)).sort();
  const notInUrl = groups.filter((g) => !variables.includes(g)).sort();
  if (notInPattern[0] !== undefined)
    found.push({ field: 'url', kind: 'variable-not-in-pattern', name: notInPattern[0] });
  else if (notInUrl[0] !== undefined) found.push({ field: 'url', kind: 'group-not-in-url', name: notInUrl[0] });
  return found;
}
