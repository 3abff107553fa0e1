import { NativeSelect, SimpleGrid, Skeleton, Text, TextInput } from '@mantine/core';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { lazy, Suspense } from 'react';
import { reactionTypes, STATUS_TEXT_MAX, type UserStatus } from '../shared/svc/records';

/**
 * The status form shared by "Set status" (an administrator, for another user) and "My status": the same
 * fields, counter and request shape; each caller validates with its own operation's catalog schema.
 */
export interface StatusFormValues {
  status_text: string;
  emoji_name: string;
  emoji_code: string;
  reaction_type: string;
}

// The presets and the emoji list load with the form, not with the page that holds it.
const StatusEmojiPicker = lazy(() => import('./status-emoji/status-emoji-picker'));

const REACTION_TYPE_LABELS: Record<(typeof reactionTypes)[number], string> = {
  unicode_emoji: 'Unicode emoji',
  realm_emoji: 'Custom emoji',
  zulip_extra_emoji: 'Extra emoji',
};

const reactionTypeOptions = [
  { value: '', label: 'Automatic' },
  ...reactionTypes.map((t) => ({ value: t, label: REACTION_TYPE_LABELS[t] })),
];

export function statusFormValues(current: UserStatus | undefined): StatusFormValues {
  return {
    status_text: current?.status_text ?? '',
    emoji_name: current?.emoji_name ?? '',
    emoji_code: current?.emoji_code ?? '',
    reaction_type: current?.reaction_type ?? '',
  };
}

/**
 * The parameters for these values. Status text is always sent (empty clears it). Emoji fields are sent when
 * filled, and an empty emoji name is sent to clear an emoji the user has now. Unchecked on purpose: the
 * caller's schema resolver reports what the schema rejects, field by field.
 */
export function statusChange(values: StatusFormValues, current: UserStatus | undefined): Record<string, unknown> {
  const params: Record<string, unknown> = { status_text: values.status_text };
  const emojiName = values.emoji_name.trim();
  if (emojiName || current?.emoji_name) params.emoji_name = emojiName;
  if (values.emoji_code.trim()) params.emoji_code = values.emoji_code.trim();
  if (values.reaction_type) params.reaction_type = values.reaction_type;
  return params;
}

export function statusTextTooLong(values: StatusFormValues): boolean {
  return values.status_text.length > STATUS_TEXT_MAX;
}

export function StatusFields({
  form,
  errors,
  counterSuffix = '',
  autoFocus = false,
}: {
  form: UseFormReturnType<StatusFormValues>;
  /** Errors of the whole form, checked on every change: one field can make another wrong. */
  errors: FormErrors;
  counterSuffix?: string;
  autoFocus?: boolean;
}) {
  const length = form.values.status_text.length;
  const inputProps = (field: keyof StatusFormValues) => ({
    ...form.getInputProps(field),
    error: errors[field] ?? form.errors[field],
  });
  return (
    <>
      <TextInput
        label="Status text"
        description={
          <Text span size="xs" c={statusTextTooLong(form.values) ? 'red' : 'dimmed'} aria-live="polite">
            {length}/{STATUS_TEXT_MAX}
            {counterSuffix}
          </Text>
        }
        data-autofocus={autoFocus || undefined}
        {...inputProps('status_text')}
      />
      <Suspense fallback={<Skeleton h={104} aria-label="Loading the emoji choices" />}>
        <StatusEmojiPicker form={form} />
      </Suspense>
      <Text size="xs" c="dimmed" mb={-8}>
        Or any emoji by the server’s name for it (the code and type are then looked up):
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput label="Emoji name" placeholder="palm_tree" {...inputProps('emoji_name')} />
        <TextInput label="Emoji code" placeholder="1f334" {...inputProps('emoji_code')} />
        <NativeSelect label="Emoji type" data={reactionTypeOptions} {...inputProps('reaction_type')} />
      </SimpleGrid>
    </>
  );
}
