import { Avatar, Badge, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useNavigate } from 'react-router';
import { errorMessage } from '../client/api-error';
import { notify } from '../client/notify';
import { useSession, useSignOut } from '../client/session';
import { roleLabel } from '../shared/svc/roles';

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]!.toUpperCase())
    .join('');
}

export function UserMenu() {
  const { data } = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  const user = data?.user;
  if (!user) return null;
  return (
    <Menu position="bottom-end" width={240}>
      <Menu.Target>
        <UnstyledButton>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={user.avatarUrl} radius="xl" size="sm" alt="" aria-hidden="true">
              {initials(user.fullName)}
            </Avatar>
            <Text size="sm" visibleFrom="sm">
              {user.fullName}
            </Text>
            <VisuallyHidden>
              {user.fullName}, {roleLabel(user.role)}: account menu
            </VisuallyHidden>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)">
            {user.fullName}
          </Text>
          <Text size="xs">{user.email}</Text>
          <Badge mt={6} size="sm" variant="light">
            {roleLabel(user.role)}
          </Badge>
        </Menu.Label>
        <Menu.Divider />
        <Menu.Item
          color="red"
          onClick={() =>
            signOut.mutate(undefined, {
              onSuccess: () => navigate('/sign-in', { replace: true }),
              onError: (e) => notify('error', 'sign-out', 'Sign-out failed', errorMessage(e)),
            })
          }
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
