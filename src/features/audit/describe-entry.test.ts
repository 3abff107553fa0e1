import { describe, expect, it } from 'vitest';
import { describeTarget } from './describe-entry';
import { parseAuditFilter } from './use-audit-search';
import { filterQueryString } from './filter-query';

describe('audit entry text', () => {
  it('describes targets in words', () => {
    expect(describeTarget(null)).toBe('—');
    expect(describeTarget({ type: 'user', id: '42', name: 'Mia Member' })).toBe('User Mia Member #42');
    expect(describeTarget({ type: 'topic', id: '3:lunch', name: 'lunch' })).toBe('Topic lunch #3:lunch');
    expect(describeTarget({ type: 'profile_field', id: '7', name: null })).toBe('Profile field #7');
  });
});

describe('audit filters in the URL', () => {
  it('keeps valid filters, drops invalid ones, and round-trips', () => {
    const filter = parseAuditFilter(
      new URLSearchParams('actor=admin&outcome=bogus&targetType=user&from=2030-01-01T00:00:00.000Z&to=never'),
    );
    expect(filter).toEqual({
      actor: 'admin',
      operation: undefined,
      target: undefined,
      targetType: 'user',
      outcome: undefined,
      from: '2030-01-01T00:00:00.000Z',
      to: undefined,
    });
    expect(filterQueryString(filter)).toBe('actor=admin&targetType=user&from=2030-01-01T00%3A00%3A00.000Z');
  });
});
