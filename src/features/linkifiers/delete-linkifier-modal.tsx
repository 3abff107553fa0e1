import { Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { notify } from '../../client/notify';
import type { Linkifier } from '../../shared/svc/linkifiers';
import { useRemoveLinkifier } from './api/remove-linkifier';
import { ServerError } from '../../components/server-error';

interface Props {
  linkifier: Linkifier;
  opened: boolean;
  onClose: () => void;
}

export function DeleteLinkifierModal({ linkifier, opened, onClose }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      title="Delete linkifier?"
    >
      <DeleteLinkifierBody linkifier={linkifier} onDone={onClose} />
    </Modal>
  );
}

function DeleteLinkifierBody({ linkifier, onDone }: { linkifier: Linkifier; onDone: () => void }) {
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
        onDone();
      },
    });

  return (
    <Stack gap="md">
      <Text size="sm">
        The linkifier <Code>{linkifier.pattern}</Code> will be deleted for the whole organization. Messages and topics
        sent from now on no longer link text that matches it; messages already sent keep their links.
      </Text>
      <ServerError error={remove.error} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} disabled={remove.isPending} data-autofocus>
          Cancel
        </Button>
        <Button color="red" onClick={confirm} loading={remove.isPending}>
          Delete linkifier
        </Button>
      </Group>
    </Stack>
  );
}
