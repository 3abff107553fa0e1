import { Alert, Button, Group, List, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../client/api-error';
import { notify } from '../../client/notify';
import { useFeatureLevel } from '../../client/use-role';
import { useSession } from '../../client/session';
import { FormDialog, FormFooter } from '../../components/form-dialog';
import { ServerError } from '../../components/server-error';
import { contentSha256 } from '../../shared/svc/content-hash';
import { supports } from '../../shared/svc/features';
import type { Attachment } from '../../shared/svc/messages';
import { useDeleteAttachments } from './api/delete-attachment';
import { topicsRootKey } from './api/get-channels';
import { fetchRawMessage } from './api/get-raw-message';
import { useUpdateMessage } from './api/update-message';

/** Whether a refusal means "the message changed since you started" (the sha256 guard). */
export function isConcurrentEditRefusal(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code === 'EXPECTATION_MISMATCH' || /prev_content_sha256/i.test(error.envelope.msg);
}

/**
 * Edits a message's Markdown. The request carries the SHA-256 of exactly the text the editor started
 * from, so a concurrent edit is refused instead of overwritten; then both versions are shown and the
 * moderator's text is kept. Servers before level 379 ignore that guard: there the console reads the message
 * again just before saving, which narrows the window to the moment between that read and the save.
 */
export function EditMessageModal({ messageId, onClose }: { messageId: number; onClose: () => void }) {
  const raw = useQuery({
    queryKey: [...topicsRootKey, 'raw', messageId],
    queryFn: ({ signal }) => fetchRawMessage(messageId, signal),
    gcTime: 0,
    staleTime: Infinity,
  });
  return (
    <FormDialog opened onClose={onClose} title="Edit message" size="xl">
      {raw.isPending ? (
        <Loader size="xs" aria-label="Loading the message" />
      ) : raw.isError || raw.data === null ? (
        <Alert color="red" variant="light">
          {raw.isError ? errorMessage(raw.error) : 'This message no longer exists.'}
        </Alert>
      ) : (
        <EditForm messageId={messageId} original={raw.data.content} onClose={onClose} />
      )}
    </FormDialog>
  );
}

/**
 * The editor's state and its save: the guard's base text, their version after a concurrent edit, and the
 * uploads the saved text no longer links to.
 */
function useEditMessage(messageId: number, original: string, onClose: () => void) {
  const update = useUpdateMessage();
  const level = useFeatureLevel();
  const guarded = supports(level, 'editContentGuard');
  const [checking, setChecking] = useState(false);
  const [base, setBase] = useState(original);
  const [text, setText] = useState(original);
  const [theirs, setTheirs] = useState<string | null>(null);
  const [detached, setDetached] = useState<Attachment[] | null>(null);

  const save = async () => {
    if (!guarded) {
      setChecking(true);
      const fresh = await fetchRawMessage(messageId).catch(() => null);
      setChecking(false);
      if (fresh && fresh.content !== base) {
        setTheirs(fresh.content);
        return;
      }
    }
    const guard = guarded ? { prev_content_sha256: await contentSha256(base) } : {};
    update.mutate(
      { message_id: messageId, content: text, ...guard },
      {
        onSuccess: (result) => {
          notify('success', `edit-${messageId}`, 'Message saved', 'The new content is live.');
          if (result.detached_uploads && result.detached_uploads.length > 0) setDetached(result.detached_uploads);
          else onClose();
        },
        onError: async (error) => {
          if (!isConcurrentEditRefusal(error)) return;
          const fresh = await fetchRawMessage(messageId).catch(() => null);
          if (fresh) setTheirs(fresh.content);
        },
      },
    );
  };
  /** After a concurrent edit: the guard moves to their version, and the text is mine or theirs. */
  const settle = (keepMine: boolean) => {
    if (theirs === null) return;
    setBase(theirs);
    if (!keepMine) setText(theirs);
    setTheirs(null);
    update.reset();
  };
  return { update, level, guarded, checking, base, text, setText, theirs, detached, save, settle };
}

function EditForm({ messageId, original, onClose }: { messageId: number; original: string; onClose: () => void }) {
  const { data: session } = useSession();
  const max = session?.limits?.maxMessageLength ?? null;
  const edit = useEditMessage(messageId, original, onClose);
  const { update, text, theirs } = edit;
  const tooLong = max !== null && [...text].length > max;

  if (edit.detached) return <DetachedUploads attachments={edit.detached} onDone={onClose} />;

  return (
    <Stack gap="sm">
      {theirs !== null ? (
        <ConcurrentEditAlert theirs={theirs} onSettle={edit.settle} />
      ) : (
        <ServerError error={update.error} title="Not saved" />
      )}
      {edit.guarded ? null : (
        <Text size="xs" c="dimmed" role="note">
          This server (level {edit.level}) cannot refuse an edit made at the same moment as another; the console checks
          the message for changes just before saving.
        </Text>
      )}
      <Textarea
        label="Your version"
        value={text}
        onChange={(e) => edit.setText(e.currentTarget.value)}
        autosize
        minRows={6}
        maxRows={20}
        error={tooLong ? `At most ${max} characters.` : undefined}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <FormFooter
        submitLabel="Save"
        onCancel={onClose}
        cancelWhilePending
        onSubmit={() => void edit.save()}
        pending={update.isPending || edit.checking}
        disabled={tooLong || text === edit.base || theirs !== null}
      />
    </Stack>
  );
}

function ConcurrentEditAlert({ theirs, onSettle }: { theirs: string; onSettle: (keepMine: boolean) => void }) {
  return (
    <Alert color="yellow" variant="light" title="Someone else changed this message while you were editing" role="alert">
      <Text size="sm">Nothing was saved and your text is below, unchanged. Their version, now on the server:</Text>
      <Textarea aria-label="Their version" value={theirs} readOnly autosize minRows={3} maxRows={10} mt="xs" />
      <Group mt="xs">
        {/* Saving mine now knowingly replaces theirs: the guard moves to their version. */}
        <Button size="xs" onClick={() => onSettle(true)}>
          Keep my version (save again to replace theirs)
        </Button>
        <Button size="xs" variant="default" onClick={() => onSettle(false)}>
          Use their version
        </Button>
      </Group>
    </Alert>
  );
}

function DetachedUploads({ attachments, onDone }: { attachments: Attachment[]; onDone: () => void }) {
  const remove = useDeleteAttachments();
  return (
    <Stack gap="sm">
      <Text size="sm">
        The edit removed the last link to {attachments.length === 1 ? 'this file' : 'these files'}. Delete{' '}
        {attachments.length === 1 ? 'it' : 'them'} from the server too?
      </Text>
      <List size="sm">
        {attachments.map((a) => (
          <List.Item key={a.id}>
            {a.name} ({Math.max(1, Math.round(a.size / 1024)).toLocaleString()} KB)
          </List.Item>
        ))}
      </List>
      {remove.data && remove.data.length > 0 ? (
        <Alert color="red" variant="light">
          {remove.data.length} could not be deleted.
        </Alert>
      ) : null}
      <FormFooter
        cancelLabel="Keep the files"
        onCancel={onDone}
        cancelWhilePending
        submitLabel="Delete the files"
        color="red"
        pending={remove.isPending}
        onSubmit={() =>
          remove.mutate(
            attachments.map((a) => a.id),
            { onSuccess: (refused) => refused.length === 0 && onDone() },
          )
        }
      />
    </Stack>
  );
}
