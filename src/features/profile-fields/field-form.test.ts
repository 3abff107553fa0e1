import { describe, expect, it } from 'vitest';
import { optionsData } from './field-form-modal';
import { moved } from './profile-fields-page';

describe('optionsData', () => {
  it('keeps the keys of existing options (people’s values use them) and numbers new ones after them', () => {
    const existing = JSON.stringify({ '0': { text: 'Vim', order: '1' }, '1': { text: 'Emacs', order: '2' } });
    expect(optionsData(['Emacs', 'Helix', 'Vim'], existing)).toEqual({
      '1': { text: 'Emacs', order: '1' },
      '2': { text: 'Helix', order: '2' },
      '0': { text: 'Vim', order: '3' },
    });
    expect(optionsData(['A'], '')).toEqual({ '0': { text: 'A', order: '1' } });
  });
});

describe('moved', () => {
  it('swaps a field with its neighbour, or refuses at the ends', () => {
    expect(moved([1, 2, 3], 2, -1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 3, 1)).toBeNull();
  });
});
