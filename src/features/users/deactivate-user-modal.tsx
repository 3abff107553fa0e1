import { Alert, Button, Group, Modal, Stack, Switch, Text, Textarea } from '@mantine/core';
import { notify } from '../../client/notify';
import { useOpForm } from '../../client/op-form';
import { svcOps } from '../../shared/svc/catalog';
import type { User } from '../../shared/svc/records';
import { useDeactivateUser } from './api/deactivate-user';
import { displayEmail } from './format';
import { ServerError } from '../../components/server-error';

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
  const { form } = useOpForm({
    initialValues: { sendEmail: false, comment: '' },
    params: () => svcOps.deactivateUser.params,
    toParams: (v) => ({
      user_id: user.user_id,
      ...(v.sendEmail ? { deactivation_notification_comment: v.comment } : {}),
    }),
    fields: { deactivation_notification_comment: 'comment' },
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
