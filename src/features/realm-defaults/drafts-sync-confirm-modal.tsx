import { Text } from '@mantine/core';
import { ConfirmAction } from '../../components/confirm-action';

interface Props {
  opened: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Turning drafts synchronization off deletes stored drafts: the admin confirms before the save goes out. */
export function DraftsSyncConfirmModal({ opened, onCancel, onConfirm }: Props) {
  return (
    <ConfirmAction
      opened={opened}
      onClose={onCancel}
      title="Turn off drafts synchronization for new users?"
      confirmLabel="Turn off and save"
      onConfirm={onConfirm}
      focus="confirm"
    >
      <Text size="sm">
        Users who join from now on will start with drafts synchronization off. For a user with it off, the chat server
        keeps no drafts: every draft it has stored for them is deleted, and new drafts stay on their own devices.
      </Text>
      <Text size="sm">Existing users keep their own setting.</Text>
    </ConfirmAction>
  );
}
