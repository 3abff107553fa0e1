import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { catalogResolver } from './catalog-resolver';

describe('catalogResolver', () => {
  it('builds the schema on the first check, once, and gives Mantine form errors', () => {
    let built = 0;
    const validate = catalogResolver(() => {
      built++;
      return z.object({ status_text: z.string().max(3, 'Too long') });
    });
    expect(built).toBe(0);
    expect(validate({ status_text: 'abcd' })).toEqual({ status_text: 'Too long' });
    expect(validate({ status_text: 'ab' })).toEqual({});
    expect(built).toBe(1);
  });
});

describe('catalogResolver messages', () => {
  it('puts a message that names a parameter by its API name in words', () => {
    const validate = catalogResolver(() =>
      z.object({ status_text: z.string().max(3, 'status_text is too long (limit: 3 characters)') }),
    );
    expect(validate({ status_text: 'abcd' })).toEqual({ status_text: 'Status text is too long (limit: 3 characters)' });
  });
});
