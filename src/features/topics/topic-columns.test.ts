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
  it('says "Unknown user" for someone the people list lacks, never an invented name', () => {
    expect(participantNames([7], people)).toBe('Unknown user');
  });
});
