import { describe, expect, it } from 'vitest';
import type { CustomProfileField, User } from '../../shared/svc/records';
import { initialValue, profileChanges, valueInWords, valueProblem } from './profile-values';

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

describe('a filled-in value in words', () => {
  const editor = {
    ...field(3, 3),
    field_data: JSON.stringify({ '0': { text: 'Vim', order: '1' }, '1': { text: 'Emacs', order: '2' } }),
  };
  const names = new Map([
    [3, 'Iago'],
    [4, 'Hamlet'],
  ]);
  const someone = (data: Record<string, { value: string }>) => ({ user_id: 9, profile_data: data }) as unknown as User;

  it('names a choice by its option and people by their names, as the Edit dialog does', () => {
    expect(valueInWords(editor, someone({ '3': { value: '0' } }), (id) => names.get(id))).toBe('Vim');
    expect(valueInWords(field(6, 6), user, (id) => names.get(id))).toBe('Iago, Hamlet');
  });

  it('keeps what it cannot name visible, and leaves text to the server’s rendering', () => {
    expect(valueInWords(editor, someone({ '3': { value: '7' } }), () => undefined)).toBe('Option 7 (removed)');
    expect(valueInWords(field(6, 6), someone({ '6': { value: '[12]' } }), () => undefined)).toBe('Unknown user 12');
    expect(valueInWords(field(1, 1), user, () => undefined)).toBeNull();
    expect(valueInWords(undefined, user, () => undefined)).toBeNull();
  });
});
