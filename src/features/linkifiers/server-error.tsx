import { Alert } from '@mantine/core';
import { errorMessage } from '../../client/api-error';

/** The server's refusal, verbatim, where the action that caused it was taken (role="alert" is Alert's default). */
export function ServerError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" title="The server refused">
      {errorMessage(error)}
    </Alert>
  );
}
