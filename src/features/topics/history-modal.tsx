import { Alert, Box, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { errorMessage } from '../../client/api-error';
import { sanitizeHtml } from '../../client/sanitize-html';
import { useMessageHistory } from './api/get-message-history';
import { useTopicPeople } from './api/get-people';

/** Every version of a message, oldest first, as the organization allows them to be seen. */
export function HistoryModal({
  messageId,
  emptyName,
  onClose,
}: {
  messageId: number;
  emptyName: string;
  onClose: () => void;
}) {
  const history = useMessageHistory(messageId);
  const people = useTopicPeople();
  const name = (id: number | null) => (id === null ? 'Unknown' : (people.data?.get(id) ?? `User ${id}`));
  const topicName = (t: string) => (t === '' ? emptyName : t);
  return (
    <Modal
      opened
      onClose={onClose}
      title="Message history"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
    >
      {history.isPending ? (
        <Loader size="xs" aria-label="Loading history" />
      ) : history.isError ? (
        <Alert color="red" variant="light" title="History is not available">
          {errorMessage(history.error)}
        </Alert>
      ) : (
        <Stack gap="sm">
          {history.data.map((snapshot, index) => (
            <Paper key={`${snapshot.timestamp}-${index}`} withBorder p="xs">
              <Text size="xs" c="dimmed">
                {index === 0 ? 'Sent' : 'Changed'} by {name(snapshot.user_id)} on{' '}
                {new Date(snapshot.timestamp * 1000).toLocaleString()}
              </Text>
              {snapshot.prev_topic !== undefined ? (
                <Text size="sm">
                  Topic: “{topicName(snapshot.prev_topic)}” → “{topicName(snapshot.topic)}”
                </Text>
              ) : null}
              {snapshot.prev_stream !== undefined ? <Text size="sm">Moved to another channel.</Text> : null}
              <Box
                fz="sm"
                // Sanitized: rendered content is server HTML.
                dangerouslySetInnerHTML={{ __html: sanitizeHtml(snapshot.rendered_content) }}
              />
            </Paper>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
