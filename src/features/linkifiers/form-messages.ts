import type { LinkifierIssue, UrlSyntax } from '../../shared/svc/linkifiers';

/** The form's own words for what `checkLinkifier` found (the server's wording is shown only when it refuses). */
export function issueMessage({ field, problem }: LinkifierIssue, syntax: UrlSyntax): string {
  const template = syntax === 'template';
  const insert = (name: string) => (template ? `{${name}}` : `%(${name})s`);
  switch (problem.kind) {
    case 'blank':
      return field === 'pattern'
        ? 'Enter a pattern.'
        : template
          ? 'Enter a URL template.'
          : 'Enter a URL format string.';
    case 'bad-pattern':
      return `The pattern does not compile: ${problem.detail}.`;
    case 'bad-url':
      return template
        ? `Not a valid RFC 6570 URL template: ${problem.detail}.`
        : `Not a valid URL format string: ${problem.detail}.`;
    case 'variable-not-in-pattern':
      return `${insert(problem.name)} is not a named group of the pattern. Add (?P<${problem.name}>…) to the pattern or remove it here.`;
    case 'group-not-in-url':
      return `The pattern's group “${problem.name}” is not used. Insert it with ${insert(problem.name)}: the server requires every named group in the URL.`;
  }
}

/** The first issue of each field, phrased for the form. */
export function fieldErrors(
  issues: readonly LinkifierIssue[],
  syntax: UrlSyntax,
): { pattern: string | null; url: string | null } {
  const first = (field: LinkifierIssue['field']) => {
    const issue = issues.find((i) => i.field === field);
    return issue ? issueMessage(issue, syntax) : null;
  };
  return { pattern: first('pattern'), url: first('url') };
}
