/**
 * Linkifiers: the record, and the pure checks the add/edit form, the sandbox and the simulator share: the record and
 * its levels (schema), patterns (re2 translated to RegExp), URL templates and legacy format strings, the server's
 * validation of a whole linkifier (check), applying linkifiers to text (linkify), and turning a pasted URL back
 * into text (reverse).
 */
export {
  LINKIFIER_LEVELS,
  linkifierSchema,
  realmLinkifiersEventSchema,
  urlTemplateOf,
  toRule,
  urlSyntaxFor,
} from './schema';
export type { Linkifier, RealmLinkifiersEvent, LinkifierRule, UrlSyntax } from './schema';
export { compilePattern, patternGroups } from './pattern';
export type { CompiledPattern, PatternResult } from './pattern';
export {
  urlTemplateProblem,
  templateVariables,
  expandUrlTemplate,
  formatStringProblem,
  formatStringVariables,
  formatStringToTemplate,
  templateToFormatString,
} from './template';
export { checkLinkifier } from './check';
export type { LinkifierProblem, LinkifierIssue, LinkifierCheck, LinkifierExtras, LinkifierField } from './check';
export {
  expandReverseTemplate,
  matchUrlTemplate,
  parseReverseTemplate,
  reverseLinkify,
  searchPattern,
} from './reverse';
export type { ReverseMatch, ReverseProblem } from './reverse';
export { linkify } from './linkify';
export type { LinkMatch, LinkSegment, LinkifyResult } from './linkify';
