import { Title } from '@mantine/core';

export function AccountPage() {
  return <Title order={2}>My account</Title>;
}
