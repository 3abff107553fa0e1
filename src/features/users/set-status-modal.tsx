import { Button, Group, Modal, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notify } from '../../client/notify';
import { svcOps } from '../../shared/svc/catalog';
import { reactionTypes, STATUS_TEXT_MAX, type User, type UserStatus } from '../../shared/svc/records';
import type { UpdateUserStatusParams } from './api/update-user-status';
import { useUpdateUserStatus } from './api/update-user-status';
import { statusLine } from './format';
import { ServerError } from '../../components/server-error';

interface StatusFormValues {
  status_text: string;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

const REACTION_TYPE_LABELS: Record<(typeof reactionTypes)[number], string> = {
  unicode_emoji: 'Unicode emoji',
  realm_emoji: 'Custom emoji',
  svc_extra_emoji: 'Extra emoji',
};

const reactionTypeOptions = [
  { value: '', label: 'Automatic' },
  ...reactionTypes.map((t) => ({ value: t, label: REACTION_TYPE_LABELS[t] })),
];

// The catalog's schema is the single source of the rules (length limit, emoji name required with a code).
const validateParams = schemaResolver(svcOps.updateUserStatus.params, { sync: true });

/**
 * The request for these form values. Status text is always sent (empty clears it). Emoji fields are sent
 * when filled, and an empty emoji name is sent to clear an emoji the user has now.
 */
export function toStatusParams(
  userId: number,
  values: StatusFormValues,
  current: UserStatus | undefined,
): UpdateUserStatusParams {
  const params: Record<string, unknown> = { user_id: userId, status_text: values.status_text };
  const emojiName = values.emoji_name.trim();
  if (emojiName || current?.emoji_name) params.emoji_name = emojiName;
  if (values.emoji_code.trim()) params.emoji_code = values.emoji_code.trim();
  if (values.reaction_type) params.reaction_type = values.reaction_type;
  // Deliberately unchecked here: the resolver below reports what the schema rejects, field by field.
  return params as UpdateUserStatusParams;
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
  const form = useForm<StatusFormValues>({
    mode: 'controlled',
    initialValues: {
      status_text: current?.status_text ?? '',
      emoji_name: current?.emoji_name ?? '',
      emoji_code: current?.emoji_code ?? '',
      reaction_type: current?.reaction_type ?? '',
    },
    validate: (values) => validateParams(toStatusParams(user.user_id, values, current)),
  });

  // Checked on every change, not per field: one field's value can make another one wrong (a code without
  // a name), and the submit button must know before it is pressed.
  const errors = validateParams(toStatusParams(user.user_id, form.values, current));
  const length = form.values.status_text.length;
  const tooLong = length > STATUS_TEXT_MAX;
  const inputProps = (field: keyof StatusFormValues) => ({
    ...form.getInputProps(field),
    error: errors[field] ?? form.errors[field],
  });
  const currentLine = statusLine(current);

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
          Current status:{' '}
          {currentLine ?? (
            <Text span c="dimmed">
              none
            </Text>
          )}
          . Leave the text empty to clear it.
        </Text>
        <TextInput
          label="Status text"
          description={
            <Text span size="xs" c={tooLong ? 'red' : 'dimmed'} aria-live="polite">
              {length}/{STATUS_TEXT_MAX}
            </Text>
          }
          data-autofocus
          {...inputProps('status_text')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label="Emoji name" placeholder="palm_tree" {...inputProps('emoji_name')} />
          <TextInput label="Emoji code" placeholder="1f334" {...inputProps('emoji_code')} />
          <NativeSelect label="Emoji type" data={reactionTypeOptions} {...inputProps('reaction_type')} />
        </SimpleGrid>
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
