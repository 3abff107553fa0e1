import { Alert, Button, Group, Modal, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notify } from '../../client/notify';
import type { User } from '../../shared/svc/records';
import { useDeactivateUser } from './api/deactivate-user';
import { displayEmail } from './format';
import { ServerError } from '../../components/server-error';

const COMMENT_MAX = 2000;

interface Props {
  user: User;
  opened: boolean;
  onClose: () => void;
  /** e.g. the actor is deactivating themself. */
  warning: string | null;
}

export function DeactivateUserModal({ user, opened, onClose, warning }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      title={`Deactivate ${user.full_name}?`}
      size="lg"
    >
      {/* The form lives inside the modal body, so it starts fresh each time the dialog opens. */}
      <DeactivateUserForm user={user} onDone={onClose} warning={warning} />
    </Modal>
  );
}

function DeactivateUserForm({ user, onDone, warning }: { user: User; onDone: () => void; warning: string | null }) {
  const deactivate = useDeactivateUser();
  const form = useForm({
    mode: 'controlled',
    initialValues: { sendEmail: false, comment: '' },
    validate: {
      comment: (value, values) =>
        values.sendEmail && value.length > COMMENT_MAX ? `The comment can be at most ${COMMENT_MAX} characters.` : null,
    },
  });

  const submit = form.onSubmit((values) => {
    deactivate.mutate(
      { userId: user.user_id, notificationComment: values.sendEmail ? values.comment : null },
      {
        onSuccess: () => {
          notify(
            'success',
            `deactivate-user-${user.user_id}`,
            'User deactivated',
            values.sendEmail
              ? `${user.full_name} was deactivated and notified by email.`
              : `${user.full_name} was deactivated.`,
          );
          onDone();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {user.full_name} ({displayEmail(user)}) will be signed out everywhere and can no longer sign in or use the
          API. Their messages, channel subscriptions and group memberships stay; an administrator can reactivate the
          account later. Turn on the notification email to tell them by email, optionally with a comment.
        </Text>
        {warning ? (
          <Alert color="yellow" variant="light" title="Your own account" role="note">
            {warning}
          </Alert>
        ) : null}
        <Switch label="Send notification email" {...form.getInputProps('sendEmail', { type: 'checkbox' })} />
        <Textarea
          label="Notification comment"
          description={
            form.values.sendEmail
              ? 'Optional text included in the email.'
              : 'Turn on the notification email to add a comment.'
          }
          autosize
          minRows={3}
          maxRows={8}
          disabled={!form.values.sendEmail}
          {...form.getInputProps('comment')}
        />
        <ServerError error={deactivate.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={deactivate.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="red" loading={deactivate.isPending}>
            Deactivate user
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
