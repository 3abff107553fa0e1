/**
 * The highlighted difference between two renderings of a message (`content_html_diff` in its edit history): words
 * the edit added in `<span class="highlight_text_inserted">`, words it took out in
 * `<span class="highlight_text_deleted">`, the whole in a `<div>`. In the spirit of the server's lxml `htmldiff`
 * (word by word, the new rendering's markup kept), not its exact markup.
 */

const INSERTED = '<span class="highlight_text_inserted">';
const DELETED = '<span class="highlight_text_deleted">';
/** Past this many words each, the diff is one replacement (the comparison is quadratic). */
const MAX_WORDS = 2000;

type Token = { tag: string } | { word: string };

/** Tags, and words with the spaces after them. */
function tokens(html: string): Token[] {
  return (html.match(/<[^>]*>|[^<\s]+\s*|\s+/g) ?? []).map((t) => (t.startsWith('<') ? { tag: t } : { word: t }));
}

const wordsOf = (list: readonly Token[]) => list.flatMap((t) => ('word' in t ? [t.word] : []));

/** For each word of `b`, whether it is part of a longest common subsequence with `a`; and `a`'s kept words. */
function commonWords(a: readonly string[], b: readonly string[]): { keptA: boolean[]; keptB: boolean[] } {
  const keptA = a.map(() => false);
  const keptB = b.map(() => false);
  if (a.length > MAX_WORDS || b.length > MAX_WORDS) return { keptA, keptB };
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lengths[i]![j] =
        a[i]!.trim() === b[j]!.trim()
          ? lengths[i + 1]![j + 1]! + 1
          : Math.max(lengths[i + 1]![j]!, lengths[i]![j + 1]!);
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i]!.trim() === b[j]!.trim()) {
      keptA[i++] = true;
      keptB[j++] = true;
    } else if (lengths[i + 1]![j]! >= lengths[i]![j + 1]!) i++;
    else j++;
  }
  return { keptA, keptB };
}

/** The old words taken out between `from` and the next kept one (or the end), as one highlighted run. */
function deletedRun(oldWords: readonly string[], keptA: readonly boolean[], from: number): [string, number] {
  let at = from;
  let gone = '';
  while (at < oldWords.length && !keptA[at]) gone += oldWords[at++];
  return [gone.trim() ? `${DELETED}${gone.trim()}</span> ` : '', at];
}

export function htmlDiff(before: string, after: string): string {
  const oldWords = wordsOf(tokens(before));
  const newTokens = tokens(after);
  const { keptA, keptB } = commonWords(oldWords, wordsOf(newTokens));
  // Tags after the last word close the message: what was taken out at the end goes before them.
  const lastWord = newTokens.findLastIndex((t) => 'word' in t);
  let out = '';
  let inserted = '';
  let oldAt = 0;
  let newAt = 0;
  const flushInserted = () => {
    if (inserted.trim()) out += `${INSERTED}${inserted.trim()}</span>${inserted.slice(inserted.trimEnd().length)}`;
    inserted = '';
  };
  newTokens.forEach((token, index) => {
    if ('tag' in token) {
      flushInserted();
      out += token.tag;
    } else if (keptB[newAt++]) {
      flushInserted();
      const [gone, next] = deletedRun(oldWords, keptA, oldAt);
      out += gone + token.word;
      oldAt = next + 1;
    } else {
      inserted += token.word;
    }
    if (index === lastWord) {
      flushInserted();
      const [gone, next] = deletedRun(oldWords, keptA, oldAt);
      out += (out.endsWith(' ') || !gone ? '' : ' ') + gone.trimEnd();
      oldAt = next;
    }
  });
  return `<div>${out}</div>`;
}
