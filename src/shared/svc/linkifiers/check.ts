import { compilePattern } from './pattern';
import { parseReverseTemplate, searchPattern, type ReverseProblem } from './reverse';
import type { UrlSyntax } from './schema';
import { formatStringProblem, formatStringVariables, templateVariables, urlTemplateProblem } from './template';

/** What can be wrong, in the server's order of checks; callers phrase it for their audience. */
export type LinkifierProblem =
  | { kind: 'blank' }
  | { kind: 'bad-pattern'; detail: string }
  | { kind: 'bad-url'; detail: string }
  | { kind: 'variable-not-in-pattern'; name: string }
  | { kind: 'group-not-in-url'; name: string }
  /** A reverse template without an example input. */
  | { kind: 'example-required' }
  | { kind: 'example-not-matching' }
  | { kind: 'bad-reverse'; problem: ReverseProblem }
  /** The example input put through the reverse template does not come back as itself. */
  | { kind: 'reverse-not-example'; got: string }
  /**
   * An alternative URL template (`line` counts from 1) that is not valid. Its variables need not be the pattern's
   * groups: one the reverse template does not use only has to match.
   */
  | { kind: 'bad-alternative'; line: number; detail: string };

export type LinkifierField = 'pattern' | 'url' | 'exampleInput' | 'reverseTemplate' | 'alternativeUrlTemplates';

export interface LinkifierIssue {
  field: LinkifierField;
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

/** The fields of levels 471 and 478; absent ones are not checked (a server before them has none). */
export interface LinkifierExtras {
  exampleInput?: string;
  reverseTemplate?: string;
  alternativeUrlTemplates?: readonly string[];
}

/**
 * The example input and the reverse template, as the server checks them once the pattern compiles: a reverse
 * template needs an example, the example must match the pattern, and the reverse template must give it back.
 */
function reverseIssues(pattern: string, groups: string[], extras: LinkifierExtras): LinkifierIssue[] {
  const example = extras.exampleInput?.trim() ?? '';
  const reverse = extras.reverseTemplate?.trim() ?? '';
  if (reverse !== '' && example === '') return [{ field: 'exampleInput', problem: { kind: 'example-required' } }];
  if (example === '') return [];
  const values = searchPattern(pattern, example);
  if (!values) return [{ field: 'exampleInput', problem: { kind: 'example-not-matching' } }];
  if (reverse === '') return [];
  const parsed = parseReverseTemplate(reverse, groups);
  if (!parsed.ok) return [{ field: 'reverseTemplate', problem: { kind: 'bad-reverse', problem: parsed.problem } }];
  const got = parsed.parts.map((p) => ('text' in p ? p.text : (values[p.group] ?? ''))).join('');
  return got === example ? [] : [{ field: 'reverseTemplate', problem: { kind: 'reverse-not-example', got } }];
}

/** Each alternative URL template must be a valid template. */
function alternativeIssues(templates: readonly string[]): LinkifierIssue[] {
  return templates.flatMap((raw, index) => {
    const detail = raw.trim() === '' ? null : urlTemplateProblem(raw.trim());
    return detail
      ? [
          {
            field: 'alternativeUrlTemplates' as const,
            problem: { kind: 'bad-alternative' as const, line: index + 1, detail },
          },
        ]
      : [];
  });
}

/**
 * The server's validation of a linkifier, as data: the pattern compiles, the URL is a valid template
 * (or format string), the example input and reverse template agree with the pattern (level 471), the
 * alternative URL templates are valid (level 478), and the template's variables and the pattern's named groups
 * are the same set. Inputs are checked as the server stores them, surrounding whitespace removed; issues come
 * in the server's order, so the first is the one the server would name.
 */
export function checkLinkifier(
  pattern: string,
  url: string,
  syntax: UrlSyntax = 'template',
  extras: LinkifierExtras = {},
): LinkifierCheck {
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
  const patternOk = compiled.ok && p !== '';
  // The server's order: field checks (the alternatives among them), then the record's: the example and the
  // reverse template before the groups and variables (which need a valid pattern and URL).
  issues.push(...alternativeIssues(extras.alternativeUrlTemplates ?? []));
  if (patternOk) issues.push(...reverseIssues(p, groups, extras));
  if (patternOk && urlOk) issues.push(...groupIssues(groups, variables));
  return { issues, groups, variables };
}

/**
 * The template's variables and the pattern's groups must be the same set; like the server, the alphabetically
 * first offender is named.
 */
function groupIssues(groups: readonly string[], variables: readonly string[]): LinkifierIssue[] {
  const notInPattern = variables.filter((v) => !groups.includes(v)).sort();
  if (notInPattern.length > 0)
    return [{ field: 'url', problem: { kind: 'variable-not-in-pattern', name: notInPattern[0]! } }];
  const notInUrl = groups.filter((g) => !variables.includes(g)).sort();
  return notInUrl.length > 0 ? [{ field: 'url', problem: { kind: 'group-not-in-url', name: notInUrl[0]! } }] : [];
}
