import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { connectLiveEvents } from '../client/live-events';
import { sessionKey, sessionQueryOptions } from '../client/session';
import { eventMap } from './event-map';

/** The one event subscription of this tab, alive while a signed-in page is shown. */
export function LiveSync() {
  const client = useQueryClient();
  useEffect(
    () =>
      connectLiveEvents({
        client,
        handlers: eventMap,
        onRefused: () => void client.invalidateQueries({ queryKey: sessionKey }),
        // The page's reads came after this answer: the stream starts where it said (the queue may still register).
        since: client.getQueryData(sessionQueryOptions.queryKey)?.events,
      }),
    [client],
  );
  return null;
}
