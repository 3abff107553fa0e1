import { Alert, Group, MultiSelect, Radio, Text, Textarea, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { DialogForm, FormDialog } from '../../components/form-dialog';
import type { Channel, Draft } from '../../shared/svc/drafts';
import type { Person } from './recipients';
import { useDraftForm, type Kind } from './use-draft-form';

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
    <FormDialog opened={opened} onClose={onClose} title={draft ? 'Edit draft' : 'New draft'} size="lg">
      <DraftForm draft={draft} onDone={onClose} {...rest} />
    </FormDialog>
  );
}

const KIND_LABELS: Readonly<Record<Kind, string>> = {
  stream: 'Channel',
  private: 'Direct message',
  none: 'Unaddressed',
};

type FormProps = Omit<Props, 'opened' | 'onClose'> & { onDone: () => void };

function DraftForm({ draft, channels, people, onDone }: FormProps) {
  const state = useDraftForm(draft, onDone);
  const { form, messageFor, mutation } = state;
  return (
    <DialogForm
      onFormSubmit={state.submit}
      submitLabel={draft ? 'Save draft' : 'Create draft'}
      onCancel={onDone}
      pending={mutation.isPending}
      disabled={!state.valid}
      error={mutation.error}
      notice={state.syncOff ? <SyncOffNote /> : null}
    >
      <Radio.Group label="Recipient" {...form.getInputProps('kind')}>
        <Group gap="lg" mt="xs">
          {(['stream', 'private', 'none'] as const).map((kind) => (
            <Radio key={kind} value={kind} label={KIND_LABELS[kind]} />
          ))}
        </Group>
      </Radio.Group>
      <RecipientFields state={state} draft={draft} channels={channels} people={people} />
      <Textarea
        label="Content"
        autosize
        minRows={4}
        data-autofocus
        {...form.getInputProps('content')}
        error={messageFor('content')}
      />
    </DialogForm>
  );
}

/** Said with the refusal when the user's own setting keeps drafts off the server. */
function SyncOffNote() {
  return (
    <Alert color="gray" variant="light" role="note" title="Drafts are not stored on the server">
      Your setting “Save drafts on the server” is off, so the server keeps no drafts for you. Turn it on in your
      personal settings to save drafts here.
    </Alert>
  );
}

/** Where the draft goes: one channel and a topic, people, or nowhere yet. */
function RecipientFields({
  state,
  draft,
  channels,
  people,
}: Omit<FormProps, 'onDone'> & { state: ReturnType<typeof useDraftForm> }) {
  const { form, type, messageFor, noPeople } = state;
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
  if (type === 'stream')
    return (
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
    );
  if (type === 'private')
    return (
      <MultiSelect
        label="People"
        description="Everyone the direct message goes to."
        data={peopleData}
        searchable
        limit={30}
        {...form.getInputProps('users')}
        error={form.isDirty('users') && noPeople ? 'Choose at least one person.' : null}
      />
    );
  return (
    <Text size="sm" c="dimmed">
      An unaddressed draft keeps only its content; choose where it goes when you send it.
    </Text>
  );
}
