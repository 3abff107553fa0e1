import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

const big = { rows: Array.from({ length: 1_000 }, (_, i) => ({ id: i })) };

describe('createQueryClient', () => {
  it('lets a query removed from the cache go of its data', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['big'], queryFn: () => big });
    const query = client.getQueryCache().find({ queryKey: ['big'] })!;
    expect(query.state.data).toBe(big);
    client.removeQueries({ queryKey: ['big'] });
    expect(client.getQueryData(['big'])).toBeUndefined();
    // The query object itself may outlive its removal; it no longer holds the data.
    expect(query.state.data).toBeUndefined();
    expect(query.state.status).toBe('pending');
  });

  it('leaves the state of a removed query still on screen alone', async () => {
    const client = createQueryClient();
    const observer = new QueryObserver(client, { queryKey: ['shown'], queryFn: () => big });
    const unsubscribe = observer.subscribe(() => undefined);
    await expect.poll(() => observer.getCurrentResult().data).toBe(big);
    const query = client.getQueryCache().find({ queryKey: ['shown'] })!;
    client.removeQueries({ queryKey: ['shown'] });
    expect(query.state.data).toBe(big);
    expect(observer.getCurrentResult().data).toBe(big);
    unsubscribe();
  });

  it('keeps everything else in the cache as it was', async () => {
    const client = createQueryClient();
    await client.prefetchQuery({ queryKey: ['a'], queryFn: () => 1 });
    await client.prefetchQuery({ queryKey: ['b'], queryFn: () => 2 });
    client.removeQueries({ queryKey: ['a'] });
    expect(client.getQueryData(['b'])).toBe(2);
  });
});
