import { Title } from '@mantine/core';

/** Owners and administrators: the proxy dashboard's routes (filled in with the area). */
export function ProxyRoutesPage() {
  return <Title order={2}>Proxy routes</Title>;
}
