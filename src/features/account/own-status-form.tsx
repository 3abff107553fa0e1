import { Button, Group, NativeSelect, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notify } from '../../client/notify';
import { ServerError } from '../../components/server-error';
import { svcOps } from '../../shared/svc/catalog';
import { reactionTypes, STATUS_TEXT_MAX, type UserStatus } from '../../shared/svc/records';
import type { UpdateOwnStatusParams } from './api/update-own-status';
import { useUpdateOwnStatus } from './api/update-own-status';

export interface OwnStatusValues {
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
const validateParams = schemaResolver(svcOps.updateOwnStatus.params, { sync: true });

/**
 * The request for these values: the text always (empty clears it), emoji fields when filled, and an empty
 * emoji name to clear an emoji set now.
 */
export function toOwnStatusParams(values: OwnStatusValues, current: UserStatus | undefined): UpdateOwnStatusParams {
  const params: Record<string, unknown> = { status_text: values.status_text };
  const emojiName = values.emoji_name.trim();
  if (emojiName || current?.emoji_name) params.emoji_name = emojiName;
  if (values.emoji_code.trim()) params.emoji_code = values.emoji_code.trim();
  if (values.reaction_type) params.reaction_type = values.reaction_type;
  // Unchecked on purpose: the resolver reports what the schema rejects, field by field.
  return params as UpdateOwnStatusParams;
}

/** The status as one line, e.g. ":palm_tree: On vacation"; null when nothing is set. */
export function ownStatusLine(status: UserStatus | undefined): string | null {
  if (!status) return null;
  const parts = [status.emoji_name ? `:${status.emoji_name}:` : null, status.status_text || null];
  const shown = parts.filter((p): p is string => Boolean(p));
  return shown.length ? shown.join(' ') : null;
}

interface Props {
  current: UserStatus | undefined;
  /** Why the current status cannot be read (old server), or null. */
  readReason: string | null;
  loading: boolean;
}

/** "My status": what it is now, and a form to change it (POST /users/me/status). */
export function OwnStatusSection({ current, readReason, loading }: Props) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-status-heading">
      <Title order={3} size="h4" id="account-status-heading" mb="sm">
        My status
      </Title>
      <Text size="sm" mb="sm">
        Current status:{' '}
        {loading ? (
          <Text span c="dimmed">
            loading…
          </Text>
        ) : readReason ? (
          <Text span c="dimmed">
            not readable on this server ({readReason})
          </Text>
        ) : (
          (ownStatusLine(current) ?? (
            <Text span c="dimmed">
              none
            </Text>
          ))
        )}
      </Text>
      {loading ? null : <OwnStatusForm key={JSON.stringify(current ?? {})} current={current} />}
    </Paper>
  );
}

function OwnStatusForm({ current }: { current: UserStatus | undefined }) {
  const update = useUpdateOwnStatus();
  const form = useForm<OwnStatusValues>({
    mode: 'controlled',
    initialValues: {
      status_text: current?.status_text ?? '',
      emoji_name: current?.emoji_name ?? '',
      emoji_code: current?.emoji_code ?? '',
      reaction_type: current?.reaction_type ?? '',
    },
    validate: (values) => validateParams(toOwnStatusParams(values, current)),
  });

  // Checked on every change: one field can make another wrong (a code without a name).
  const errors = validateParams(toOwnStatusParams(form.values, current));
  const length = form.values.status_text.length;
  const tooLong = length > STATUS_TEXT_MAX;
  const inputProps = (field: keyof OwnStatusValues) => ({
    ...form.getInputProps(field),
    error: errors[field] ?? form.errors[field],
  });

  const submit = form.onSubmit((values) => {
    update.mutate(toOwnStatusParams(values, current), {
      onSuccess: () => notify('success', 'set-own-status', 'Status updated', 'Your status was updated.'),
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="My status">
      <Stack gap="md">
        <TextInput
          label="Status text"
          description={
            <Text span size="xs" c={tooLong ? 'red' : 'dimmed'} aria-live="polite">
              {length}/{STATUS_TEXT_MAX} · leave empty to clear
            </Text>
          }
          {...inputProps('status_text')}
        />
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label="Emoji name" placeholder="palm_tree" {...inputProps('emoji_name')} />
          <TextInput label="Emoji code" placeholder="1f334" {...inputProps('emoji_code')} />
          <NativeSelect label="Emoji type" data={reactionTypeOptions} {...inputProps('reaction_type')} />
        </SimpleGrid>
        <ServerError error={update.error} />
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending} disabled={tooLong || Object.keys(errors).length > 0}>
            Save my status
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
