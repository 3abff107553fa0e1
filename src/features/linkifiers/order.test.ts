import { describe, expect, it } from 'vitest';
import { moveTo } from './order';

describe('moveTo', () => {
  it('moves one ID and keeps the others in order', () => {
    expect(moveTo([1, 2, 3, 4], 3, 0)).toEqual([3, 1, 2, 4]);
    expect(moveTo([1, 2, 3, 4], 1, 2)).toEqual([2, 3, 1, 4]);
    expect(moveTo([1, 2, 3, 4], 2, 3)).toEqual([1, 3, 4, 2]);
  });

  it('clamps the position and ignores unknown IDs', () => {
    expect(moveTo([1, 2, 3], 1, 9)).toEqual([2, 3, 1]);
    expect(moveTo([1, 2, 3], 3, -1)).toEqual([3, 1, 2]);
    expect(moveTo([1, 2, 3], 7, 0)).toEqual([1, 2, 3]);
  });
});
