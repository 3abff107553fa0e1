import { describe, expect, it } from 'vitest';
import {
  checkLinkifier,
  compilePattern,
  expandUrlTemplate,
  formatStringProblem,
  formatStringToTemplate,
  formatStringVariables,
  linkify,
  linkifierSchema,
  patternGroups,
  templateToFormatString,
  templateVariables,
  urlTemplateOf,
  urlTemplateProblem,
  type LinkifierRule,
} from './linkifiers';

describe('compilePattern', () => {
  it('accepts Python/re2 named groups and lists them in order', () => {
    const result = compilePattern('(?P<org>[a-z]+)/(?P<repo>[a-z]+)#(?P<id>[0-9]+)');
    expect(result).toEqual({
      ok: true,
      pattern: { source: '(?<org>[a-z]+)/(?<repo>[a-z]+)#(?<id>[0-9]+)', flags: '', groups: ['org', 'repo', 'id'] },
    });
    expect(patternGroups('(?<id>\\d+)')).toEqual(['id']);
  });

  it('translates re2 syntax JavaScript spells differently', () => {
    const source = (p: string) => {
      const r = compilePattern(p);
      if (!r.ok) throw new Error(r.problem);
      return r.pattern;
    };
    expect(source('(?i)ab')).toMatchObject({ source: 'ab', flags: 'i' });
    expect(source('\\pL+\\PN').source).toBe('\\p{L}+\\P{N}');
    expect(source('[[:digit:]]+').source).toBe('[0-9]+');
    expect(source('\\#\\d+').source).toBe('\\x23\\d+');
    expect(source('{x}').source).toBe('\\{x\\}');
    expect(source('a{2,3}').source).toBe('a{2,3}');
    expect(source('[]a]').source).toBe('[\\]a]');
    expect(source('\\x{41}').source).toBe('\\u{41}');
    // Parentheses in a class and escaped ones are not groups.
    expect(source('[(?P<x>]\\(?P<y>').groups).toEqual([]);
  });

  it.each([
    ['#(?P<id>[0-9]+', 'unterminated group'],
    ['[a-z', 'missing ]'],
    ['a(?=b)', 'lookaround is not supported: (?='],
    ['(?<!a)b', 'lookaround is not supported: (?<!'],
    ['(a)\\1', 'backreferences are not supported: \\1'],
    ['(?P<a>x)(?P=a)', 'backreferences are not supported: (?P='],
    ['(?P<id>a)(?P<id>b)', 'duplicate capture group name: id'],
    ['(?P<1st>a)', 'invalid named capture group: (?P<1st>'],
    ['abc\\', 'trailing \\'],
    ['*a', 'nothing to repeat'],
  ])('refuses %s: %s', (pattern, problem) => {
    expect(compilePattern(pattern)).toEqual({ ok: false, problem });
  });
});

describe('URL templates', () => {
  it('accepts RFC 6570 templates and reads their variables through the expansion library', () => {
    for (const t of ['https://x.example/{id}', 'https://x.example{/a,b}{?q*}{#frag:3}', 'https://x.example/ü/{a.b}']) {
      expect(urlTemplateProblem(t)).toBeNull();
    }
    expect(templateVariables('https://x.example/{+path}/{id}{?q,id}')).toEqual(['path', 'id', 'q']);
  });

  it.each([
    ['https://x.example/{id', 'unclosed “{” at character 19'],
    ['https://x.example/id}', '“}” without “{” at character 21'],
    ['https://x.example/{!id}', 'operator “!” is reserved in “{!id}”'],
    ['https://x.example/{}', 'empty expression in “{}”'],
    ['https://x.example/{a-b}', 'invalid variable name “a-b” in “{a-b}”'],
    ['https://x.example/{a:0}', 'invalid prefix length “:0” in “{a:0}”'],
    ['https://x.example/ {id}', 'a space is not allowed at character 19'],
    ['https://x.example/%zz', '“%” at character 19 must start a percent-encoded byte like %20'],
    ['https://x.example/a|b', '“|” is not allowed at character 20'],
  ])('refuses %s: %s', (template, problem) => {
    expect(urlTemplateProblem(template)).toBe(problem);
  });

  it('expands with RFC 6570 encoding; a group that did not take part expands to nothing', () => {
    expect(expandUrlTemplate('https://x.example/{id}{?q}', { id: 'a b/c', q: undefined })).toBe(
      'https://x.example/a%20b%2Fc',
    );
    expect(expandUrlTemplate('https://x.example/{+path}', { path: 'a/b' })).toBe('https://x.example/a/b');
  });
});

describe('format strings (servers before level 176)', () => {
  it('reads variables, checks percent signs and converts both ways', () => {
    expect(formatStringVariables('https://x.example/%(org)s/%(id)s?p=%%(no)s')).toEqual(['org', 'id']);
    expect(formatStringProblem('https://x.example/%(id)s?q=%20&r=%%')).toBeNull();
    expect(formatStringProblem('https://x.example/100%/%(id)s')).toBe(
      '“%” at character 22 must be written %% (or insert a group with %(name)s)',
    );
    expect(formatStringToTemplate('https://x.example/%(id)s?q=%%20&p=100%%')).toBe(
      'https://x.example/{id}?q=%20&p=100%25',
    );
    expect(templateToFormatString('https://x.example/{id}?q=%20')).toBe('https://x.example/%(id)s?q=%%20');
    expect(templateToFormatString('https://x.example/{+id}')).toBeNull();
  });

  it('gives a listed linkifier’s URL as a template whatever the server level', () => {
    expect(urlTemplateOf(linkifierSchema.parse({ id: 1, pattern: 'p', url_format: 'https://x.example/%(id)s' }))).toBe(
      'https://x.example/{id}',
    );
    expect(urlTemplateOf({ id: 1, pattern: 'p', url_template: 'https://x.example/{id}' })).toBe(
      'https://x.example/{id}',
    );
  });
});

