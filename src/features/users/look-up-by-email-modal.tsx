import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { memo } from 'react';
import { errorMessage, isClientError } from '../../client/api-error';
import { useOpForm } from '../../client/op-form';
import { useFeature } from '../../client/use-role';
import { svcOps } from '../../shared/svc/catalog';
import type { User } from '../../shared/svc/records';
import { useLookUpUserByEmail } from './api/get-user-by-email';
import { ServerError } from '../../components/server-error';

export const LookUpByEmailModal = memo(function LookUpByEmailModal({
  opened,
  onClose,
  onFound,
}: {
  opened: boolean;
  onClose: () => void;
  onFound: (user: User) => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      title="Look up a user by email"
    >
      <LookUpForm onFound={onFound} onCancel={onClose} />
    </Modal>
  );
});

function LookUpForm({ onFound, onCancel }: { onFound: (user: User) => void; onCancel: () => void }) {
  const lookUp = useLookUpUserByEmail();
  const realEmail = useFeature('realEmailLookup');
  const { form } = useOpForm({
    initialValues: { email: '' },
    params: () => svcOps.getUserByEmail.params,
    toParams: (v) => ({ email: v.email.trim() }),
    // A refusal is about the address that was looked up: it goes once the address changes.
    onValuesChange: () => {
      if (lookUp.error) lookUp.reset();
    },
  });

  const submit = form.onSubmit((values) => lookUp.mutate(values.email.trim(), { onSuccess: onFound }));
  // The server's answer about this address ("No such user") belongs on the field; a failure to reach it does not.
  const addressError = lookUp.error && isClientError(lookUp.error) ? errorMessage(lookUp.error) : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Finds the account with this address, including deactivated users and bots. Use the address the person signs in
          with, when their visibility setting lets you see it.
        </Text>
        {realEmail.enabled ? null : (
          <Alert color="yellow" variant="light" title="Only API addresses work on this server">
            This server is too old to find people by the address they sign in with. Use the address it gives each
            account instead, of the form{' '}
            <Text span ff="monospace">
              user{'{id}'}@{'{host}'}
            </Text>
            .
          </Alert>
        )}
        <TextInput
          label="Email address"
          type="email"
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('email')}
          error={form.errors.email ?? addressError}
        />
        {addressError ? null : <ServerError error={lookUp.error} title="Could not look up this address" />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={lookUp.isPending}>
            Look up
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
