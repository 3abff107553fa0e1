/**
 * Patterns: the server compiles them with re2 (Python's `(?P<name>…)` named groups); here they are translated to
 * JavaScript's RegExp, which is close to re2 for what linkifiers use. Where the two differ, the server stays the
 * authority and its refusal is shown verbatim.
 */

/** A pattern translated to JavaScript. `source` keeps the user's groups and their names. */
export interface CompiledPattern {
  source: string;
  /** RegExp flags from a leading inline flag group such as `(?i)`; `u` is always added when compiling. */
  flags: string;
  /** Named groups, in order of appearance. */
  groups: string[];
}

export type PatternResult = { ok: true; pattern: CompiledPattern } | { ok: false; problem: string };

export const GROUP_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

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

/** Where a translation has got to: the next character to read, and what has been written. */
interface Translation {
  readonly pattern: string;
  i: number;
  out: string;
  inClass: boolean;
  groups: string[];
}

/** A leading `(?i)`/`(?m)`/`(?s)` (several may follow each other): RegExp flags, and where the pattern goes on. */
function leadingFlags(pattern: string): { flags: string; i: number } {
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
  return { flags, i };
}

/**
 * Translates re2/Python syntax to JavaScript (unicode mode): `(?P<name>…)` → `(?<name>…)`, a leading
 * `(?i)`/`(?m)`/`(?s)` → RegExp flags, `\pL` → `\p{L}`, `\x{…}` → `\u{…}`, `\A`/`\z`, POSIX classes, and
 * literal braces and escaped punctuation that unicode mode would refuse. What re2 refuses (lookaround,
 * backreferences) is refused here too.
 */
function translatePattern(pattern: string): CompiledPattern {
  const { flags, i } = leadingFlags(pattern);
  const t: Translation = { pattern, i, out: '', inClass: false, groups: [] };
  while (t.i < pattern.length) translateNext(t);
  if (t.inClass) throw new PatternProblem('missing ]');
  return { source: t.out, flags, groups: t.groups };
}

function translateNext(t: Translation): void {
  const c = t.pattern[t.i]!;
  if (c === '\\') return translateEscape(t);
  if (t.inClass) return translateInClass(t);
  if (c === '[') return openClass(t);
  if (c === '(' && t.pattern[t.i + 1] === '?') return translateGroupOpen(t);
  if (c === '{') {
    const quantifier = /^\{\d+(,\d*)?\}/.exec(t.pattern.slice(t.i));
    if (quantifier) {
      t.out += quantifier[0];
      t.i += quantifier[0].length;
    } else {
      // re2 reads a brace that starts no repetition as a literal.
      t.out += '\\{';
      t.i += 1;
    }
    return;
  }
  t.out += c === '}' || c === ']' ? `\\${c}` : c;
  t.i += 1;
}

function translateEscape(t: Translation): void {
  const { pattern, i, inClass } = t;
  const next = pattern[i + 1];
  if (next === undefined) throw new PatternProblem('trailing \\');
  if (!inClass && /[1-9]/.test(next)) throw new PatternProblem(`backreferences are not supported: \\${next}`);
  if ((next === 'p' || next === 'P') && pattern[i + 2] !== '{' && pattern[i + 2] !== undefined) {
    t.out += `\\${next}{${pattern[i + 2]}}`;
    t.i += 3;
    return;
  }
  const codePoint = next === 'x' ? /^\\x\{([0-9A-Fa-f]+)\}/.exec(pattern.slice(i)) : null;
  if (codePoint) {
    t.out += `\\u{${codePoint[1]}}`;
    t.i += codePoint[0].length;
    return;
  }
  if (!inClass && next === 'A') t.out += '(?<![\\s\\S])';
  else if (!inClass && next === 'z') t.out += '(?![\\s\\S])';
  else if (/[^A-Za-z0-9]/.test(next) && next.charCodeAt(0) < 128 && !JS_ESCAPABLE.has(next) && next !== '-')
    t.out += hexEscape(next);
  else t.out += `\\${next}`;
  t.i += 2;
}

function translateInClass(t: Translation): void {
  const { pattern, i } = t;
  const c = pattern[i]!;
  if (c === '[' && pattern[i + 1] === ':') {
    const end = pattern.indexOf(':]', i + 2);
    const name = end < 0 ? '' : pattern.slice(i + 2, end);
    const negated = name.startsWith('^');
    const range = POSIX_CLASSES[negated ? name.slice(1) : name];
    if (range === undefined || negated) throw new PatternProblem(`invalid character class range: [:${name}:]`);
    t.out += range;
    t.i = end + 2;
    return;
  }
  if (c === ']') {
    t.inClass = false;
    t.out += c;
  } else if (c === '[') {
    t.out += `\\${c}`;
  } else {
    t.out += c;
  }
  t.i += 1;
}

function openClass(t: Translation): void {
  t.inClass = true;
  t.out += '[';
  t.i += 1;
  if (t.pattern[t.i] === '^') {
    t.out += '^';
    t.i += 1;
  }
  // A `]` right after the opening bracket is a literal in re2.
  if (t.pattern[t.i] === ']') {
    t.out += '\\]';
    t.i += 1;
  }
}

/** `(?P<name>` or `(?<name>` becomes a named group; backreferences and lookaround are refused, as re2 does. */
function translateGroupOpen(t: Translation): void {
  const rest = t.pattern.slice(t.i);
  const named = /^\(\?P?<([^>]*)>/.exec(rest);
  if (named && !rest.startsWith('(?<=') && !rest.startsWith('(?<!')) {
    const name = named[1]!;
    if (!GROUP_NAME.test(name)) throw new PatternProblem(`invalid named capture group: ${named[0]}`);
    if (t.groups.includes(name)) throw new PatternProblem(`duplicate capture group name: ${name}`);
    t.groups.push(name);
    t.out += `(?<${name}>`;
    t.i += named[0].length;
    return;
  }
  if (rest.startsWith('(?P=')) throw new PatternProblem(`backreferences are not supported: ${rest.slice(0, 4)}`);
  const look = /^\(\?(<=|<!|=|!)/.exec(rest);
  if (look) throw new PatternProblem(`lookaround is not supported: ${look[0]}`);
  t.out += '(?';
  t.i += 2;
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
