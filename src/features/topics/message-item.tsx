import { Badge } from '@mantine/core';
import { memo } from 'react';
import type { Message } from '../../shared/svc/messages';
import classes from './message-item.module.css';
import { messageHtml } from './message-html';
import { formatLocalTime } from './local-time';

/** What a message's own buttons open. */
export type MessageAction = 'edit' | 'move' | 'history';

interface MessageItemProps {
  message: Message;
  position: number;
  total: number;
  /** The server's highlighted HTML when the message matches the search. */
  highlight: string | null;
  /** One stable callback for every row, so a row renders again only when its own props change. */
  /** Whether the signed-in user may edit this message's content (the server refuses otherwise). */
  canEdit: boolean;
  onAction: (action: MessageAction, messageId: number) => void;
}

interface Reaction {
  emoji_name: string;
  user_id: number;
}

function reactionsOf(message: Message): { name: string; count: number }[] {
  const raw = Array.isArray(message.reactions) ? (message.reactions as Reaction[]) : [];
  const counts = new Map<string, number>();
  for (const r of raw)
    if (typeof r.emoji_name === 'string') counts.set(r.emoji_name, (counts.get(r.emoji_name) ?? 0) + 1);
  return [...counts].map(([name, count]) => ({ name, count }));
}

/** One message: sender, time, marks, reactions and its content (sanitized server HTML). */
export const MessageItem = memo(function MessageItem({
  message,
  position,
  total,
  highlight,
  canEdit,
  onAction,
}: MessageItemProps) {
  const reactions = reactionsOf(message);
  const edited = message.last_edit_timestamp !== undefined;
  const moved = message.last_moved_timestamp !== undefined;
  const html = highlight ?? message.content;
  return (
    <article
      className={classes.message}
      data-highlight={highlight !== null || undefined}
      aria-label={`Message ${position} of ${total}, from ${message.sender_full_name}`}
      aria-posinset={position}
      aria-setsize={total}
    >
      <div className={classes.header}>
        <div className={classes.meta}>
          <span className={classes.sender}>{message.sender_full_name}</span>
          <span className={classes.time}>{formatLocalTime(message.timestamp)}</span>
          {edited ? (
            <Badge size="xs" variant="light" color="gray">
              Edited
            </Badge>
          ) : null}
          {moved ? (
            <Badge size="xs" variant="light" color="gray">
              Moved
            </Badge>
          ) : null}
        </div>
        <div className={classes.actions}>
          {canEdit ? (
            <button type="button" className={classes.action} onClick={() => onAction('edit', message.id)}>
              Edit
            </button>
          ) : null}
          <button type="button" className={classes.action} onClick={() => onAction('move', message.id)}>
            Move
          </button>
          {edited || moved ? (
            <button type="button" className={classes.action} onClick={() => onAction('history', message.id)}>
              History
            </button>
          ) : null}
        </div>
      </div>
      <div
        className={classes.content}
        // Sanitized: message content is server HTML.
        dangerouslySetInnerHTML={{ __html: messageHtml(html) }}
      />
      {reactions.length > 0 ? (
        <div className={classes.reactions}>
          {reactions.map((r) => (
            <Badge key={r.name} size="sm" variant="outline" color="gray" tt="none">
              :{r.name}: {r.count}
            </Badge>
          ))}
        </div>
      ) : null}
    </article>
  );
});
