import { Title } from '@mantine/core';

export function DraftsSnippetsPage() {
  return <Title order={2}>Drafts and snippets</Title>;
}
