import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next-path';

const HOME = '/users';

/** Every way a `next` may try to leave the console's origin or smuggle a character a URL parser drops. */
const refused: [string, string][] = [
  ['an absolute URL', 'https://evil.test/users'],
  ['a scheme-relative URL', '//evil.test'],
  ['a backslash after the slash', '/\\evil.test'],
  ['a backslash later in the path', '/users\\..\\\\evil.test'],
  ['a raw tab after the slash', '/\t/evil.test'],
  ['a raw newline after the slash', '/\n/evil.test'],
  ['a raw carriage return after the slash', '/\r/evil.test'],
  ['a raw space after the slash', '/ /evil.test'],
  ['an encoded tab after the slash', '/%09/evil.test'],
  ['an encoded newline after the slash', '/%0A/evil.test'],
  ['an encoded lowercase newline', '/%0a/evil.test'],
  ['an encoded carriage return', '/%0D/evil.test'],
  ['an encoded space', '/%20/evil.test'],
  ['an encoded NUL', '/users%00'],
  ['an encoded DEL', '/users%7F'],
  ['a C1 control, encoded as UTF-8', '/users%C2%85'],
  ['a no-break space, encoded', '/%C2%A0/evil.test'],
  ['an ideographic space, raw', '/\u3000/evil.test'],
  ['a line separator, raw', '/users\u2028'],
  ['a tab later in the path', '/users/%09x'],
  ['a tab in the query', '/users?q=%09'],
  ['a raw space in the query', '/users?q=a b'],
  ['an encoded newline in the query', '/users?q=%0A'],
  ['a tab in the fragment', '/users#%09'],
  ['a double-encoded tab', '/%2509/evil.test'],
  ['a double-encoded slash pair', '/%252F%252Fevil.test'],
  ['an encoded slash pair', '/%2F/evil.test'],
  ['an encoded backslash', '/%5C/evil.test'],
  ['broken percent-encoding', '/users%E0%A4%A'],
  ['no leading slash', 'users'],
  ['a javascript: URL', 'javascript:alert(1)'],
  ['the sign-in page itself', '/sign-in?next=/users'],
  ['empty', ''],
];

const kept: string[] = [
  '/users',
  '/users/12',
  '/channels?filter=active',
  '/audit#top',
  '/people/%C3%A9quipe',
  '/a%2Db',
  // Encoded spaces in a search are the user's own words, not a way off the origin.
  '/users?q=ada%20lovelace',
];

describe('safeNextPath', () => {
  it.each(refused)('refuses %s (%j)', (_why, next) => {
    expect(safeNextPath(next)).toBe(HOME);
  });

  it.each(kept)('keeps the same-origin console path %j', (next) => {
    expect(safeNextPath(next)).toBe(next);
  });

  it('refuses a missing next', () => {
    expect(safeNextPath(null)).toBe(HOME);
  });

  it('never returns anything that resolves off the console’s origin', () => {
    for (const [, next] of refused) {
      const resolved = new URL(safeNextPath(next), 'https://console.test/sign-in');
      expect(resolved.origin).toBe('https://console.test');
    }
  });
});
