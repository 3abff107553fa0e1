import { describe, expect, it } from 'vitest';
import { participantNames } from './topic-columns';

describe('participantNames', () => {
  const people = new Map([
    [1, 'Ann'],
    [2, 'Bo'],
    [3, 'Cy'],
    [4, 'Di'],
  ]);
  it('names up to three and counts the rest', () => {
    expect(participantNames([1, 2], people)).toBe('Ann, Bo');
    expect(participantNames([1, 2, 3, 4, 5], people)).toBe('Ann, Bo, Cy +2');
  });
  it('falls back to the ID before names load', () => {
    expect(participantNames([7], undefined)).toBe('User 7');
  });
});
