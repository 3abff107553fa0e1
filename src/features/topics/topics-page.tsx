import { Title } from '@mantine/core';

/** Moderators: topics that need attention (filled in with the area). */
export function TopicsPage() {
  return <Title order={2}>Topic moderation</Title>;
}
