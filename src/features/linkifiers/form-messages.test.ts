import { describe, expect, it } from 'vitest';
import { checkLinkifier } from '../../shared/svc/linkifiers';
import { fieldErrors, refusedField } from './form-messages';

const errors = (pattern: string, url: string, syntax: 'template' | 'format-string' = 'template') => {
  const { pattern: p, url: u } = fieldErrors(checkLinkifier(pattern, url, syntax).issues, syntax);
  return { pattern: p, url: u };
};

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

  it('phrases the example input, the reverse template and the alternatives', () => {
    const extras = (e: Parameters<typeof checkLinkifier>[3]) =>
      fieldErrors(checkLinkifier('#(?P<id>[0-9]+)', 'https://t.example/{id}', 'template', e).issues, 'template');
    expect(extras({ reverseTemplate: '#{id}' }).exampleInput).toBe(
      'Enter an example input: the server checks a reverse template against it.',
    );
    expect(extras({ exampleInput: 'x' }).exampleInput).toBe('The pattern does not match the example input.');
    expect(extras({ exampleInput: '#4', reverseTemplate: 'T{id}' }).reverseTemplate).toBe(
      'The reverse template turns the example input into “T4”, not into the example itself.',
    );
    expect(extras({ exampleInput: '#4', reverseTemplate: '#{id' }).reverseTemplate).toBe(
      'A “{” in the reverse template is not closed with “}”. Write {{ for a literal “{”.',
    );
    expect(
      extras({ alternativeUrlTemplates: ['https://o.example/{id}', 'https://o.example/{n'] }).alternativeUrlTemplates,
    ).toBe('Line 2 is not a valid RFC 6570 URL template: unclosed “{” at character 19.');
  });
});

describe('refusedField', () => {
  it('finds the field in the server’s errors, its field names or its words', () => {
    expect(refusedField({ msg: 'x', errors: { example_input: ['x'] } })).toBe('exampleInput');
    expect(refusedField({ msg: 'x', errors: { __all__: ['x'], url_template: ['y'] } })).toBe('url');
    expect(refusedField({ msg: 'Example text does not match auto-conversion field.' })).toBe('reverseTemplate');
    expect(refusedField({ msg: 'Example input does not match the linkifier pattern.' })).toBe('exampleInput');
    expect(refusedField({ msg: 'Example text is required when auto-conversion field is set.' })).toBe('exampleInput');
    expect(refusedField({ msg: 'x', field: 'alternative_url_templates' })).toBe('alternativeUrlTemplates');
    expect(refusedField({ msg: 'Realm filter with this Realm and Pattern already exists.' })).toBeNull();
  });
});
