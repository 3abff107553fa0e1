import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { op } from './op';

describe('op', () => {
  it('builds its schemas on first use, once', () => {
    let built = 0;
    const getThing = op({
      id: 'getThing',
      method: 'GET',
      path: '/things/{thing_id}',
      params: () => {
        built++;
        return z.strictObject({ thing_id: z.number().int() });
      },
      response: () => {
        built++;
        return z.object({ result: z.literal('success') });
      },
    });
    // Declaring it (what loading the catalog does) builds nothing; its wire facts are there at once.
    expect(built).toBe(0);
    expect(getThing.template.names).toEqual(['thing_id']);
    expect(getThing).toMatchObject({ auth: 'user', exposure: 'browser', method: 'GET' });

    expect(getThing.params.safeParse({ thing_id: 3 }).success).toBe(true);
    expect(getThing.params).toBe(getThing.params);
    expect(built).toBe(1);
    expect(getThing.response.parse({ result: 'success' })).toEqual({ result: 'success' });
    expect(getThing.response).toBe(getThing.response);
    expect(built).toBe(2);
  });
});
