import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

/** A button in the toast, such as "Undo"; the toast closes when it is used. */
export interface NotifyAction {
  label: string;
  onClick: () => void;
}

/**
 * The single notifier. Ids are stable per subject, so a repeated message updates the toast that is
 * already on screen instead of stacking another one.
 */
export function notify(
  kind: 'success' | 'error' | 'info',
  id: string,
  title: string,
  message: string,
  action?: NotifyAction,
): void {
  const color = kind === 'success' ? 'teal' : kind === 'error' ? 'red' : 'blue';
  const body = action ? (
    <Group gap="xs" justify="space-between" wrap="nowrap">
      <Text size="sm">{message}</Text>
      <Button
        size="compact-xs"
        variant="light"
        onClick={() => {
          notifications.hide(id);
          action.onClick();
        }}
      >
        {action.label}
      </Button>
    </Group>
  ) : (
    message
  );
  // A toast with an action stays long enough to reach it.
  const autoClose = action ? 10000 : kind === 'error' ? 8000 : 4000;
  const payload = { id, title, message: body, color, autoClose, withBorder: true };
  notifications.hide(id);
  notifications.show(payload);
}
