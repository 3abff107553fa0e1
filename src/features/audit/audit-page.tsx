import { Title } from '@mantine/core';

/** Administrators: who did what through the console (filled in with the area). */
export function AuditPage() {
  return <Title order={2}>Audit</Title>;
}
