import { Alert, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { ApiError } from '../../client/api-error';
import { notify } from '../../client/notify';
import { useOpForm } from '../../client/op-form';
import { svcOps } from '../../shared/svc/catalog';
import { ServerError } from '../../components/server-error';
import { useCreateUser } from './api/edit-user-profile';

const NOT_AUTHORIZED = 'User not authorized to create users';

/** What the server's refusal means for the person reading it, when the console knows. */
export function createUserRefusalHelp(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.envelope.msg !== NOT_AUTHORIZED) return null;
  return (
    'Creating accounts directly needs the server’s “create users” permission on your account. No organization ' +
    'setting grants it: the server’s administrator gives it, on the server itself. ' +
    'Invite the person instead: they then choose their own password.'
  );
}

/** The name's limit is the catalog's; the form says it with the number, where the server says "Name too long!". */
function nameProblem(value: string): string | null {
  const name = value.trim();
  const max = svcOps.createUser.params.shape.full_name.maxLength;
  if (!name) return 'Enter a name.';
  return max !== null && name.length > max ? `At most ${max} characters.` : null;
}

export function CreateUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Create user" closeButtonProps={{ 'aria-label': 'Close dialog' }}>
      {opened ? <CreateUserForm onDone={onClose} /> : null}
    </Modal>
  );
}

function CreateUserForm({ onDone }: { onDone: () => void }) {
  const create = useCreateUser();
  const { form } = useOpForm({
    initialValues: { email: '', fullName: '', password: '' },
    params: () => svcOps.createUser.params,
    toParams: (v) => ({ email: v.email.trim(), full_name: v.fullName.trim(), password: v.password }),
    fields: { full_name: 'fullName' },
    // In the form's words; and the real server's default minimum password length, which the API leaves to it.
    validate: (v) => ({
      fullName: nameProblem(v.fullName),
      password: v.password.length >= 6 ? null : 'Use at least 6 characters.',
    }),
  });
  const submit = form.onSubmit((values) =>
    create.mutate(
      { email: values.email.trim(), full_name: values.fullName.trim(), password: values.password },
      {
        onSuccess: (result) => {
          notify(
            'success',
            'create-user',
            'User created',
            `${values.fullName.trim()} was created (user ${result.user_id}).`,
          );
          onDone();
        },
      },
    ),
  );
  const help = createUserRefusalHelp(create.error);
  return (
    <form onSubmit={submit} aria-label="Create user" noValidate>
      <Stack gap="sm">
        <Text size="sm">
          Creates an active account with this password, without an invitation. The server allows it only for accounts
          its administrator gave the “create users” permission.
        </Text>
        <TextInput label="Email" type="email" {...form.getInputProps('email')} />
        <TextInput label="Full name" {...form.getInputProps('fullName')} />
        <PasswordInput label="Password" {...form.getInputProps('password')} />
        <ServerError error={create.error} />
        {help ? (
          <Alert color="blue" variant="light" title="Why the server refused" role="note">
            {help}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create user
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
