import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface Props {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Turning drafts synchronization off deletes stored drafts: the admin confirms before the save goes out. */
export function DraftsSyncConfirmModal({ opened, onCancel, onConfirm }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      title="Turn off drafts synchronization for new users?"
    >
      <Stack gap="md">
        <Text size="sm">
          Users who join from now on will start with drafts synchronization off. For a user with it off, the chat server
          keeps no drafts: every draft it has stored for them is deleted, and new drafts stay on their own devices.
        </Text>
        <Text size="sm">Existing users keep their own setting.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} data-autofocus>
            Turn off and save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
