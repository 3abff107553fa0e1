import { Alert, Button, Group, Text } from '@mantine/core';
import { memo } from 'react';
import { errorMessage } from '../../client/api-error';
import { notify } from '../../client/notify';
import { isResolvedTopic, toggledResolvedTopic } from '../../shared/svc/messages';
import { useNewestTopicMessageId } from './api/get-topic-messages';
import { useUpdateMessage } from './api/update-message';
import type { Ability } from './permissions';

interface TopicActionsProps {
  streamId: number;
  topic: string;
  level: number;
  resolve: Ability;
  onRenamed: (streamId: number, topic: string) => void;
  /** Moving the whole topic starts from its newest message. */
  onMoveTopic: (newestId: number) => void;
}

/**
 * Resolve and move for the whole topic. They act on the newest loaded message, so this part (and not the
 * whole drawer) renders again when that changes.
 */
export const TopicActions = memo(function TopicActions({
  streamId,
  topic,
  level,
  resolve,
  onRenamed,
  onMoveTopic,
}: TopicActionsProps) {
  const newestId = useNewestTopicMessageId(streamId, topic, level);
  const update = useUpdateMessage();

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
    <>
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
          onClick={() => newestId !== null && onMoveTopic(newestId)}
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
    </>
  );
});
