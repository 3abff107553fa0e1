import { List, Text } from '@mantine/core';
import { ConfirmAction } from '../../components/confirm-action';

interface RemoveSubscribersModalProps {
  opened: boolean;
  channelName: string;
  names: readonly string[];
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Says who will lose access before anyone is unsubscribed. */
export function RemoveSubscribersModal({
  opened,
  channelName,
  names,
  pending,
  onConfirm,
  onClose,
}: RemoveSubscribersModalProps) {
  const count = names.length === 1 ? '1 person' : `${names.length} people`;
  return (
    <ConfirmAction
      opened={opened}
      onClose={onClose}
      title={`Remove ${count} from #${channelName}?`}
      confirmLabel="Remove"
      onConfirm={onConfirm}
      pending={pending}
      focus="first"
    >
      <Text size="sm">
        They stop receiving the channel’s messages. In a private channel they also lose access to it until someone
        subscribes them again.
      </Text>
      <List size="sm">
        {names.map((name) => (
          <List.Item key={name}>{name}</List.Item>
        ))}
      </List>
    </ConfirmAction>
  );
}
