import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notify } from '../../client/notify';
import { svcOps } from '../../shared/svc/catalog';
import type { User, UserStatus } from '../../shared/svc/records';
import type { UpdateUserStatusParams } from './api/update-user-status';
import { useUpdateUserStatus } from './api/update-user-status';
import { StatusLine } from '../../components/status-emoji/status-line';
import { ServerError } from '../../components/server-error';
import {
  StatusFields,
  statusChange,
  statusFormValues,
  statusTextTooLong,
  type StatusFormValues,
} from '../../components/status-fields';
import { useOpForm } from '../../client/op-form';

/** The request for these form values, for the given user (see `statusChange`). */
export function toStatusParams(
  userId: number,
  values: StatusFormValues,
  current: UserStatus | undefined,
): UpdateUserStatusParams {
  return { user_id: userId, ...statusChange(values, current) } as UpdateUserStatusParams;
}

interface Props {
  user: User;
  opened: boolean;
  onClose: () => void;
  current: UserStatus | undefined;
}

export function SetStatusModal({ user, opened, onClose, current }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      title={`Set the status of ${user.full_name}`}
    >
      <SetStatusForm user={user} onDone={onClose} current={current} />
    </Modal>
  );
}

function SetStatusForm({ user, onDone, current }: { user: User; onDone: () => void; current: UserStatus | undefined }) {
  const update = useUpdateUserStatus();
  // The catalog's schema is the single source of the rules (length limit, emoji name required with a code).
  const { form, problems } = useOpForm<StatusFormValues>({
    initialValues: statusFormValues(current),
    params: () => svcOps.updateUserStatus.params,
    toParams: (values) => toStatusParams(user.user_id, values, current),
  });

  // Checked on every change, not per field: one field's value can make another one wrong (a code without
  // a name), and the submit button must know before it is pressed.
  const errors = problems();
  const tooLong = statusTextTooLong(form.values);

  const submit = form.onSubmit((values) => {
    update.mutate(toStatusParams(user.user_id, values, current), {
      onSuccess: () => {
        notify(
          'success',
          `set-status-${user.user_id}`,
          'Status updated',
          `The status of ${user.full_name} was updated.`,
        );
        onDone();
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          Current status: <StatusLine status={current} />. Leave the text empty to clear it.
        </Text>
        <StatusFields form={form} errors={errors} autoFocus />
        <ServerError error={update.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={tooLong || Object.keys(errors).length > 0}>
            Save status
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
