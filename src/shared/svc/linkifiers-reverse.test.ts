import { describe, expect, it } from 'vitest';
import { svcOps } from './catalog';
import { checkParams } from './params';
import {
  checkLinkifier,
  expandReverseTemplate,
  linkifierSchema,
  matchUrlTemplate,
  parseReverseTemplate,
  reverseLinkify,
  toRule,
  type LinkifierRule,
} from './linkifiers';

const TRACKER = '#(?P<id>[0-9]+)';
const REPO = '(?P<org>[a-z]+)/(?P<repo>[a-z]+)#(?P<id>[0-9]+)';

describe('reverse templates (level 471)', () => {
  it('writes groups, and literal braces from {{ and }}', () => {
    expect(expandReverseTemplate('#{id}', ['id'], { id: '42' })).toEqual({ ok: true, text: '#42' });
    expect(expandReverseTemplate('{{{id}}}', ['id'], { id: '7' })).toEqual({ ok: true, text: '{7}' });
    // A lone closing brace is text, as on the server.
    expect(expandReverseTemplate('a}b', [], {})).toEqual({ ok: true, text: 'a}b' });
  });

  it('names the first problem, left to right', () => {
    expect(parseReverseTemplate('#{id', ['id'])).toEqual({ ok: false, problem: { kind: 'missing-close' } });
    expect(parseReverseTemplate('#{}', ['id'])).toEqual({ ok: false, problem: { kind: 'empty-name' } });
    expect(parseReverseTemplate('{ticket}{}', ['id'])).toEqual({
      ok: false,
      problem: { kind: 'unknown-group', name: 'ticket' },
    });
  });
});

describe('checkLinkifier with example input, reverse template and alternative URL templates', () => {
  const issues = (extras: Parameters<typeof checkLinkifier>[3], pattern = TRACKER) =>
    checkLinkifier(pattern, 'https://tracker.example/{id}', 'template', extras).issues;

  it('accepts an example the pattern matches and a reverse template that gives it back', () => {
    expect(issues({ exampleInput: ' #2468 ', reverseTemplate: '#{id}', alternativeUrlTemplates: [] })).toEqual([]);
    expect(
      checkLinkifier(REPO, 'https://github.com/{org}/{repo}/issues/{id}', 'template', {
        exampleInput: 'zulip/zulip#2468',
        reverseTemplate: '{org}/{repo}#{id}',
      }).issues,
    ).toEqual([]);
    // The server searches: the example may hold more than the match.
    expect(issues({ exampleInput: 'see #12' })).toEqual([]);
  });

  it('needs an example for a reverse template, and an example the pattern matches', () => {
    expect(issues({ exampleInput: '', reverseTemplate: '#{id}' })).toEqual([
      { field: 'exampleInput', problem: { kind: 'example-required' } },
    ]);
    expect(issues({ exampleInput: 'ticket 12' })).toEqual([
      { field: 'exampleInput', problem: { kind: 'example-not-matching' } },
    ]);
  });

  it('refuses a reverse template that does not give the example back, saying what it gives', () => {
    expect(issues({ exampleInput: '#12', reverseTemplate: 'T-{id}' })).toEqual([
      { field: 'reverseTemplate', problem: { kind: 'reverse-not-example', got: 'T-12' } },
    ]);
    expect(issues({ exampleInput: '#12', reverseTemplate: '#{ticket}' })).toEqual([
      {
        field: 'reverseTemplate',
        problem: { kind: 'bad-reverse', problem: { kind: 'unknown-group', name: 'ticket' } },
      },
    ]);
  });

  it('checks each alternative URL template, naming its line; their variables need not be groups', () => {
    expect(issues({ alternativeUrlTemplates: ['https://old.example/{id}', 'https://x.example/{'] })).toEqual([
      {
        field: 'alternativeUrlTemplates',
        problem: { kind: 'bad-alternative', line: 2, detail: 'unclosed “{” at character 19' },
      },
    ]);
    // A variable the reverse template does not use only has to match (e.g. a project the pattern leaves out).
    expect(issues({ alternativeUrlTemplates: ['https://old.example/{project}/{id}'] })).toEqual([]);
  });

  it('still checks the URL template while the example is wrong', () => {
    const found = checkLinkifier(TRACKER, 'https://x.example/{n}', 'template', { exampleInput: 'nope' }).issues;
    expect(found.map((i) => [i.field, i.problem.kind])).toEqual([
      ['exampleInput', 'example-not-matching'],
      ['url', 'variable-not-in-pattern'],
    ]);
  });
});