describe('checkLinkifier', () => {
  it('accepts a pattern whose named groups are exactly the template’s variables', () => {
    expect(checkLinkifier('#(?P<id>[0-9]+)', 'https://tracker.example/{id}')).toEqual({
      issues: [],
      groups: ['id'],
      variables: ['id'],
    });
  });

  it('names a template variable the pattern lacks, then a group the template does not use', () => {
    expect(checkLinkifier('#(?P<id>[0-9]+)', 'https://x.example/{ticket}/{id}').issues).toEqual([
      { field: 'url', problem: { kind: 'variable-not-in-pattern', name: 'ticket' } },
    ]);
    expect(checkLinkifier('(?P<z>[a-z]+)#(?P<a>[0-9]+)', 'https://x.example/').issues).toEqual([
      { field: 'url', problem: { kind: 'group-not-in-url', name: 'a' } },
    ]);
  });

  it('reports blank fields, a bad template and a bad pattern, in the server’s order', () => {
    expect(checkLinkifier('  ', '').issues.map((i) => [i.field, i.problem.kind])).toEqual([
      ['pattern', 'blank'],
      ['url', 'blank'],
    ]);
    expect(checkLinkifier('(', 'https://x.example/{').issues.map((i) => [i.field, i.problem.kind])).toEqual([
      ['url', 'bad-url'],
      ['pattern', 'bad-pattern'],
    ]);
  });

  it('checks `%(name)s` format strings for old servers', () => {
    expect(checkLinkifier('#(?P<id>[0-9]+)', 'https://x.example/%(id)s', 'format-string').issues).toEqual([]);
    expect(checkLinkifier('#(?P<id>[0-9]+)', 'https://x.example/{id}', 'format-string').issues).toEqual([
      { field: 'url', problem: { kind: 'group-not-in-url', name: 'id' } },
    ]);
  });
});

describe('linkify', () => {
  const rules: LinkifierRule[] = [
    { id: 10, pattern: 'CVE-(?P<year>[0-9]{4})-(?P<n>[0-9]{4,})', urlTemplate: 'https://cve.example/{year}-{n}' },
    { id: 11, pattern: '(?P<p>[A-Z][A-Z0-9]+)-(?P<n>[0-9]+)', urlTemplate: 'https://issues.example/{p}-{n}' },
    { id: 12, pattern: '#(?P<id>[0-9]+)', urlTemplate: 'https://tracker.example/{id}' },
  ];

  it('links each match to its expanded URL and keeps the rest as text', () => {
    const result = linkify('See #42, then OPS-7.', rules);
    expect(result.segments).toEqual([
      { text: 'See ' },
      { text: '#42', link: expect.objectContaining({ linkifierId: 12, url: 'https://tracker.example/42' }) },
      { text: ', then ' },
      { text: 'OPS-7', link: expect.objectContaining({ linkifierId: 11, url: 'https://issues.example/OPS-7' }) },
      { text: '.' },
    ]);
    expect(result.links.map((l) => [l.start, l.end, l.text])).toEqual([
      [4, 7, '#42'],
      [14, 19, 'OPS-7'],
    ]);
    expect(result.overridden).toEqual([]);
  });

  it('lets the earlier linkifier win where matches overlap, and says which one lost', () => {
    const result = linkify('CVE-2024-12345', rules);
    expect(result.links).toEqual([expect.objectContaining({ linkifierId: 10, text: 'CVE-2024-12345' })]);
    expect(result.overridden).toEqual([
      {
        match: expect.objectContaining({ linkifierId: 11, text: 'CVE-2024', start: 0, end: 8 }),
        by: expect.objectContaining({ linkifierId: 10 }),
      },
    ]);
    // Reversed order, reversed winner.
    const reversed = linkify('CVE-2024-12345', [rules[1]!, rules[0]!]);
    expect(reversed.links.map((l) => [l.linkifierId, l.text])).toEqual([[11, 'CVE-2024']]);
  });

  it('matches only after a boundary and never right before a letter or digit', () => {
    const texts = (t: string) => linkify(t, rules).links.map((l) => l.text);
    expect(texts('x#5 #6a #7, (#8) "#9" #10')).toEqual(['#7', '#8', '#9', '#10']);
    expect(texts('#1 #2')).toEqual(['#1', '#2']);
    expect(texts('#1#2')).toEqual(['#1']);
  });

  it('applies leading flags, skips a pattern it cannot compile and keeps going', () => {
    const result = linkify('bug 12 and BUG 13', [
      { id: 1, pattern: '(', urlTemplate: 'https://x.example/' },
      { id: 2, pattern: '(?i)bug (?P<n>[0-9]+)', urlTemplate: 'https://bugs.example/{n}' },
    ]);
    expect(result.links.map((l) => l.url)).toEqual(['https://bugs.example/12', 'https://bugs.example/13']);
  });

  it('gives plain text back when nothing matches', () => {
    expect(linkify('nothing here', rules)).toEqual({ segments: [{ text: 'nothing here' }], links: [], overridden: [] });
    expect(linkify('', rules).segments).toEqual([]);
  });
});
