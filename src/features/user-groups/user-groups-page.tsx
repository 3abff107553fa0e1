import { Title } from '@mantine/core';

/** Organization admins: user groups, their members, subgroups and permissions. */
export function UserGroupsPage() {
  return <Title order={2}>User groups</Title>;
}
