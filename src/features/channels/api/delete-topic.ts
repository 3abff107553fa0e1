import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { invalidateChannelList } from '../../../client/reference-data/channels';
import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import { countTopicMessages } from './count-topic-messages';
import { channelsRootKey } from './get-channels';

export type TopicDeletion =
  | { phase: 'idle' }
  | { phase: 'running'; batches: number; deleted: number; total: number; stopping: boolean }
  | { phase: 'stopped'; batches: number; deleted: number; total: number }
  | { phase: 'done'; batches: number; total: number }
  | { phase: 'failed'; batches: number; deleted: number; total: number; error: unknown };

/**
 * Deletes a topic the way the server asks: repeat the request while it answers `complete: false`. Between
 * batches it counts what is left (for an honest progress bar) and honours a stop request; a batch in
 * flight always finishes.
 */
export function useTopicDeletion(level: number) {
  const client = useQueryClient();
  const [state, setState] = useState<TopicDeletion>({ phase: 'idle' });
  const stopRequested = useRef(false);

  const start = useCallback(
    async (streamId: number, topic: string, total: number) => {
      stopRequested.current = false;
      let batches = 0;
      let deleted = 0;
      setState({ phase: 'running', batches, deleted, total, stopping: false });
      try {
        for (;;) {
          const { complete } = await svc(svcOps.deleteTopic, { stream_id: streamId, topic_name: topic });
          batches += 1;
          // Servers before level 211 delete everything in one request and send no `complete`.
          if (complete !== false) {
            setState({ phase: 'done', batches, total });
            break;
          }
          const left = await countTopicMessages(streamId, topic, level);
          deleted = Math.max(deleted, total - left.count);
          if (stopRequested.current) {
            setState({ phase: 'stopped', batches, deleted, total });
            break;
          }
          setState({ phase: 'running', batches, deleted, total, stopping: false });
        }
      } catch (error) {
        setState({ phase: 'failed', batches, deleted, total, error });
      } finally {
        void client.invalidateQueries({ queryKey: [...channelsRootKey, 'topics', streamId] });
        void invalidateChannelList(client);
      }
    },
    [client, level],
  );

  const stop = useCallback(() => {
    stopRequested.current = true;
    setState((s) => (s.phase === 'running' ? { ...s, stopping: true } : s));
  }, []);

  const reset = useCallback(() => setState({ phase: 'idle' }), []);

  return { state, start, stop, reset };
}
