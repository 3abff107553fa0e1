import { useOpForm } from '../../client/op-form';
import { errorMessage } from '../../client/api-error';
import { notify } from '../../client/notify';
import { checkDraft, DRAFT_MESSAGES, type Draft, type DraftType } from '../../shared/svc/drafts';
import { useCreateDraft } from './api/create-draft';
import { useUpdateDraft } from './api/update-draft';

/** The radio values; `none` stands for the empty type (a radio's value cannot be empty). */
export type Kind = 'stream' | 'private' | 'none';
const typeOf = (kind: Kind): DraftType => (kind === 'none' ? '' : kind);

/** The form's wording for what the server would refuse; the server's own message shows if it refuses anyway. */
const FORM_MESSAGES: Readonly<Record<string, string>> = {
  [DRAFT_MESSAGES.channelCount]: 'Choose exactly one channel: a channel draft goes to one channel.',
  [DRAFT_MESSAGES.topicNullByte]: 'The topic contains a null character; remove it.',
  [DRAFT_MESSAGES.contentNullByte]: 'The content contains a null character; remove it.',
};

/** The draft form's state: its values, what the server would refuse in them, and the create or edit to send. */
export function useDraftForm(draft: Draft | null, onDone: () => void) {
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
  return { form, type, messageFor, noPeople, valid, submit, mutation, syncOff };
}
