import { describe, expect, it } from 'vitest';
import { checkLinkifier } from '../../shared/svc/linkifiers';
import { fieldErrors } from './form-messages';

const errors = (pattern: string, url: string, syntax: 'template' | 'format-string' = 'template') =>
  fieldErrors(checkLinkifier(pattern, url, syntax).issues, syntax);

describe('fieldErrors', () => {
  it('puts each problem under its field, in the form’s words', () => {
    expect(errors('', '')).toEqual({ pattern: 'Enter a pattern.', url: 'Enter a URL template.' });
    expect(errors('', '', 'format-string').url).toBe('Enter a URL format string.');
    expect(errors('a(?=b)', 'https://x.example/')).toEqual({
      pattern: 'The pattern does not compile: lookaround is not supported: (?=.',
      url: null,
    });
    expect(errors('x', 'https://x.example/100%', 'format-string').url).toBe(
      'Not a valid URL format string: “%” at character 22 must be written %% (or insert a group with %(name)s).',
    );
    expect(errors('#(?P<id>[0-9]+)', 'https://x.example/%(n)s', 'format-string').url).toBe(
      '%(n)s is not a named group of the pattern. Add (?P<n>…) to the pattern or remove it here.',
    );
    expect(errors('#(?P<id>[0-9]+)', 'https://x.example/{id}')).toEqual({ pattern: null, url: null });
  });
});
