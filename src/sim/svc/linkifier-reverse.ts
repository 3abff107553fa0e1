import { readPattern, templateIsValid } from './linkifier-rules';

/**
 * Reverse linkifiers (levels 471 and 478): the example input, the reverse template that turns a pasted URL
 * back into the linkified text, and the extra URL templates recognized for it, checked the way the server
 * checks a linkifier (its model's `clean`), with its words.
 */

export const EXAMPLE_NOT_MATCHING = 'Example input does not match the linkifier pattern.';
export const REVERSE_NOT_MATCHING = 'Example text does not match auto-conversion field.';
/**
 * The server refuses a reverse template without an example (its MissingDependentParameterError, naming the
 * two form fields); this wording follows that error's two names.
 */
export const EXAMPLE_REQUIRED = 'Example text is required when auto-conversion field is set.';

/** Surrounding white space dropped; nothing left means "not set" (null), as the server stores it. */
export function optionalText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** Python's `%r` of a name: single quotes unless the name holds one. */
const quoted = (name: string) => (name.includes("'") && !name.includes('"') ? `"${name}"` : `'${name}'`);

/** The reverse template filled from a match: `{name}` is a group, `{{` and `}}` are literal braces. */
function expandReverse(template: string, groups: Readonly<Record<string, string>>): string | { problem: string } {
  let out = '';
  for (let i = 0; i < template.length;) {
    if (template.startsWith('{{', i) || template.startsWith('}}', i)) {
      out += template[i];
      i += 2;
    } else if (template[i] === '{') {
      const end = template.indexOf('}', i + 1);
      if (end === -1) return { problem: "Invalid auto-conversion field: missing '}' character." };
      const name = template.slice(i + 1, end);
      if (name === '') return { problem: 'Invalid auto-conversion field: empty field name.' };
      if (!Object.hasOwn(groups, name))
        return { problem: `Group ${quoted(name)} in auto-conversion field is not present in linkifier pattern.` };
      out += groups[name];
      i = end + 1;
    } else {
      out += template[i];
      i += 1;
    }
  }
  return out;
}

/** The first match of the pattern in the example (RE2's `search`), by group name; null when none. */
function searchGroups(pattern: string, example: string): Record<string, string> | null {
  const read = readPattern(pattern);
  if (!read.ok) return null;
  const match = new RegExp(read.pattern.source, `${read.pattern.flags}u`).exec(example);
  if (!match) return null;
  const groups: Record<string, string> = {};
  for (const name of read.pattern.groups) groups[name] = '';
  for (const [alias, value] of Object.entries(match.groups ?? {})) {
    const name = read.pattern.aliases[alias] ?? alias;
    if (value !== undefined && groups[name] === '') groups[name] = value;
  }
  return groups;
}

/**
 * What the server finds wrong with an example and a reverse template (already trimmed, null when not set),
 * for a pattern that compiles; null when nothing.
 */
export function reverseRefusal(pattern: string, example: string | null, reverse: string | null): string | null {
  if (reverse !== null && example === null) return EXAMPLE_REQUIRED;
  if (example === null) return null;
  const groups = searchGroups(pattern, example);
  if (groups === null) return EXAMPLE_NOT_MATCHING;
  if (reverse === null) return null;
  const expanded = expandReverse(reverse, groups);
  if (typeof expanded !== 'string') return expanded.problem;
  return expanded === example ? null : REVERSE_NOT_MATCHING;
}

/** The extra URL templates must each be a valid RFC 6570 template, like the main one. */
export function alternativeTemplatesRefusal(templates: readonly string[]): string | null {
  return templates.some((t) => t.trim() === '' || !templateIsValid(t.trim())) ? 'Invalid URL template.' : null;
}
