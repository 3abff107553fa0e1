import { Text } from '@mantine/core';
import { notify } from '../../client/notify';
import { ConfirmAction } from '../../components/confirm-action';
import type { User } from '../../shared/svc/records';
import { useReactivateUser } from './api/reactivate-user';
import { displayEmail } from './format';

export function ReactivateUserModal({ user, opened, onClose }: { user: User; opened: boolean; onClose: () => void }) {
  const reactivate = useReactivateUser();
  // A refusal belongs to this opening of the dialog, not the next.
  const close = () => {
    reactivate.reset();
    onClose();
  };
  const confirm = () =>
    reactivate.mutate(user.user_id, {
      onSuccess: () => {
        notify('success', `reactivate-user-${user.user_id}`, 'User reactivated', `${user.full_name} was reactivated.`);
        close();
      },
    });
  return (
    <ConfirmAction
      opened={opened}
      onClose={close}
      title={`Reactivate ${user.full_name}?`}
      confirmLabel="Reactivate user"
      onConfirm={confirm}
      tone="neutral"
      focus="first"
      pending={reactivate.isPending}
      error={reactivate.error}
    >
      <Text size="sm">
        {user.full_name} ({displayEmail(user)}) will be able to sign in again, with the role, settings and subscriptions
        the account had before it was deactivated.
      </Text>
    </ConfirmAction>
  );
}
