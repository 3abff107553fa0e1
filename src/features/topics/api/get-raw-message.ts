import { svc } from '../../../client/svc-client';
import { svcOps } from '../../../shared/svc/catalog';
import type { Message } from '../../../shared/svc/messages';

/** One message with its raw Markdown (`apply_markdown=false`), as an editor must start from it. */
export async function fetchRawMessage(messageId: number, signal?: AbortSignal): Promise<Message | null> {
  const { messages } = await svc(
    svcOps.getMessages,
    { anchor: messageId, num_before: 0, num_after: 0, apply_markdown: false, allow_empty_topic_name: true },
    { signal },
  );
  return messages.find((m) => m.id === messageId) ?? null;
}
