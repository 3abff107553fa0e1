import { describe, expect, it } from 'vitest';
import type { CustomProfileField, User } from '../../shared/svc/records';
import { initialValue, profileChanges, valueProblem } from './profile-values';

const field = (id: number, type: number): CustomProfileField => ({
  id,
  type,
  order: id,
  name: `F${id}`,
  hint: '',
  field_data: '',
});
const user = {
  user_id: 5,
  profile_data: { '1': { value: 'Old' }, '6': { value: '[3,4]' } },
} as unknown as User;

describe('profile values', () => {
  it('reads text and users values', () => {
    expect(initialValue(field(1, 1), user)).toBe('Old');
    expect(initialValue(field(6, 6), user)).toEqual(['3', '4']);
    expect(initialValue(field(2, 2), user)).toBe('');
  });

  it('sends only what changed, clearing with empty values', () => {
    const fields = [field(1, 1), field(2, 2), field(6, 6)];
    expect(profileChanges(fields, user, { '1': 'Old', '2': '', '6': ['3', '4'] })).toEqual([]);
    expect(profileChanges(fields, user, { '1': '', '2': ' New ', '6': ['3'] })).toEqual([
      { id: 1, value: '' },
      { id: 2, value: 'New' },
      { id: 6, value: [3] },
    ]);
  });

  it('checks links and dates before sending', () => {
    expect(valueProblem(field(5, 5), 'not a link')).toBe('Enter a full link, e.g. https://example.com.');
    expect(valueProblem(field(4, 4), '31/01/2000')).toBe('Enter a date as YYYY-MM-DD.');
    expect(valueProblem(field(4, 4), '2000-01-31')).toBeNull();
  });
});
