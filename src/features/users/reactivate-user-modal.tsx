import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notify } from '../../client/notify';
import type { User } from '../../shared/svc/records';
import { useReactivateUser } from './api/reactivate-user';
import { displayEmail } from './format';
import { ServerError } from '../../components/server-error';

export function ReactivateUserModal({ user, opened, onClose }: { user: User; opened: boolean; onClose: () => void }) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      title={`Reactivate ${user.full_name}?`}
    >
      <ReactivateUserBody user={user} onDone={onClose} />
    </Modal>
  );
}

function ReactivateUserBody({ user, onDone }: { user: User; onDone: () => void }) {
  const reactivate = useReactivateUser();
  const confirm = () =>
    reactivate.mutate(user.user_id, {
      onSuccess: () => {
        notify('success', `reactivate-user-${user.user_id}`, 'User reactivated', `${user.full_name} was reactivated.`);
        onDone();
      },
    });
  return (
    <Stack gap="md">
      <Text size="sm">
        {user.full_name} ({displayEmail(user)}) will be able to sign in again, with the role, settings and subscriptions
        the account had before it was deactivated.
      </Text>
      <ServerError error={reactivate.error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} disabled={reactivate.isPending}>
          Cancel
        </Button>
        <Button onClick={confirm} loading={reactivate.isPending}>
          Reactivate user
        </Button>
      </Group>
    </Stack>
  );
}
