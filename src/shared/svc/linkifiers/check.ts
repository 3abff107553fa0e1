import { compilePattern } from './pattern';
import type { UrlSyntax } from './schema';
import { formatStringProblem, formatStringVariables, templateVariables, urlTemplateProblem } from './template';

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
