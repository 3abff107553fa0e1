import { svc } from '../../../client/svc-client';
import { svcOps, type ResultOf } from '../../../shared/svc/catalog';
import { FEATURE_LEVELS } from '../../../shared/svc/features';
import { MESSAGE_BATCH_SIZE, topicNarrow } from '../../../shared/svc/messages';

/** Counting stops here; the confirmation then says "more than". */
export const COUNT_LIMIT = 20 * MESSAGE_BATCH_SIZE;

/**
 * How many messages a topic has, paging newest to oldest in the recommended batches (the API has no count
 * operation). `atLeast` is true when counting stopped at `COUNT_LIMIT`.
 */
export async function countTopicMessages(
  streamId: number,
  topic: string,
  level: number,
  signal?: AbortSignal,
): Promise<{ count: number; atLeast: boolean }> {
  let count = 0;
  let anchor: number | 'newest' = 'newest';
  for (;;) {
    const page: ResultOf<typeof svcOps.getMessages> = await svc(
      svcOps.getMessages,
      {
        anchor,
        include_anchor: anchor === 'newest',
        num_before: MESSAGE_BATCH_SIZE,
        num_after: 0,
        narrow: topicNarrow(streamId, topic, level),
        apply_markdown: false,
        ...(level >= FEATURE_LEVELS.emptyTopics ? { allow_empty_topic_name: true } : {}),
      },
      { signal },
    );
    count += page.messages.length;
    const oldest: number | undefined = page.messages[0]?.id;
    if (page.found_oldest !== false || oldest === undefined) return { count, atLeast: false };
    if (count >= COUNT_LIMIT) return { count, atLeast: true };
    anchor = oldest;
  }
}
