import { parseTemplate, type PrimitiveValue } from 'url-template';
import { GROUP_NAME } from './pattern';

/**
 * Linkifier URLs: RFC 6570 templates, expanded with `url-template` (the library the chat server's own web client
 * uses), and the `%(name)s` format strings of servers before level 176.
 */

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

// Legacy `%(name)s` format strings (servers before level 176).

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
