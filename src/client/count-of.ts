const countFormat = new Intl.NumberFormat(undefined);

/** "1 channel", "1,234 channels": the number grouped in the reader's locale, the noun agreeing with it. */
export function countOf(n: number, singular: string, plural: string): string {
  return `${countFormat.format(n)} ${n === 1 ? singular : plural}`;
}
