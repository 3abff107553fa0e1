import { Title } from '@mantine/core';

export function RealmDefaultsPage() {
  return <Title order={2}>Defaults for new users</Title>;
}
