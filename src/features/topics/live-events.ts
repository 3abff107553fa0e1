import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { EventHandler, EventHandlers } from '../../client/event-handlers';
import { topicsRootKey } from './api/get-channels';
import type { Message } from '../../shared/svc/messages';
import { topicMessagesKey, type MessagePage } from './api/get-topic-messages';

/** The channels an edit, move or deletion touched: where it was and, for a move, where it went. */
function touchedChannels(event: Record<string, unknown>): number[] {
  return [event.stream_id, event.new_stream_id].filter((id): id is number => typeof id === 'number');
}

/** Fields of an update_message event that move messages or change more than one message's text. */
const MOVES = ['new_stream_id', 'subject', 'topic', 'propagate_mode'];

/**
 * A plain edit of one message's text, as the event carries it (the HTML the server rendered): what can be put on
 * screen without reading the topic again. Null for a move, a resolve, or an event without the new HTML.
 */
function contentEdit(event: Record<string, unknown>) {
  const { message_id: id, rendered_content: html, edit_timestamp: editedAt } = event;
  if (typeof id !== 'number' || typeof html !== 'string' || MOVES.some((key) => key in event)) return null;
  return { id, html, editedAt: typeof editedAt === 'number' ? editedAt : undefined };
}

/** A message with the edit's new text in place. */
function edited(message: Message, edit: NonNullable<ReturnType<typeof contentEdit>>): Message {
  return { ...message, content: edit.html, last_edit_timestamp: edit.editedAt ?? message.timestamp };
}

/**
 * Puts an edit's new text into every open topic that holds the message; false when one of them cannot take it
 * (its pages are being read now: what they bring may predate the edit), so the topics are read again instead.
 * Pages read ahead for "Load older" are only marked stale (nobody shows them yet).
 */
function patchOpenTopics(client: QueryClient, edit: NonNullable<ReturnType<typeof contentEdit>>): boolean {
  const topicKeyLength = topicMessagesKey(0, '').length;
  const open = client.getQueriesData<InfiniteData<MessagePage>>({
    queryKey: [...topicsRootKey, 'messages'],
    predicate: (q) => q.queryKey.length === topicKeyLength,
  });
  const has = (page: MessagePage) => page.messages.some((m) => m.id === edit.id);
  for (const [key, data] of open) {
    if (!data?.pages.some(has)) continue;
    if (client.getQueryState(key)?.fetchStatus !== 'idle') return false;
    const pages = data.pages.map((page) =>
      has(page) ? { ...page, messages: page.messages.map((m) => (m.id === edit.id ? edited(m, edit) : m)) } : page,
    );
    client.setQueryData<InfiniteData<MessagePage>>(key, { ...data, pages });
  }
  void client.invalidateQueries({
    queryKey: [...topicsRootKey, 'messages'],
    predicate: (q) => q.queryKey.length > topicKeyLength,
  });
  return true;
}

/**
 * An edit, move, resolve or deletion: the open topics' messages first (what the moderator is looking at),
 * then the triage list of only the channels it touched — refetching every channel's activity made the open
 * topic wait behind dozens of requests (measured on a real server: 3.7 s event-to-screen, 0.35 s of it the
 * event's own way). A plain edit of a message's text is put straight into the open topic from the event (reading
 * the topic again took ~100 ms of a real server's event-to-screen). An event that names no channel refreshes all.
 */
const refreshTopics: EventHandler = (event, client) => {
  const fields = event as unknown as Record<string, unknown>;
  const edit = event.type === 'update_message' ? contentEdit(fields) : null;
  if (!edit || !patchOpenTopics(client, edit)) {
    void client.invalidateQueries({ queryKey: [...topicsRootKey, 'messages'] });
  }
  const channels = touchedChannels(fields);
  if (channels.length === 0) {
    void client.invalidateQueries({ queryKey: [...topicsRootKey, 'activity'] });
    return;
  }
  for (const id of new Set(channels)) void client.invalidateQueries({ queryKey: [...topicsRootKey, 'activity', id] });
};

/** Topic moderation: edits and deletions refresh the open topics and the channels they touched. */
export const topicsEventHandlers: EventHandlers = {
  update_message: refreshTopics,
  delete_message: refreshTopics,
};
