import { Alert, Button, Group, Loader, Modal, Progress, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../client/api-error';
import { useRole } from '../../client/use-role';
import type { Channel } from '../../shared/svc/channels';
import { countTopicMessages } from './api/count-topic-messages';
import { useTopicDeletion, type TopicDeletion } from './api/delete-topic';
import { channelsRootKey } from './api/get-channels';
import { deleteTopicAbility } from './permissions';

interface DeleteTopicModalProps {
  channel: Channel;
  topic: string;
  label: string;
  level: number;
  onClose: () => void;
}

function messagesText(n: number, atLeast = false): string {
  return `${atLeast ? 'more than ' : ''}${n.toLocaleString()} ${n === 1 ? 'message' : 'messages'}`;
}

/** Confirms with the topic's name and size, then deletes it batch by batch with progress and a way to stop. */
export function DeleteTopicModal({ channel, topic, label, level, onClose }: DeleteTopicModalProps) {
  const { role } = useRole();
  const ability = deleteTopicAbility(role);
  const count = useQuery({
    queryKey: [...channelsRootKey, 'topic-count', channel.stream_id, topic],
    queryFn: ({ signal }) => countTopicMessages(channel.stream_id, topic, level, signal),
    gcTime: 0,
  });
  const { state, start, stop } = useTopicDeletion(level);
  const busy = state.phase === 'running';

  return (
    <Modal
      opened
      onClose={busy ? () => undefined : onClose}
      withCloseButton={!busy}
      closeOnEscape={!busy}
      closeOnClickOutside={!busy}
      title={`Delete the topic “${label}”?`}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      <Stack gap="sm">
        {state.phase === 'idle' ? (
          <>
            {count.isPending ? (
              <Group gap="xs">
                <Loader size="xs" aria-label="Counting messages" />
                <Text size="sm">Counting its messages…</Text>
              </Group>
            ) : count.isError ? (
              <Alert color="red" variant="light" title="Could not count the messages">
                {errorMessage(count.error)}
              </Alert>
            ) : (
              <Text size="sm">
                {`All ${messagesText(count.data.count, count.data.atLeast)} in “${label}” in #${channel.name} will be deleted for everyone. This cannot be undone.`}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button
                color="red"
                // Only once it knows what it will delete, and never for whom the server refuses it.
                disabled={!count.isSuccess || !ability.allowed}
                onClick={() => count.data && void start(channel.stream_id, topic, count.data.count)}
              >
                Delete topic
              </Button>
            </Group>
          </>
        ) : (
          <DeletionProgress state={state} label={label} onStop={stop} onClose={onClose} />
        )}
      </Stack>
    </Modal>
  );
}

function DeletionProgress({
  state,
  label,
  onStop,
  onClose,
}: {
  state: Exclude<TopicDeletion, { phase: 'idle' }>;
  label: string;
  onStop: () => void;
  onClose: () => void;
}) {
  const total = state.total;
  const deleted = state.phase === 'done' ? total : state.deleted;
  const percent = total === 0 ? 100 : Math.min(100, Math.round((deleted / total) * 100));
  const batches = `${state.batches} ${state.batches === 1 ? 'batch' : 'batches'}`;
  return (
    <>
      <Progress value={percent} aria-label="Deletion progress" animated={state.phase === 'running'} />
      <Text size="sm" role="status" aria-live="polite">
        {state.phase === 'running'
          ? `${state.stopping ? 'Stopping after this batch… ' : 'Deleting… '}${deleted.toLocaleString()} of ${total.toLocaleString()} deleted (${batches}).`
          : state.phase === 'done'
            ? `Deleted “${label}”: ${messagesText(total)} in ${batches}.`
            : state.phase === 'stopped'
              ? `Stopped after ${batches}: ${deleted.toLocaleString()} of ${total.toLocaleString()} deleted. The rest of the topic is still there.`
              : `Stopped after ${batches}: ${deleted.toLocaleString()} of ${total.toLocaleString()} deleted.`}
      </Text>
      {state.phase === 'failed' ? (
        <Alert color="red" variant="light" title="The server refused">
          {errorMessage(state.error)}
        </Alert>
      ) : null}
      <Group justify="flex-end">
        {state.phase === 'running' ? (
          <Button variant="default" onClick={onStop} disabled={state.stopping}>
            Stop
          </Button>
        ) : (
          <Button onClick={onClose}>Close</Button>
        )}
      </Group>
    </>
  );
}
