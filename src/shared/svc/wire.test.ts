import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  decodeParams,
  encodeParams,
  encodeValue,
  fillTemplate,
  isTextField,
  matchTemplate,
  parseTemplate,
} from './wire';

describe('encodeValue', () => {
  it('keeps strings literal, including ones that look like JSON', () => {
    expect(encodeValue('hello')).toBe('hello');
    expect(encodeValue('123')).toBe('123');
    expect(encodeValue('')).toBe('');
  });
  it('writes numbers and booleans as their JSON text', () => {
    expect(encodeValue(42)).toBe('42');
    expect(encodeValue(true)).toBe('true');
    expect(encodeValue(false)).toBe('false');
  });
  it('JSON-encodes arrays, objects and null', () => {
    expect(encodeValue([1, 2, 3])).toBe('[1,2,3]');
    expect(encodeValue({ new: 5, old: { direct_members: [1], direct_subgroups: [] } })).toBe(
      '{"new":5,"old":{"direct_members":[1],"direct_subgroups":[]}}',
    );
    expect(encodeValue([{ operator: 'channel', operand: 'general' }])).toBe(
      '[{"operator":"channel","operand":"general"}]',
    );
    expect(encodeValue(null)).toBe('null');
  });
  it('leaves undefined out', () => {
    expect(encodeValue(undefined)).toBeUndefined();
    expect(encodeParams({ a: undefined, b: 'x' }).toString()).toBe('b=x');
  });
  it('form-encodes reserved characters', () => {
    expect(encodeParams({ status_text: 'a&b=c ✔' }).toString()).toBe('status_text=a%26b%3Dc+%E2%9C%94');
  });
});

describe('decodeParams', () => {
  const shape = {
    text: z.string().optional(),
    count: z.number().int(),
    flag: z.boolean().optional(),
    ids: z.array(z.number()).optional(),
    mode: z.enum(['change_one', 'change_all']).optional(),
    retention: z.union([z.number(), z.literal('unlimited')]).optional(),
  };
  it('round-trips every kind through the wire', () => {
    const params = { text: '42', count: 7, flag: false, ids: [1, 2], mode: 'change_all', retention: 'unlimited' };
    const { values, unknownKeys } = decodeParams(shape, encodeParams(params));
    expect(values).toEqual(params);
    expect(unknownKeys).toEqual([]);
    expect(decodeParams(shape, [['retention', '30']]).values.retention).toBe(30);
  });
  it('keeps unparseable text so the schema reports the type error, and names unknown keys', () => {
    const { values, unknownKeys } = decodeParams(shape, [
      ['count', 'abc'],
      ['extra', '1'],
    ]);
    expect(values.count).toBe('abc');
    expect(z.object(shape).safeParse(values).success).toBe(false);
    expect(unknownKeys).toEqual(['extra']);
  });
  it('tells text fields from JSON fields through wrappers', () => {
    expect(isTextField(z.string().optional())).toBe(true);
    expect(isTextField(z.string().nullable().default('x'))).toBe(true);
    expect(isTextField(z.enum(['a', 'b']))).toBe(true);
    expect(isTextField(z.number())).toBe(false);
    expect(isTextField(z.union([z.number(), z.literal('x')]))).toBe(false);
  });
});

describe('path templates', () => {
  const t = parseTemplate('/users/{user_id}/status');
  it('fills and encodes path parameters', () => {
    expect(fillTemplate(t, { user_id: 12 })).toBe('/users/12/status');
    expect(fillTemplate(parseTemplate('/users/{email}'), { email: 'a b@x.test' })).toBe('/users/a%20b%40x.test');
  });
  it('matches concrete paths and decodes segments', () => {
    expect(matchTemplate(t, '/users/12/status')).toEqual({ user_id: '12' });
    expect(matchTemplate(t, '/users/12')).toBeNull();
    expect(matchTemplate(parseTemplate('/users/{email}'), '/users/a%40b.test')).toEqual({ email: 'a@b.test' });
  });
});
