import { describe, expect, it } from 'vitest';
import { contentParams } from './api/add-linkifier';
import { alternativeLines } from './linkifier-form-modal';

const content = {
  pattern: '#(?P<id>[0-9]+)',
  url: 'https://tracker.example/{id}',
  exampleInput: '#1',
  reverseTemplate: '#{id}',
  alternativeUrlTemplates: ['https://old.example/{id}'],
};
const base = { pattern: content.pattern, url_template: content.url };

describe('linkifier parameters by the server’s level', () => {
  it('sends no example input or reverse template below level 471', () => {
    expect(contentParams(content, 470)).toEqual(base);
    expect(contentParams(content, 470, true)).toEqual(base);
  });

  it('sends them from 471, and the alternative URL templates only from 478', () => {
    expect(contentParams(content, 471)).toEqual({ ...base, example_input: '#1', reverse_template: '#{id}' });
    expect(contentParams(content, 477, true)).toEqual({ ...base, example_input: '#1', reverse_template: '#{id}' });
    expect(contentParams(content, 478)).toEqual({
      ...base,
      example_input: '#1',
      reverse_template: '#{id}',
      alternative_url_templates: ['https://old.example/{id}'],
    });
  });

  it('leaves empty ones out of an add, and sends them empty on an edit (which clears them)', () => {
    const plain = { pattern: content.pattern, url: content.url, exampleInput: '', reverseTemplate: '' };
    expect(contentParams({ ...plain, alternativeUrlTemplates: [] }, 500)).toEqual(base);
    expect(contentParams({ ...plain, alternativeUrlTemplates: [] }, 500, true)).toEqual({
      ...base,
      example_input: '',
      reverse_template: '',
      alternative_url_templates: [],
    });
  });

  it('reads one alternative URL template per line, blank lines left out', () => {
    expect(alternativeLines(' https://a.example/{id}\n\n  https://b.example/{id} \n')).toEqual([
      'https://a.example/{id}',
      'https://b.example/{id}',
    ]);
  });
});
