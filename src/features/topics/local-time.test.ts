import { describe, expect, it } from 'vitest';
import { formatLocalTime } from './local-time';

describe('formatLocalTime', () => {
  it('reads exactly like Date#toLocaleString', () => {
    for (const seconds of [0, 1_700_000_000, 1_735_689_599, 1_751_328_000])
      expect(formatLocalTime(seconds)).toBe(new Date(seconds * 1000).toLocaleString());
  });
});
