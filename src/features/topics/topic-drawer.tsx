import { Drawer, Stack, TextInput } from '@mantine/core';
import { useCallback, useDeferredValue, useState } from 'react';
import type { Channel } from '../../shared/svc/channels';
import type { Message } from '../../shared/svc/messages';
import { EditMessageModal } from './edit-message-modal';
import { HistoryModal } from './history-modal';
import type { MessageAction } from './message-item';
import { MoveModal, type MoveTarget } from './move-modal';
import type { Ability } from './permissions';
import { TopicActions } from './topic-actions';
import { TopicMessages } from './topic-messages';

interface TopicDrawerProps {
  streamId: number;
  topic: string;
  channel: Channel | undefined;
  channels: readonly Channel[];
  emptyName: string;
  level: number;
  resolve: Ability;
  /** Whether the signed-in user may edit a message's content. */
  canEdit: (message: Message) => boolean;
  onRenamed: (streamId: number, topic: string) => void;
  onClose: () => void;
}

type Dialog =
  { kind: 'move'; target: MoveTarget } | { kind: 'edit'; messageId: number } | { kind: 'history'; messageId: number };

/**
 * One topic's messages, paged both ways, with search highlighting and every moderation action. The parts
 * that follow the messages (TopicActions, TopicMessages) read them themselves, so pages arriving do not
 * render the drawer around them again.
 */
export function TopicDrawer(props: TopicDrawerProps) {
  const { streamId, topic, channel, emptyName, level, resolve, canEdit, onRenamed, onClose } = props;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const label = topic === '' ? emptyName : topic;

  const onAction = useCallback(
    (action: MessageAction, messageId: number) =>
      setDialog(
        action === 'move'
          ? { kind: 'move', target: { messageId, streamId, topic, mode: 'change_one' } }
          : { kind: action, messageId },
      ),
    [streamId, topic],
  );
  const onMoveTopic = useCallback(
    (newestId: number) =>
      setDialog({ kind: 'move', target: { messageId: newestId, streamId, topic, mode: 'change_all' } }),
    [streamId, topic],
  );

  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={`${channel ? `#${channel.name} › ` : ''}${label}`}
      closeButtonProps={{ 'aria-label': 'Close topic' }}
    >
      <Stack gap="sm">
        <TopicActions
          streamId={streamId}
          topic={topic}
          level={level}
          resolve={resolve}
          onRenamed={onRenamed}
          onMoveTopic={onMoveTopic}
        />
        <TextInput
          label="Find in the loaded messages"
          description="Highlights matches among this topic's messages loaded below."
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <TopicMessages
          streamId={streamId}
          topic={topic}
          level={level}
          label={label}
          search={deferredSearch}
          canEdit={canEdit}
          onAction={onAction}
        />
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
