import { Alert, Button, Drawer, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../client/api-error';
import { notify } from '../../client/notify';
import type { Channel } from '../../shared/svc/channels';
import { isResolvedTopic, toggledResolvedTopic, type Message } from '../../shared/svc/messages';
import { LoadError } from '../../components/load-error';
import { useTopicMessages } from './api/get-topic-messages';
import { useSearchMatches } from './api/search-matches';
import { useUpdateMessage } from './api/update-message';
import { EditMessageModal } from './edit-message-modal';
import { HistoryModal } from './history-modal';
import { MessageItem } from './message-item';
import { MoveModal, type MoveTarget } from './move-modal';
import type { Ability } from './permissions';

interface TopicDrawerProps {
  streamId: number;
  topic: string;
  channel: Channel | undefined;
  channels: readonly Channel[];
  emptyName: string;
  level: number;
  resolve: Ability;
  onRenamed: (streamId: number, topic: string) => void;
  onClose: () => void;
}

type Dialog =
  { kind: 'move'; target: MoveTarget } | { kind: 'edit'; messageId: number } | { kind: 'history'; messageId: number };

/** One topic's messages, paged both ways, with search highlighting and every moderation action. */
export function TopicDrawer(props: TopicDrawerProps) {
  const { streamId, topic, channel, emptyName, level, resolve, onRenamed, onClose } = props;
  const messages = useTopicMessages(streamId, topic, level);
  const update = useUpdateMessage();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const label = topic === '' ? emptyName : topic;

  const all: Message[] = useMemo(() => (messages.data?.pages ?? []).flatMap((p) => p.messages), [messages.data]);
  const ids = useMemo(() => all.map((m) => m.id), [all]);
  const matches = useSearchMatches(streamId, deferredSearch, ids, level);
  const reachedFirst = messages.data?.pages[0]?.found_oldest === true;
  const newestId = all.at(-1)?.id ?? null;

  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render by design
  const virtualizer = useVirtualizer({
    count: all.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 96,
    getItemKey: (index) => all[index]!.id,
    overscan: 6,
  });

  // A topic opens on its newest messages, like a conversation; later pages keep the reader's place.
  const scrolledToNewest = useRef(false);
  useEffect(() => {
    if (scrolledToNewest.current || all.length === 0) return;
    scrolledToNewest.current = true;
    virtualizer.scrollToIndex(all.length - 1, { align: 'end' });
  }, [all.length, virtualizer]);

  const toggleResolved = () => {
    if (newestId === null) return;
    const next = toggledResolvedTopic(topic);
    update.mutate(
      { message_id: newestId, topic: next, propagate_mode: 'change_all' },
      {
        onSuccess: () => {
          notify('success', `resolve-${streamId}`, isResolvedTopic(topic) ? 'Unresolved' : 'Resolved', `“${next}”.`);
          onRenamed(streamId, next);
        },
      },
    );
  };

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={`${channel ? `#${channel.name} › ` : ''}${label}`}
    >
      <Stack gap="sm">
        <Group gap="xs">
          <Button
            variant="light"
            onClick={toggleResolved}
            disabled={!resolve.allowed || newestId === null}
            loading={update.isPending}
          >
            {isResolvedTopic(topic) ? 'Unresolve topic' : 'Resolve topic'}
          </Button>
          <Button
            variant="default"
            disabled={newestId === null}
            onClick={() =>
              newestId !== null &&
              setDialog({ kind: 'move', target: { messageId: newestId, streamId, topic, mode: 'change_all' } })
            }
          >
            Move topic…
          </Button>
        </Group>
        {!resolve.allowed && resolve.reason ? (
          <Text size="sm" c="dimmed" role="note">
            {resolve.reason}
          </Text>
        ) : null}
        {update.isError ? (
          <Alert color="red" variant="light" title="The server refused">
            {errorMessage(update.error)}
          </Alert>
        ) : null}
        <TextInput
          label="Search in this channel"
          description="Highlights matches among the loaded messages."
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        {deferredSearch.trim() && matches.data ? (
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
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => void messages.fetchPreviousPage()}
                  loading={messages.isFetchingPreviousPage}
                >
                  Load older messages
                </Button>
              ) : null}
            </Group>
            <div
              ref={scrollRef}
              role="feed"
              aria-label={`Messages in ${label}`}
              aria-busy={messages.isFetching}
              style={{ height: 'calc(100dvh - 330px)', minHeight: 280, overflowY: 'auto', contain: 'strict' }}
            >
              <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
                {virtualizer.getVirtualItems().map((item) => {
                  const message = all[item.index]!;
                  return (
                    <div
                      key={item.key}
                      data-index={item.index}
                      ref={virtualizer.measureElement}
                      style={{
                        position: 'absolute',
                        top: 0,
                        left: 0,
                        width: '100%',
                        transform: `translateY(${item.start}px)`,
                      }}
                    >
                      <MessageItem
                        message={message}
                        position={item.index + 1}
                        total={all.length}
                        highlight={matches.data?.[String(message.id)]?.match_content ?? null}
                        onEdit={() => setDialog({ kind: 'edit', messageId: message.id })}
                        onMove={() =>
                          setDialog({
                            kind: 'move',
                            target: { messageId: message.id, streamId, topic, mode: 'change_one' },
                          })
                        }
                        onHistory={() => setDialog({ kind: 'history', messageId: message.id })}
                      />
                    </div>
                  );
                })}
              </div>
            </div>
            {messages.hasNextPage ? (
              <Button
                size="xs"
                variant="default"
                onClick={() => void messages.fetchNextPage()}
                loading={messages.isFetchingNextPage}
              >
                Load newer messages
              </Button>
            ) : null}
          </>
        )}
      </Stack>
      {dialog?.kind === 'move' ? (
        <MoveModal
          target={dialog.target}
          channels={props.channels}
          emptyName={emptyName}
          onClose={() => setDialog(null)}
          onMoved={(to) => {
            setDialog(null);
            if (dialog.target.mode === 'change_all') onRenamed(to.streamId, to.topic);
          }}
        />
      ) : null}
      {dialog?.kind === 'edit' ? (
        <EditMessageModal messageId={dialog.messageId} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'history' ? (
        <HistoryModal messageId={dialog.messageId} emptyName={emptyName} onClose={() => setDialog(null)} />
      ) : null}
    </Drawer>
  );
}
