// One formatter, reused for every count: building one per call is costly.
const countFormat = new Intl.NumberFormat(undefined);

/** "1,234": a count grouped in the reader's locale. */
export function formatCount(n: number): string {
  return countFormat.format(n);
}

/** "1 channel", "1,234 channels": the number grouped in the reader's locale, the noun agreeing with it. */
export function countOf(n: number, singular: string, plural: string): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}
