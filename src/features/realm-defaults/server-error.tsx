import { Alert } from '@mantine/core';
import { errorMessage } from '../../client/api-error';

/** A failed save: the server's message verbatim; the edits stay in the form (role="alert" is Alert's default). */
export function ServerError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" title="Not saved; your changes are kept">
      {errorMessage(error)}
    </Alert>
  );
}
