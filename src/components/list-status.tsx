import { Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The line above a list that says what it holds ("Loading channels…", "12 channels"), announced politely when
 * it changes, with a small spinner while the list is being refreshed in the background.
 */
export function ListStatus({
  children,
  updating = false,
  updatingLabel = 'Updating',
}: {
  children: ReactNode;
  updating?: boolean;
  updatingLabel?: string;
}) {
  return (
    <Group justify="space-between" gap="xs" mih={24}>
      <Text size="sm" role="status" aria-live="polite">
        {children}
      </Text>
      {updating ? <Loader size="xs" aria-label={updatingLabel} /> : null}
    </Group>
  );
}
