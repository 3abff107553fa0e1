import { Button, Group, Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useEffect, useMemo, type ReactNode } from 'react';
import type { Message } from '../../shared/svc/messages';
import { LoadError } from '../../components/load-error';
import { olderAnchorOf, readAheadOlderPage, useTopicMessages } from './api/get-topic-messages';
import { useSearchMatches } from './api/search-matches';
import { MessageFeed } from './message-feed';
import type { MessageAction } from './message-item';

interface TopicMessagesProps {
  streamId: number;
  topic: string;
  level: number;
  label: string;
  /** The search to highlight (already deferred by the caller). */
  search: string;
  canEdit: (message: Message) => boolean;
  onAction: (action: MessageAction, messageId: number) => void;
}

/**
 * Once a page is on screen, the one before it is fetched in the background, so "Load older messages"
 * usually shows it without waiting for the server. In a task of its own: not part of the page's paint.
 */
function useReadAheadOlderPage(streamId: number, topic: string, level: number, olderAnchor: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (olderAnchor === null) return;
    const start = setTimeout(() => readAheadOlderPage(queryClient, streamId, topic, level, olderAnchor), 0);
    return () => clearTimeout(start);
  }, [queryClient, streamId, topic, level, olderAnchor]);
}

function PageButton({ onClick, loading, children }: { onClick: () => void; loading: boolean; children: ReactNode }) {
  return (
    <Button size="xs" variant="default" onClick={onClick} loading={loading}>
      {children}
    </Button>
  );
}

/**
 * The drawer's messages: what is loaded, paging both ways, and the feed. Its own component, so a page
 * arriving renders this part and not the drawer around it.
 */
export const TopicMessages = memo(function TopicMessages({
  streamId,
  topic,
  level,
  label,
  search,
  canEdit,
  onAction,
}: TopicMessagesProps) {
  const messages = useTopicMessages(streamId, topic, level);
  const all: Message[] = useMemo(() => (messages.data?.pages ?? []).flatMap((p) => p.messages), [messages.data]);
  const ids = useMemo(() => all.map((m) => m.id), [all]);
  const matches = useSearchMatches(streamId, search, ids, level);
  const reachedFirst = messages.data?.pages[0]?.found_oldest === true;

  useReadAheadOlderPage(streamId, topic, level, olderAnchorOf(messages.data?.pages));

  return (
    <>
      {search.trim() && matches.data ? (
        <Text size="sm" role="status">
          {Object.keys(matches.data).length.toLocaleString()} matching messages loaded
        </Text>
      ) : null}
      {messages.isPending ? (
        <Group gap="xs">
          <Loader size="xs" aria-label="Loading messages" />
          <Text size="sm">Loading messages…</Text>
        </Group>
      ) : messages.isError ? (
        <LoadError
          title="Messages could not be loaded"
          error={messages.error}
          onRetry={() => void messages.refetch()}
        />
      ) : (
        <>
          <Group justify="space-between">
            <Text size="sm" role="status" aria-live="polite">
              {`${all.length.toLocaleString()} messages loaded${reachedFirst ? ' — from the first message' : ''}`}
            </Text>
            {messages.hasPreviousPage ? (
              <PageButton onClick={() => void messages.fetchPreviousPage()} loading={messages.isFetchingPreviousPage}>
                Load older messages
              </PageButton>
            ) : null}
          </Group>
          <MessageFeed
            messages={all}
            label={label}
            busy={messages.isFetching}
            highlights={matches.data}
            canEdit={canEdit}
            onAction={onAction}
          />
          {messages.hasNextPage ? (
            <PageButton onClick={() => void messages.fetchNextPage()} loading={messages.isFetchingNextPage}>
              Load newer messages
            </PageButton>
          ) : null}
        </>
      )}
    </>
  );
});
