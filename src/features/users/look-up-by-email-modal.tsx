import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { memo } from 'react';
import { useForm } from '@mantine/form';
import { useFeature, useFeatureLevel } from '../../client/use-role';
import { svcOps } from '../../shared/svc/catalog';
import { FEATURE_LEVELS } from '../../shared/svc/features';
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
  const level = useFeatureLevel();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: {
      email: (value) => {
        const parsed = svcOps.getUserByEmail.params.shape.email.safeParse(value.trim());
        return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Enter an email address.');
      },
    },
  });

  const submit = form.onSubmit((values) => lookUp.mutate(values.email.trim(), { onSuccess: onFound }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Finds the account with this address, including deactivated users and bots. Servers from feature level{' '}
          {FEATURE_LEVELS.realEmailLookup} accept the real email address (when the user&apos;s visibility setting lets
          you see it); older servers accept only the API address, which has the form{' '}
          <Text span ff="monospace">
            user{'{id}'}@{'{host}'}
          </Text>
          .
        </Text>
        {realEmail.enabled ? null : (
          <Alert color="yellow" variant="light" title="Only API addresses work on this server">
            This server reports feature level {level}; real-email lookup needs level {FEATURE_LEVELS.realEmailLookup}.
            Use the address of the form user{'{id}'}@{'{host}'}.
          </Alert>
        )}
        <TextInput
          label="Email address"
          type="email"
          autoComplete="off"
          data-autofocus
          {...form.getInputProps('email')}
        />
        <ServerError error={lookUp.error} />
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
