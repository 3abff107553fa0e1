import { Alert, Button, Group, Radio, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError } from '../../client/api-error';
import { notify } from '../../client/notify';
import { useSession } from '../../client/session';
import { FormDialog, FormFooter } from '../../components/form-dialog';
import type { Channel } from '../../shared/svc/channels';
import type { PropagateMode } from '../../shared/svc/messages';
import { PROPAGATE_MODE_LABELS } from '../../shared/labels';
import { useUpdateMessage, type UpdateMessageParams } from './api/update-message';
import { partialMoveOf, partialMoveText, type PartialMove } from './permissions';

export interface MoveTarget {
  messageId: number;
  streamId: number;
  topic: string;
  mode: PropagateMode;
}

const MODE_LABELS: Readonly<Record<PropagateMode, string>> = PROPAGATE_MODE_LABELS;

interface MoveModalProps {
  target: MoveTarget;
  channels: readonly Channel[];
  emptyName: string;
  onClose: () => void;
  onMoved: (to: { streamId: number; topic: string }) => void;
}

/** The move's choices, and sending it (again, for the part that may still move, after a time-limit refusal). */
function useMove({ target, channels, emptyName, onMoved }: Omit<MoveModalProps, 'onClose'>) {
  const { data: session } = useSession();
  const maxTopic = session?.limits?.maxTopicLength ?? null;
  const update = useUpdateMessage();
  const [topic, setTopic] = useState(target.topic);
  const [streamId, setStreamId] = useState(String(target.streamId));
  const [mode, setMode] = useState<PropagateMode>(target.mode);
  const [notifyOld, setNotifyOld] = useState(false);
  const [notifyNew, setNotifyNew] = useState(true);
  const [partial, setPartial] = useState<PartialMove | null>(null);

  const newTopic = topic.trim();
  const changedTopic = newTopic !== target.topic;
  const changedChannel = Number(streamId) !== target.streamId;
  const tooLong = maxTopic !== null && [...newTopic].length > maxTopic;

  const params = (messageId: number, propagate: PropagateMode): UpdateMessageParams => ({
    message_id: messageId,
    propagate_mode: propagate,
    ...(changedTopic ? { topic: newTopic } : {}),
    ...(changedChannel ? { stream_id: Number(streamId) } : {}),
    send_notification_to_old_thread: notifyOld,
    send_notification_to_new_thread: notifyNew,
  });

  const run = (messageId: number, propagate: PropagateMode) => {
    setPartial(null);
    update.mutate(params(messageId, propagate), {
      onSuccess: () => {
        const channelName = channels.find((c) => c.stream_id === Number(streamId))?.name;
        const where = channelName ? ` in #${channelName}` : '';
        notify(
          'success',
          'move-topic',
          'Moved',
          `Messages moved to “${newTopic === '' ? emptyName : newTopic}”${where}.`,
        );
        onMoved({ streamId: Number(streamId), topic: newTopic });
      },
      onError: (error) => {
        if (error instanceof ApiError) setPartial(partialMoveOf(error.envelope));
      },
    });
  };
  const fields = {
    topic,
    setTopic,
    streamId,
    setStreamId,
    mode,
    setMode,
    notifyOld,
    setNotifyOld,
    notifyNew,
    setNotifyNew,
  };
  return { fields, maxTopic, tooLong, unchanged: !changedTopic && !changedChannel, partial, update, run };
}

/**
 * Rename a topic and/or move messages to another channel. Content never travels with a move (the server
 * refuses content together with a channel), so this form has no content field. A time-limit refusal
 * offers to move the part that may still move.
 */
export function MoveModal({ onClose, ...props }: MoveModalProps) {
  const { fields, maxTopic, tooLong, unchanged, partial, update, run } = useMove(props);
  return (
    <FormDialog opened onClose={onClose} title="Move messages" size="lg">
      <Stack gap="sm">
        <MoveFields {...fields} channels={props.channels} maxTopic={maxTopic} tooLong={tooLong} />
        <FormFooter
          submitLabel="Move"
          onCancel={onClose}
          cancelWhilePending
          onSubmit={() => run(props.target.messageId, fields.mode)}
          disabled={tooLong}
          disabledReason={unchanged ? 'Change the topic or the channel to move.' : null}
          pending={update.isPending && !partial}
          error={partial ? null : update.error}
          errorTitle="Not moved"
          notice={
            partial ? (
              <PartialMoveAlert partial={partial} pending={update.isPending} onMove={(id) => run(id, 'change_later')} />
            ) : null
          }
        />
      </Stack>
    </FormDialog>
  );
}

type MoveFieldsProps = ReturnType<typeof useMove>['fields'] & {
  channels: readonly Channel[];
  maxTopic: number | null;
  tooLong: boolean;
};

function MoveFields(props: MoveFieldsProps) {
  const { topic, setTopic, streamId, setStreamId, mode, setMode, maxTopic, tooLong } = props;
  return (
    <>
      <TextInput
        label="Topic"
        value={topic}
        onChange={(e) => setTopic(e.currentTarget.value)}
        error={tooLong ? `At most ${maxTopic} characters.` : undefined}
        description={maxTopic ? `Up to ${maxTopic} characters.` : undefined}
      />
      <Select
        label="Channel"
        data={props.channels.map((c) => ({ value: String(c.stream_id), label: `#${c.name}` }))}
        value={streamId}
        onChange={(value) => value && setStreamId(value)}
        allowDeselect={false}
        searchable
      />
      <Radio.Group label="Which messages" value={mode} onChange={(value) => setMode(value as PropagateMode)}>
        <Stack gap={6} mt={6}>
          {(Object.keys(MODE_LABELS) as PropagateMode[]).map((m) => (
            <Radio key={m} value={m} label={MODE_LABELS[m]} />
          ))}
        </Stack>
      </Radio.Group>
      <Switch
        label="Notify the old topic"
        checked={props.notifyOld}
        onChange={(e) => props.setNotifyOld(e.currentTarget.checked)}
      />
      <Switch
        label="Notify the new topic"
        checked={props.notifyNew}
        onChange={(e) => props.setNotifyNew(e.currentTarget.checked)}
      />
    </>
  );
}

function PartialMoveAlert({
  partial,
  pending,
  onMove,
}: {
  partial: PartialMove;
  pending: boolean;
  onMove: (firstAllowedId: number) => void;
}) {
  const first = partial.firstAllowedId;
  return (
    <Alert color="yellow" variant="light" title="Some messages are too old to move" role="alert">
      <Stack gap="xs">
        <Text size="sm">{partialMoveText(partial)}</Text>
        {first !== null && partial.allowed > 0 ? (
          <Group>
            <Button size="xs" onClick={() => onMove(first)} loading={pending}>
              Move the {partial.allowed.toLocaleString()} that can move
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Alert>
  );
}
