import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Draft } from '../../shared/svc/drafts';
import { draftsQueryOptions } from './api/get-drafts';
import { draftsSnippetsEventHandlers } from './live-events';

const draft = (id: number, timestamp: number): Draft => ({
  id,
  type: '',
  to: [],
  topic: '',
  content: `draft ${id}`,
  timestamp,
});

/**
 * A stand-in server for the drafts list: each read takes the list as it is when the read is answered; `hold`
 * keeps the next read's answer back until `release`, as a slow answer from before an event would.
 */
function draftsServer(initial: Draft[]) {
  let list = initial;
  let held: (() => void) | null = null;
  let holdNext = false;
  let reads = 0;
  const queryFn = () => {
    reads += 1;
    const answer = list;
    if (!holdNext) return Promise.resolve(answer);
    holdNext = false;
    return new Promise<Draft[]>((resolve) => (held = () => resolve(answer)));
  };
  return {
    queryFn,
    set: (next: Draft[]) => (list = next),
    hold: () => (holdNext = true),
    release: () => held?.(),
    reads: () => reads,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('drafts events', () => {
  const { queryKey } = draftsQueryOptions();

  it('patch the cached list in place, without a read', async () => {
    const server = draftsServer([draft(1, 10)]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: server.queryFn } } });
    await client.fetchQuery({ queryKey });
    draftsSnippetsEventHandlers.drafts!({ id: 1, type: 'drafts', op: 'add', drafts: [draft(2, 20)] }, client);
    expect(client.getQueryData(queryKey)).toEqual([draft(2, 20), draft(1, 10)]);
    await settle();
    expect(server.reads()).toBe(1);
  });

  it('a read answered from before the event does not put back what the event changed: the list is read again', async () => {
    const server = draftsServer([draft(1, 10), draft(2, 20)]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: server.queryFn } } });
    await client.fetchQuery({ queryKey });
    const page = new QueryObserver(client, { queryKey, staleTime: Infinity }).subscribe(() => undefined);
    const before = server.reads();
    // A write's re-read, answered with the list from before the removal, still on its way.
    server.hold();
    void client.refetchQueries({ queryKey, exact: true });
    server.set([draft(1, 10)]);
    draftsSnippetsEventHandlers.drafts!({ id: 2, type: 'drafts', op: 'remove', draft_id: 2 }, client);
    expect(client.getQueryData(queryKey)).toEqual([draft(1, 10)]);
    // A second event during the same read asks for no second read (nor cancels it: see patchFromEvent).
    server.set([draft(1, 11)]);
    draftsSnippetsEventHandlers.drafts!({ id: 3, type: 'drafts', op: 'update', draft: draft(1, 11) }, client);
    server.release();
    // The held read, then one read after the events.
    await expect.poll(() => server.reads()).toBe(before + 2);
    await settle();
    expect(client.getQueryData(queryKey)).toEqual([draft(1, 11)]);
    page();
  });

  it('an event during the first read is not lost: the list is read again after it', async () => {
    const server = draftsServer([]);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, queryFn: server.queryFn } } });
    server.hold();
    // The drafts page, open while its first read is answered.
    const page = new QueryObserver(client, { queryKey }).subscribe(() => undefined);
    server.set([draft(3, 30)]);
    draftsSnippetsEventHandlers.drafts!({ id: 3, type: 'drafts', op: 'add', drafts: [draft(3, 30)] }, client);
    server.release();
    await expect.poll(() => client.getQueryData(queryKey)).toEqual([draft(3, 30)]);
    expect(server.reads()).toBe(2);
    page();
  });
});
