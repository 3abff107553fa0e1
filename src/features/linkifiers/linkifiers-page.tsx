import { Title } from '@mantine/core';

export function LinkifiersPage() {
  return <Title order={2}>Linkifiers</Title>;
}
