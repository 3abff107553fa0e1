import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { svc } from '../../../client/svc-client';
import { encodeParams } from '../../../shared/svc/wire';
import {
  newestIdOf,
  olderAnchorOf,
  pageRequest,
  prefetchTopicMessages,
  readAheadOlderPage,
  TOPIC_MESSAGES_GC_TIME,
  topicMessagesKey,
  topicMessagesQueryOptions,
} from './get-topic-messages';

vi.mock('../../../client/svc-client', () => ({ svc: vi.fn() }));

describe('pageRequest', () => {
  it('anchors the first page at the newest message', () => {
    expect(pageRequest(5, 'lunch', 420, { anchor: 'newest' })).toMatchObject({
      anchor: 'newest',
      num_before: 1000,
      num_after: 0,
      narrow: [
        { operator: 'channel', operand: 5 },
        { operator: 'topic', operand: 'lunch' },
      ],
      allow_empty_topic_name: true,
    });
  });
  it('pages older and newer from a message, leaving the anchor out', () => {
    expect(pageRequest(5, 'lunch', 420, { anchor: 900, direction: 'older' })).toMatchObject({
      anchor: 900,
      include_anchor: false,
      num_before: 1000,
      num_after: 0,
    });
    expect(pageRequest(5, 'lunch', 420, { anchor: 900, direction: 'newer' })).toMatchObject({
      anchor: 900,
      include_anchor: false,
      num_before: 0,
      num_after: 1000,
    });
  });
  it('encodes the narrow as JSON and keeps the empty topic as the empty string', () => {
    const wire = encodeParams(pageRequest(5, '', 420, { anchor: 'newest' }));
    expect(JSON.parse(wire.get('narrow')!)).toEqual([
      { operator: 'channel', operand: 5 },
      { operator: 'topic', operand: '' },
    ]);
    expect(wire.get('anchor')).toBe('newest');
  });
  it('uses the stream operator and no empty-topic flag on older servers', () => {
    const old = pageRequest(5, 'lunch', 200, { anchor: 'newest' });
    expect(old.narrow[0]).toEqual({ operator: 'stream', operand: 5 });
    expect(old).not.toHaveProperty('allow_empty_topic_name');
  });
});

describe('the page read ahead of "Load older messages"', () => {
  /** A topic of messages 1…3000, served a page at a time like the server does. */
  function serve() {
    vi.mocked(svc).mockReset();
    vi.mocked(svc).mockImplementation(async (_op, params) => {
      const p = params as { anchor: number | 'newest'; num_before: number; num_after: number };
      const [first, last] =
        p.num_after > 0
          ? [(p.anchor as number) + 1, Math.min(3000, (p.anchor as number) + p.num_after)]
          : [
              Math.max(1, (p.anchor === 'newest' ? 3001 : p.anchor) - p.num_before),
              (p.anchor === 'newest' ? 3001 : p.anchor) - 1,
            ];
      const messages = Array.from({ length: last - first + 1 }, (_, i) => ({ id: first + i }));
      return { messages, found_oldest: first === 1, found_newest: last === 3000 } as never;
    });
  }
  const anchors = () => vi.mocked(svc).mock.calls.map(([, params]) => (params as { anchor: unknown }).anchor);
  const flush = () => new Promise((r) => setTimeout(r, 0));

  async function openTopic(client: QueryClient) {
    const observer = new InfiniteQueryObserver(client, topicMessagesQueryOptions(5, 'lunch', 420));
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toHaveLength(1));
    return { observer, unsubscribe };
  }

  it('is used once by "Load older", without asking the server again', async () => {
    serve();
    const client = new QueryClient();
    const { observer, unsubscribe } = await openTopic(client);
    expect(olderAnchorOf(observer.getCurrentResult().data?.pages)).toBe(2001);
    readAheadOlderPage(client, 5, 'lunch', 420, 2001);
    readAheadOlderPage(client, 5, 'lunch', 420, 2001);
    await flush();
    expect(anchors()).toEqual(['newest', 2001]);

    await observer.fetchPreviousPage();
    expect(anchors()).toEqual(['newest', 2001]);
    const pages = observer.getCurrentResult().data!.pages;
    expect(pages.map((p) => p.messages[0]?.id)).toEqual([1001, 2001]);
    expect(newestIdOf(observer.getCurrentResult().data)).toBe(3000);
    // Used up: a refresh of the loaded pages asks the server for each of them (from the oldest page on).
    expect(client.getQueryCache().findAll({ queryKey: [...topicMessagesKey(5, 'lunch'), 'read-ahead'] })).toEqual([]);
    await observer.refetch();
    expect(anchors()).toEqual(['newest', 2001, 2001, 2000]);
    expect(observer.getCurrentResult().data!.pages.map((p) => p.messages.length)).toEqual([1000, 1000]);
    unsubscribe();
  });

  it('is fetched again when an event made it stale before it was shown', async () => {
    serve();
    const client = new QueryClient();
    const { observer, unsubscribe } = await openTopic(client);
    readAheadOlderPage(client, 5, 'lunch', 420, 2001);
    await flush();
    await client.invalidateQueries({ queryKey: topicMessagesKey(5, 'lunch'), refetchType: 'none' });
    await observer.fetchPreviousPage();
    expect(anchors()).toEqual(['newest', 2001, 2001]);
    unsubscribe();
  });

  it('is not needed: without one, "Load older" fetches the page itself', async () => {
    serve();
    const client = new QueryClient();
    const { observer, unsubscribe } = await openTopic(client);
    await observer.fetchPreviousPage();
    expect(anchors()).toEqual(['newest', 2001]);
    expect(observer.getCurrentResult().data!.pages[0]!.found_oldest).toBe(false);
    await observer.fetchPreviousPage();
    expect(olderAnchorOf(observer.getCurrentResult().data?.pages)).toBeNull();
    unsubscribe();
  });
});

describe('prefetchTopicMessages', () => {
  it('starts the first page once, however often the selecting render runs', async () => {
    vi.mocked(svc).mockReset();
    vi.mocked(svc).mockResolvedValue({ messages: [], found_oldest: true, found_newest: true } as never);
    const client = new QueryClient();
    prefetchTopicMessages(client, 5, 'lunch', 420);
    prefetchTopicMessages(client, 5, 'lunch', 420);
    await vi.waitFor(() => expect(client.getQueryData(topicMessagesKey(5, 'lunch'))).toBeDefined());
    prefetchTopicMessages(client, 5, 'lunch', 420);
    expect(svc).toHaveBeenCalledTimes(1);
  });
});

describe('a closed topic', () => {
  it('stays cached for a minute, not the default five', async () => {
    vi.useFakeTimers();
    try {
      vi.mocked(svc).mockReset();
      vi.mocked(svc).mockResolvedValue({ messages: [{ id: 1 }], found_oldest: true, found_newest: true } as never);
      const client = new QueryClient();
      const observer = new InfiniteQueryObserver(client, topicMessagesQueryOptions(5, 'lunch', 420));
      const unsubscribe = observer.subscribe(() => undefined);
      await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toHaveLength(1));
      unsubscribe();
      await vi.advanceTimersByTimeAsync(TOPIC_MESSAGES_GC_TIME - 1_000);
      expect(client.getQueryData(topicMessagesKey(5, 'lunch'))).toBeDefined();
      await vi.advanceTimersByTimeAsync(2_000);
      expect(client.getQueryData(topicMessagesKey(5, 'lunch'))).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });
});
