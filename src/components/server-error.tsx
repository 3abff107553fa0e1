import { Alert, Text } from '@mantine/core';
import { errorMessage } from '../client/api-error';
import { humanServerMessage } from '../shared/labels';

/**
 * A refusal, with the server's message verbatim, where the action that caused it was taken; the form
 * around it keeps what the user typed. A message that names a parameter by its API name
 * (`status_text is too long`) is put in the form's words first, the server's own text under it.
 * (role="alert" is Alert's default.)
 */
export function ServerError({ error, title = 'The server refused' }: { error: unknown; title?: string }) {
  if (!error) return null;
  const message = errorMessage(error);
  const human = humanServerMessage(message);
  return (
    <Alert color="red" variant="light" title={title}>
      {human ?? message}
      {human ? (
        <Text size="xs" c="dimmed" mt={4}>
          The server said: {message}
        </Text>
      ) : null}
    </Alert>
  );
}
