import { Alert, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A page the signed-in user's role may not use, said calmly: its title and why, with no controls that would
 * only fail (the server refuses these requests too).
 */
export function RoleRefusal({ title, reason, children }: { title: string; reason: string; children?: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={2}>{title}</Title>
      <Alert color="gray" variant="light" title={reason}>
        {children}
      </Alert>
    </Stack>
  );
}
