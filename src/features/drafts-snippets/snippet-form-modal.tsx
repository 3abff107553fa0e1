import { Box, Text, Textarea, TextInput } from '@mantine/core';
import { notify } from '../../client/notify';
import { useOpForm } from '../../client/op-form';
import { svcOps } from '../../shared/svc/catalog';
import { DialogForm, FormDialog } from '../../components/form-dialog';
import { snippetTitleProblem, type SavedSnippet } from '../../shared/svc/drafts';
import { useCreateSavedSnippet } from './api/create-saved-snippet';
import { useUpdateSavedSnippet } from './api/update-saved-snippet';
import { markdownPreviewHtml } from './markdown-preview';

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The snippet to edit; null to create one. */
  snippet: SavedSnippet | null;
}

export function SnippetFormModal({ opened, onClose, snippet }: Props) {
  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={snippet ? 'Edit saved snippet' : 'New saved snippet'}
      size="lg"
    >
      <SnippetForm snippet={snippet} onDone={onClose} />
    </FormDialog>
  );
}

function SnippetForm({ snippet, onDone }: { snippet: SavedSnippet | null; onDone: () => void }) {
  const create = useCreateSavedSnippet();
  const update = useUpdateSavedSnippet();
  const mutation = snippet ? update : create;
  const { form } = useOpForm({
    initialValues: { title: snippet?.title ?? '', content: snippet?.content ?? '' },
    params: () => svcOps.createSavedSnippet.params,
    toParams: (v) => v,
    validate: (v) => ({
      title: snippetTitleProblem(v.title),
      content: v.content.trim() === '' ? 'Content cannot be empty.' : null,
    }),
  });

  const submit = form.onSubmit((values) => {
    const done = () => {
      notify(
        'success',
        snippet ? `edit-snippet-${snippet.id}` : 'create-snippet',
        snippet ? 'Snippet saved' : 'Snippet created',
        `“${values.title}” was saved.`,
      );
      onDone();
    };
    if (snippet) {
      // Only what changed is sent.
      const changes = {
        ...(values.title !== snippet.title ? { title: values.title } : {}),
        ...(values.content !== snippet.content ? { content: values.content } : {}),
      };
      update.mutate({ id: snippet.id, ...changes }, { onSuccess: done });
    } else {
      create.mutate(values, { onSuccess: done });
    }
  });

  const unchanged = snippet !== null && form.values.title === snippet.title && form.values.content === snippet.content;
  return (
    <DialogForm
      onFormSubmit={submit}
      submitLabel={snippet ? 'Save snippet' : 'Create snippet'}
      onCancel={onDone}
      pending={mutation.isPending}
      disabled={unchanged}
      error={mutation.error}
    >
      <TextInput label="Title" autoComplete="off" data-autofocus {...form.getInputProps('title')} />
      <Textarea
        label="Content"
        description="Markdown, inserted into a message when the snippet is used."
        autosize
        minRows={4}
        {...form.getInputProps('content')}
      />
      <Box component="section" aria-label="Preview">
        <Text size="sm" fw={500}>
          Preview
        </Text>
        {form.values.content.trim() === '' ? (
          <Text size="sm" c="dimmed">
            Nothing to preview yet.
          </Text>
        ) : (
          <Box
            fz="sm"
            // Escaped, lightly formatted and sanitized (markdown-preview.ts).
            dangerouslySetInnerHTML={{ __html: markdownPreviewHtml(form.values.content) }}
          />
        )}
      </Box>
    </DialogForm>
  );
}
