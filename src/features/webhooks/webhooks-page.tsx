import { Title } from '@mantine/core';

/** Administrators: outgoing-webhook endpoints and deliveries (filled in with the area). */
export function WebhooksPage() {
  return <Title order={2}>Outgoing webhooks</Title>;
}
