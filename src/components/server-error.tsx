import { Alert } from '@mantine/core';
import { errorMessage } from '../client/api-error';

/**
 * A refusal, with the server's message verbatim, where the action that caused it was taken; the form
 * around it keeps what the user typed. (role="alert" is Alert's default.)
 */
export function ServerError({ error, title = 'The server refused' }: { error: unknown; title?: string }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" title={title}>
      {errorMessage(error)}
    </Alert>
  );
}
