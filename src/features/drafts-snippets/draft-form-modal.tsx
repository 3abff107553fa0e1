import { Alert, Button, Group, Modal, MultiSelect, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useOpForm } from '../../client/op-form';
import { useMemo } from 'react';
import { errorMessage } from '../../client/api-error';
import { notify } from '../../client/notify';
import { ServerError } from '../../components/server-error';
import { checkDraft, DRAFT_MESSAGES, type Channel, type Draft, type DraftType } from '../../shared/svc/drafts';
import { useCreateDraft } from './api/create-draft';
import { useUpdateDraft } from './api/update-draft';
import type { Person } from './recipients';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The draft to edit; null to create one. */
  draft: Draft | null;
  channels: readonly Channel[];
  people: readonly Person[];
}

export function DraftFormModal({ opened, onClose, draft, ...rest }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      title={draft ? 'Edit draft' : 'New draft'}
      size="lg"
    >
      <DraftForm draft={draft} onDone={onClose} {...rest} />
    </Modal>
  );
}

/** The radio values; `none` stands for the empty type (a radio's value cannot be empty). */
type Kind = 'stream' | 'private' | 'none';
const KIND_LABELS: Readonly<Record<Kind, string>> = {
  stream: 'Channel',
  private: 'Direct message',
  none: 'Unaddressed',
};
const typeOf = (kind: Kind): DraftType => (kind === 'none' ? '' : kind);

/** The form's wording for what the server would refuse; the server's own message shows if it refuses anyway. */
const FORM_MESSAGES: Readonly<Record<string, string>> = {
  [DRAFT_MESSAGES.channelCount]: 'Choose exactly one channel: a channel draft goes to one channel.',
  [DRAFT_MESSAGES.topicNullByte]: 'The topic contains a null character; remove it.',
  [DRAFT_MESSAGES.contentNullByte]: 'The content contains a null character; remove it.',
};

function DraftForm({ draft, channels, people, onDone }: Omit<Props, 'opened' | 'onClose'> & { onDone: () => void }) {
  const create = useCreateDraft();
  const update = useUpdateDraft();
  const mutation = draft ? update : create;
  const { form } = useOpForm({
    initialValues: {
      kind: (draft ? draft.type || 'none' : 'stream') as Kind,
      channels: draft?.type === 'stream' ? draft.to.map(String) : [],
      users: draft?.type === 'private' ? draft.to.map(String) : [],
      topic: draft?.type === 'stream' ? draft.topic : '',
      content: draft?.content ?? '',
    },
  });
  const values = form.values;
  const type = typeOf(values.kind);
  const content = {
    type,
    to: (type === 'stream' ? values.channels : type === 'private' ? values.users : []).map(Number),
    topic: type === 'stream' ? values.topic : '',
    content: values.content,
  };
  const issues = checkDraft(content);
  // A message shows once its field was changed, so a new form opens quietly (submitting stays disabled).
  const touched = (field: 'to' | 'topic' | 'content') => form.isDirty(field === 'to' ? 'channels' : field);
  const messageFor = (field: 'to' | 'topic' | 'content') => {
    const issue = issues.find((i) => i.field === field);
    if (!issue || !touched(field)) return null;
    return issue ? (FORM_MESSAGES[issue.message] ?? issue.message) : null;
  };
  const noPeople = type === 'private' && content.to.length === 0;
  const valid = issues.length === 0 && !noPeople;

  // Archived channels stay selectable only when the draft already names them.
  const channelData = useMemo(
    () =>
      channels
        .filter((c) => !c.is_archived || (draft?.type === 'stream' && draft.to.includes(c.stream_id)))
        .map((c) => ({ value: String(c.stream_id), label: `#${c.name}${c.is_archived ? ' (archived)' : ''}` })),
    [channels, draft],
  );
  const peopleData = useMemo(
    () => people.map((p) => ({ value: String(p.user_id), label: `${p.full_name} (ID ${p.user_id})` })),
    [people],
  );

  const submit = form.onSubmit(() => {
    if (!valid) return;
    const done = () => {
      notify('success', draft ? `edit-draft-${draft.id}` : 'create-draft', draft ? 'Draft saved' : 'Draft created', '');
      onDone();
    };
    if (draft) update.mutate({ id: draft.id, ...content }, { onSuccess: done });
    else create.mutate(content, { onSuccess: done });
  });

  const syncOff = mutation.error !== null && errorMessage(mutation.error) === DRAFT_MESSAGES.syncDisabled;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Radio.Group label="Recipient" {...form.getInputProps('kind')}>
          <Group gap="lg" mt="xs">
            {(['stream', 'private', 'none'] as const).map((kind) => (
              <Radio key={kind} value={kind} label={KIND_LABELS[kind]} />
            ))}
          </Group>
        </Radio.Group>
        {type === 'stream' ? (
          <>
            <MultiSelect
              label="Channel"
              description="A channel draft goes to exactly one channel."
              data={channelData}
              searchable
              {...form.getInputProps('channels')}
              error={messageFor('to')}
            />
            <TextInput label="Topic" autoComplete="off" {...form.getInputProps('topic')} error={messageFor('topic')} />
          </>
        ) : null}
        {type === 'private' ? (
          <MultiSelect
            label="People"
            description="Everyone the direct message goes to."
            data={peopleData}
            searchable
            limit={30}
            {...form.getInputProps('users')}
            error={form.isDirty('users') && noPeople ? 'Choose at least one person.' : null}
          />
        ) : null}
        {type === '' ? (
          <Text size="sm" c="dimmed">
            An unaddressed draft keeps only its content; choose where it goes when you send it.
          </Text>
        ) : null}
        <Textarea
          label="Content"
          autosize
          minRows={4}
          data-autofocus
          {...form.getInputProps('content')}
          error={messageFor('content')}
        />
        <ServerError error={mutation.error} />
        {syncOff ? (
          <Alert color="gray" variant="light" role="note" title="Drafts are not stored on the server">
            Your setting “Save drafts on the server” is off, so the server keeps no drafts for you. Turn it on in your
            personal settings to save drafts here.
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending} disabled={!valid}>
            {draft ? 'Save draft' : 'Create draft'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
