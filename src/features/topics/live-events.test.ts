import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { topicsRootKey } from './api/get-channels';
import { topicsEventHandlers } from './live-events';

describe('topic moderation live events', () => {
  const run = (event: Record<string, unknown>) => {
    const client = new QueryClient();
    const spy = vi.spyOn(client, 'invalidateQueries');
    topicsEventHandlers[event.type as string]!(event as never, client);
    return spy.mock.calls.map(([filters]) => filters?.queryKey);
  };

  it('refreshes the open topics first, then only the channels an edit or move touched', () => {
    expect(run({ type: 'update_message', id: 1, stream_id: 4, new_stream_id: 9, message_id: 7 })).toEqual([
      [...topicsRootKey, 'messages'],
      [...topicsRootKey, 'activity', 4],
      [...topicsRootKey, 'activity', 9],
    ]);
  });

  it('refreshes every channel when the event names none', () => {
    expect(run({ type: 'delete_message', id: 2, message_ids: [5] })).toEqual([
      [...topicsRootKey, 'messages'],
      [...topicsRootKey, 'activity'],
    ]);
  });
});

describe('a plain edit of a message’s text', () => {
  it('is put into the open topic from the event, without reading the topic again', () => {
    const client = new QueryClient();
    const key = [...topicsRootKey, 'messages', 4, 'lunch'];
    const message = { id: 7, content: '<p>old</p>', timestamp: 100 };
    client.setQueryData(key, { pages: [{ messages: [message] }], pageParams: [{ anchor: 'newest' }] });
    const spy = vi.spyOn(client, 'invalidateQueries');
    const edit = { type: 'update_message', id: 3, message_id: 7, stream_id: 4, rendered_content: '<p>new</p>' };
    topicsEventHandlers.update_message!({ ...edit, edit_timestamp: 200 } as never, client);
    expect(client.getQueryData<{ pages: { messages: unknown[] }[] }>(key)!.pages[0]!.messages[0]).toMatchObject({
      content: '<p>new</p>',
      last_edit_timestamp: 200,
    });
    const invalidated = spy.mock.calls.map(([filters]) => filters?.queryKey);
    expect(invalidated).toContainEqual([...topicsRootKey, 'activity', 4]);
    expect(spy.mock.calls.some(([filters]) => filters?.queryKey?.length === 2 && !filters.predicate)).toBe(false);
  });
});
