import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notify } from '../../client/notify';
import { ServerError } from '../../components/server-error';
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
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      title="Delete saved snippet?"
    >
      <Stack gap="md">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          The saved snippet “{snippet.title}” will be deleted from all your devices.
        </Text>
        <ServerError error={remove.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete snippet
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
