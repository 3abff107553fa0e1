import { compilePattern } from './pattern';
import type { LinkifierRule } from './schema';
import { expandUrlTemplate } from './template';

export interface LinkMatch {
  linkifierId: number;
  /** Position of the linkifier in the effective order (0 = applied first). */
  precedence: number;
  /** UTF-16 offsets into the text: `text.slice(start, end)` is the linked text. */
  start: number;
  end: number;
  text: string;
  url: string;
}

export interface LinkSegment {
  text: string;
  /** Absent for plain text. */
  link?: LinkMatch;
}

export interface LinkifyResult {
  /** The whole text, cut into plain and linked pieces, in order. */
  segments: LinkSegment[];
  /** The links that are made, by position. */
  links: LinkMatch[];
  /** Matches that lost to an overlapping match of a linkifier earlier in the order. */
  overridden: { match: LinkMatch; by: LinkMatch }[];
}

// What may come right before a match (start, whitespace, NEL, a Unicode separator or an opening delimiter)
// and right after it (end, or anything but a letter or a number) — the server's boundaries.
const BEFORE = `(?<=^|[\\s\\u0085\\p{Z}'"(,:<])`;
const AFTER = '(?=$|[^\\p{L}\\p{N}])';
const OUTER = 'linkifier_actual_match';

function wrappedRegExp(pattern: string): RegExp | null {
  const compiled = compilePattern(pattern);
  if (!compiled.ok) return null;
  try {
    return new RegExp(`${BEFORE}(?<${OUTER}>${compiled.pattern.source})${AFTER}`, `${compiled.pattern.flags}gu`);
  } catch {
    // A pattern the server would accept but this translation cannot wrap: skipped, as the server skips
    // a linkifier it cannot compile.
    return null;
  }
}

const overlaps = (a: LinkMatch, b: LinkMatch) => a.start < b.end && b.start < a.end;

/**
 * Which spans of `text` become links, the way the server links topics and message text: every linkifier
 * in order finds its matches (only after start/whitespace/an opening delimiter, never followed directly
 * by a letter or number); then matches are taken by linkifier order, then position, and a match that
 * overlaps one already taken is dropped — so where patterns overlap, the earlier linkifier wins.
 * The URL is the linkifier's template expanded with the match's named groups.
 */
export function linkify(text: string, rules: readonly LinkifierRule[]): LinkifyResult {
  const found: LinkMatch[] = [];
  rules.forEach((rule, precedence) => {
    const regex = wrappedRegExp(rule.pattern);
    if (!regex) return;
    for (let m = regex.exec(text); m; m = regex.exec(text)) {
      const matched = m.groups?.[OUTER] ?? '';
      if (matched === '') {
        regex.lastIndex += 1;
        continue;
      }
      const { [OUTER]: _outer, ...values } = m.groups ?? {};
      found.push({
        linkifierId: rule.id,
        precedence,
        start: m.index,
        end: m.index + matched.length,
        text: matched,
        url: expandUrlTemplate(rule.urlTemplate, values),
      });
    }
  });
  found.sort((a, b) => a.precedence - b.precedence || a.start - b.start);

  const links: LinkMatch[] = [];
  const overridden: LinkifyResult['overridden'] = [];
  for (const match of found) {
    const winner = links.find((taken) => overlaps(taken, match));
    if (winner) overridden.push({ match, by: winner });
    else links.push(match);
  }
  links.sort((a, b) => a.start - b.start);
  overridden.sort((a, b) => a.match.start - b.match.start || a.match.precedence - b.match.precedence);

  const segments: LinkSegment[] = [];
  let at = 0;
  for (const link of links) {
    if (link.start > at) segments.push({ text: text.slice(at, link.start) });
    segments.push({ text: link.text, link });
    at = link.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at) });
  return { segments, links, overridden };
}
