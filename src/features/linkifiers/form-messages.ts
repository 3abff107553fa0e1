import type {
  LinkifierField,
  LinkifierIssue,
  LinkifierProblem,
  ReverseProblem,
  UrlSyntax,
} from '../../shared/svc/linkifiers';

function reverseMessage(problem: ReverseProblem): string {
  switch (problem.kind) {
    case 'missing-close':
      return 'A “{” in the reverse template is not closed with “}”. Write {{ for a literal “{”.';
    case 'empty-name':
      return 'The reverse template has an empty {}: put a group name between the braces.';
    case 'unknown-group':
      return `{${problem.name}} is not a named group of the pattern. Add (?P<${problem.name}>…) to the pattern or remove it here.`;
  }
}

/** The words for the problems of levels 471 and 478 (example input, reverse template, alternative URL templates). */
function reverseFieldMessage(problem: LinkifierProblem): string | null {
  switch (problem.kind) {
    case 'example-required':
      return 'Enter an example input: the server checks a reverse template against it.';
    case 'example-not-matching':
      return 'The pattern does not match the example input.';
    case 'bad-reverse':
      return reverseMessage(problem.problem);
    case 'reverse-not-example':
      return `The reverse template turns the example input into “${problem.got}”, not into the example itself.`;
    case 'bad-alternative':
      return `Line ${problem.line} is not a valid RFC 6570 URL template: ${problem.detail}.`;
    default:
      return null;
  }
}

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
    default:
      return reverseFieldMessage(problem) ?? 'Not valid.';
  }
}

export type LinkifierFieldErrors = Record<LinkifierField, string | null>;

/** The first issue of each field, phrased for the form. */
export function fieldErrors(issues: readonly LinkifierIssue[], syntax: UrlSyntax): LinkifierFieldErrors {
  const first = (field: LinkifierField) => {
    const issue = issues.find((i) => i.field === field);
    return issue ? issueMessage(issue, syntax) : null;
  };
  return {
    pattern: first('pattern'),
    url: first('url'),
    exampleInput: first('exampleInput'),
    reverseTemplate: first('reverseTemplate'),
    alternativeUrlTemplates: first('alternativeUrlTemplates'),
  };
}

/**
 * The form field a server refusal is about. The server names fields in `errors` (its keys are parameter names;
 * `__all__` holds record-wide messages), and its record-wide messages name the field they are about in words.
 */
export function refusedField(envelope: Readonly<Record<string, unknown>>): LinkifierField | null {
  const byParam: Readonly<Record<string, LinkifierField>> = {
    pattern: 'pattern',
    url_template: 'url',
    url_format_string: 'url',
    example_input: 'exampleInput',
    reverse_template: 'reverseTemplate',
    alternative_url_templates: 'alternativeUrlTemplates',
  };
  const errors = envelope.errors;
  if (errors && typeof errors === 'object') {
    for (const key of Object.keys(errors)) if (byParam[key]) return byParam[key]!;
  }
  for (const key of [envelope.field, envelope.var_name]) {
    if (typeof key === 'string' && byParam[key]) return byParam[key]!;
  }
  const msg = typeof envelope.msg === 'string' ? envelope.msg : '';
  // "Example text is required when auto-conversion field is set": the example is what is missing.
  if (/example (input|text) (is required|does not match the linkifier)/i.test(msg)) return 'exampleInput';
  if (/auto-conversion|reverse template/i.test(msg)) return 'reverseTemplate';
  if (/alternative URL template/i.test(msg)) return 'alternativeUrlTemplates';
  if (/in URL template|URL template\.|format string/i.test(msg)) return 'url';
  return null;
}
