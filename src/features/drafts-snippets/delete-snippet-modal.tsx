import { Text } from '@mantine/core';
import { notify } from '../../client/notify';
import { ConfirmAction } from '../../components/confirm-action';
import type { SavedSnippet } from '../../shared/svc/drafts';
import { useDeleteSavedSnippet } from './api/delete-saved-snippet';

interface Props {
  snippet: SavedSnippet;
  opened: boolean;
  onClose: () => void;
}

export function DeleteSnippetModal({ snippet, opened, onClose }: Props) {
  const remove = useDeleteSavedSnippet();
  const confirm = () =>
    remove.mutate(snippet.id, {
      onSuccess: () => {
        notify('success', `delete-snippet-${snippet.id}`, 'Snippet deleted', `“${snippet.title}” was deleted.`);
        onClose();
      },
    });
  return (
    <ConfirmAction
      opened={opened}
      onClose={onClose}
      title="Delete saved snippet?"
      confirmLabel="Delete snippet"
      onConfirm={confirm}
      pending={remove.isPending}
      error={remove.error}
    >
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        The saved snippet “{snippet.title}” will be deleted from all your devices.
      </Text>
    </ConfirmAction>
  );
}
