import { Alert, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { notify } from '../../client/notify';
import { useOpForm } from '../../client/op-form';
import { svcOps } from '../../shared/svc/catalog';
import type { User } from '../../shared/svc/records';
import { roleSchema } from '../../shared/svc/records';
import { roleLabel, type Role } from '../../shared/svc/roles';
import { useUpdateUserRole } from './api/update-user';
import { ServerError } from '../../components/server-error';

interface Props {
  user: User;
  opened: boolean;
  onClose: () => void;
  /** The roles the actor may assign (owner only for owners). */
  roles: readonly Role[];
  warning: string | null;
}

export function ChangeRoleModal({ user, opened, onClose, roles, warning }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      title={`Change the role of ${user.full_name}`}
    >
      <ChangeRoleForm user={user} onDone={onClose} roles={roles} warning={warning} />
    </Modal>
  );
}

function ChangeRoleForm({ user, onDone, roles, warning }: Omit<Props, 'opened' | 'onClose'> & { onDone: () => void }) {
  const update = useUpdateUserRole();
  const { form } = useOpForm({
    initialValues: { role: String(user.role) },
    params: () => svcOps.updateUser.params,
    toParams: (v) => ({ user_id: user.user_id, role: Number(v.role) }),
    validate: (v) => ({ role: roleSchema.safeParse(Number(v.role)).success ? null : 'Pick a role.' }),
  });
  // The current role stays listed even when the actor could not assign it, so the select shows the truth.
  const options = [...new Set<number>([user.role, ...roles])].map((r) => ({
    value: String(r),
    label: roleLabel(r),
    disabled: !roles.includes(r as Role),
  }));
  const unchanged = Number(form.values.role) === user.role;

  const submit = form.onSubmit((values) => {
    const role = roleSchema.parse(Number(values.role));
    update.mutate(
      { userId: user.user_id, role },
      {
        onSuccess: () => {
          notify(
            'success',
            `change-role-${user.user_id}`,
            'Role changed',
            `${user.full_name} is now ${roleLabel(role).toLowerCase()}.`,
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
          The role decides what {user.full_name} may do in the organization. Only owners can make someone an owner or
          remove an owner.
        </Text>
        {warning ? (
          <Alert color="yellow" variant="light" title="Your own account" role="note">
            {warning}
          </Alert>
        ) : null}
        <NativeSelect label="Role" data={options} {...form.getInputProps('role')} />
        <ServerError error={update.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending} disabled={unchanged}>
            Save role
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
