import { Badge, Box, Button, Group, Paper, Text } from '@mantine/core';
import { memo } from 'react';
import { sanitizeHtml } from '../../client/sanitize-html';
import type { Message } from '../../shared/svc/messages';
import classes from './message-item.module.css';

interface MessageItemProps {
  message: Message;
  position: number;
  total: number;
  /** The server's highlighted HTML when the message matches the search. */
  highlight: string | null;
  onEdit: () => void;
  onMove: () => void;
  onHistory: () => void;
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
  onEdit,
  onMove,
  onHistory,
}: MessageItemProps) {
  const reactions = reactionsOf(message);
  const edited = message.last_edit_timestamp !== undefined;
  const moved = message.last_moved_timestamp !== undefined;
  const html = highlight ?? message.content;
  return (
    <Paper
      component="article"
      aria-label={`Message ${position} of ${total}, from ${message.sender_full_name}`}
      aria-posinset={position}
      aria-setsize={total}
      withBorder={highlight !== null}
      p="xs"
      mb={4}
      bg={highlight !== null ? 'var(--mantine-color-yellow-light)' : undefined}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600}>
            {message.sender_full_name}
          </Text>
          <Text size="xs" c="dimmed">
            {new Date(message.timestamp * 1000).toLocaleString()}
          </Text>
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
        </Group>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="subtle" onClick={onEdit}>
            Edit
          </Button>
          <Button size="compact-xs" variant="subtle" onClick={onMove}>
            Move
          </Button>
          {edited || moved ? (
            <Button size="compact-xs" variant="subtle" onClick={onHistory}>
              History
            </Button>
          ) : null}
        </Group>
      </Group>
      <Box
        fz="sm"
        className={classes.content}
        style={{ overflowWrap: 'anywhere' }}
        // Sanitized: message content is server HTML.
        dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }}
      />
      {reactions.length > 0 ? (
        <Group gap={4} mt={4}>
          {reactions.map((r) => (
            <Badge key={r.name} size="sm" variant="outline" color="gray" tt="none">
              :{r.name}: {r.count}
            </Badge>
          ))}
        </Group>
      ) : null}
    </Paper>
  );
});
