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
