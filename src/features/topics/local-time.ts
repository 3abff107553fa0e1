/**
 * One formatter for every timestamp shown: `Date#toLocaleString` builds a new one per call, which costs far
 * more than the formatting itself. These options are the ones `toLocaleString()` uses, so the text is the same.
 */
const formatter = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** A UNIX time in seconds as a date and time in the reader's locale and time zone. */
export function formatLocalTime(seconds: number): string {
  return formatter.format(seconds * 1000);
}
