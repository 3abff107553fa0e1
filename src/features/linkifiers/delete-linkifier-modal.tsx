import { Code, Text } from '@mantine/core';
import { notify } from '../../client/notify';
import { ConfirmAction } from '../../components/confirm-action';
import type { Linkifier } from '../../shared/svc/linkifiers';
import { useRemoveLinkifier } from './api/remove-linkifier';

interface Props {
  linkifier: Linkifier;
  opened: boolean;
  onClose: () => void;
}

export function DeleteLinkifierModal({ linkifier, opened, onClose }: Props) {
  const remove = useRemoveLinkifier();
  const confirm = () =>
    remove.mutate(linkifier.id, {
      onSuccess: () => {
        notify(
          'success',
          `delete-linkifier-${linkifier.id}`,
          'Linkifier deleted',
          `“${linkifier.pattern}” was deleted.`,
        );
        onClose();
      },
    });
  return (
    <ConfirmAction
      opened={opened}
      onClose={onClose}
      title="Delete linkifier?"
      confirmLabel="Delete linkifier"
      onConfirm={confirm}
      pending={remove.isPending}
      error={remove.error}
    >
      <Text size="sm">
        The linkifier <Code>{linkifier.pattern}</Code> will be deleted for the whole organization. Messages and topics
        sent from now on no longer link text that matches it; messages already sent keep their links.
      </Text>
    </ConfirmAction>
  );
}