describe('matchUrlTemplate: the variables a URL was made with', () => {
  it('reads simple, reserved and query expressions, decoding percent-escapes', () => {
    expect(matchUrlTemplate('https://tracker.example/{id}', 'https://tracker.example/42')).toEqual({ id: '42' });
    expect(matchUrlTemplate('https://x.example/{name}', 'https://x.example/a%20b')).toEqual({ name: 'a b' });
    expect(matchUrlTemplate('https://x.example/{+path}/raw', 'https://x.example/a/b/c/raw')).toEqual({
      path: 'a/b/c',
    });
    expect(matchUrlTemplate('https://x.example/search{?q,page}', 'https://x.example/search?q=cat&page=2')).toEqual({
      q: 'cat',
      page: '2',
    });
    expect(matchUrlTemplate('https://x.example{/org,repo}', 'https://x.example/zulip/zulip')).toEqual({
      org: 'zulip',
      repo: 'zulip',
    });
  });

  it('refuses a URL the template cannot make, and a variable with two values', () => {
    expect(matchUrlTemplate('https://tracker.example/{id}', 'https://other.example/42')).toBeNull();
    // A simple expression never holds a slash.
    expect(matchUrlTemplate('https://tracker.example/{id}', 'https://tracker.example/4/2')).toBeNull();
    expect(matchUrlTemplate('https://x.example/{id}/{id}', 'https://x.example/1/2')).toBeNull();
    expect(matchUrlTemplate('https://x.example/{id}/{id}', 'https://x.example/1/1')).toEqual({ id: '1' });
    expect(matchUrlTemplate('https://x.example/{', 'https://x.example/{')).toBeNull();
  });
});

describe('reverseLinkify: a pasted URL back into text', () => {
  const rules: LinkifierRule[] = [
    { id: 1, pattern: 'CVE-(?P<id>[0-9-]+)', urlTemplate: 'https://cve.example/{id}' },
    {
      id: 2,
      pattern: TRACKER,
      urlTemplate: 'https://tracker.example/issues/{id}',
      reverseTemplate: '#{id}',
      alternativeUrlTemplates: ['https://old-tracker.example/ticket?id={id}', 'https://tracker.example/i/{id}'],
    },
    { id: 3, pattern: 'T(?P<id>[0-9]+)', urlTemplate: 'https://tracker.example/i/{id}', reverseTemplate: 'T{id}' },
  ];

  it('uses the first linkifier in order whose URL template or alternative makes the URL', () => {
    expect(reverseLinkify(' https://tracker.example/issues/42 ', rules)).toEqual({
      linkifierId: 2,
      precedence: 1,
      text: '#42',
      via: 0,
      template: 'https://tracker.example/issues/{id}',
    });
    expect(reverseLinkify('https://old-tracker.example/ticket?id=7', rules)).toMatchObject({ text: '#7', via: 1 });
    // Linkifier 3's own template is linkifier 2's second alternative: the earlier linkifier wins.
    expect(reverseLinkify('https://tracker.example/i/9', rules)).toMatchObject({ linkifierId: 2, via: 2 });
  });

  it('skips linkifiers without a reverse template, and says nothing for other URLs', () => {
    expect(reverseLinkify('https://cve.example/2024-1', rules)).toBeNull();
    expect(reverseLinkify('https://elsewhere.example/42', rules)).toBeNull();
    expect(reverseLinkify('   ', rules)).toBeNull();
  });
});

describe('the record and the parameters of levels 471 and 478', () => {
  it('reads example input, reverse template and alternatives, null or absent included', () => {
    const record = linkifierSchema.parse({
      id: 4,
      pattern: TRACKER,
      url_template: 'https://tracker.example/{id}',
      example_input: '#1',
      reverse_template: '#{id}',
      alternative_url_templates: ['https://t.example/{id}'],
    });
    expect(toRule(record)).toEqual({
      id: 4,
      pattern: TRACKER,
      urlTemplate: 'https://tracker.example/{id}',
      reverseTemplate: '#{id}',
      alternativeUrlTemplates: ['https://t.example/{id}'],
    });
    const older = linkifierSchema.parse({ id: 5, pattern: TRACKER, url_template: 'u', example_input: null });
    expect(toRule(older)).toMatchObject({ reverseTemplate: null, alternativeUrlTemplates: [] });
  });

  it('is refused by the BFF when a reverse template comes without an example input', () => {
    const base = { pattern: TRACKER, url_template: 'https://tracker.example/{id}' };
    expect(checkParams(svcOps.addLinkifier, { ...base, reverse_template: '#{id}' })).toEqual({
      ok: false,
      // The field's name leads (the form shows it in words: humanServerMessage).
      msg: 'example_input: A reverse template needs an example input.',
      field: 'example_input',
    });
    expect(
      checkParams(svcOps.updateLinkifier, { filter_id: 1, ...base, reverse_template: '', example_input: '' }).ok,
    ).toBe(true);
    expect(
      checkParams(svcOps.addLinkifier, {
        ...base,
        example_input: '#1',
        reverse_template: '#{id}',
        alternative_url_templates: ['https://t.example/{id}'],
      }).ok,
    ).toBe(true);
  });
});
