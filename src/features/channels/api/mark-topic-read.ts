import { useMutation } from '@tanstack/react-query';
import { svc } from '../../../client/svc-client';
import { svcOps, type ResultOf } from '../../../shared/svc/catalog';
import { FEATURE_LEVELS } from '../../../shared/svc/features';
import { MESSAGE_BATCH_SIZE, topicNarrow } from '../../../shared/svc/messages';

/**
 * Marks every message of a topic read: through the flags-for-narrow operation a window at a time where
 * the server has it, else the deprecated one-shot endpoint. Resolves with how many messages changed
 * (null when the older endpoint does not say).
 */
export async function markTopicRead(streamId: number, topic: string, level: number): Promise<number | null> {
  if (level < FEATURE_LEVELS.flagsForNarrow) {
    await svc(svcOps.markTopicAsRead, { stream_id: streamId, topic_name: topic });
    return null;
  }
  let updated = 0;
  let anchor: number | 'oldest' = 'oldest';
  for (;;) {
    const window: ResultOf<typeof svcOps.updateMessageFlagsForNarrow> = await svc(svcOps.updateMessageFlagsForNarrow, {
      anchor,
      include_anchor: anchor === 'oldest',
      num_before: 0,
      num_after: MESSAGE_BATCH_SIZE,
      narrow: topicNarrow(streamId, topic, level),
      op: 'add',
      flag: 'read',
    });
    updated += window.updated_count;
    if (window.found_newest || window.last_processed_id === null) return updated;
    anchor = window.last_processed_id;
  }
}

export function useMarkTopicRead() {
  return useMutation({
    mutationFn: ({ streamId, topic, level }: { streamId: number; topic: string; level: number }) =>
      markTopicRead(streamId, topic, level),
  });
}
