import { Text } from '@mantine/core';
import { notify } from '../../client/notify';
import { ConfirmAction } from '../../components/confirm-action';
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
    <ConfirmAction
      opened={opened}
      onClose={onClose}
      title="Delete draft?"
      confirmLabel="Delete draft"
      onConfirm={confirm}
      pending={remove.isPending}
      error={remove.error}
    >
      <Text size="sm">The draft ({recipient}) will be deleted on the server and disappears from all your devices.</Text>
    </ConfirmAction>
  );
}
