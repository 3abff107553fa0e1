import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notify } from '../../client/notify';
import { ServerError } from '../../components/server-error';
import type { Draft } from '../../shared/svc/drafts';
import { useDeleteDraft } from './api/delete-draft';

interface Props {
  draft: Draft;
  recipient: string;
  opened: boolean;
  onClose: () => void;
}

export function DeleteDraftModal({ draft, recipient, opened, onClose }: Props) {
  const remove = useDeleteDraft();
  const confirm = () =>
    remove.mutate(draft.id, {
      onSuccess: () => {
        notify('success', `delete-draft-${draft.id}`, 'Draft deleted', `The draft (${recipient}) was deleted.`);
        onClose();
      },
    });
  return (
    <Modal opened={opened} onClose={onClose} closeButtonProps={{ 'aria-label': 'Close dialog' }} title="Delete draft?">
      <Stack gap="md">
        <Text size="sm">
          The draft ({recipient}) will be deleted on the server and disappears from all your devices.
        </Text>
        <ServerError error={remove.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={remove.isPending} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete draft
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
