import { Avatar, Badge, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { bffCall } from '../client/bff-fetch';
import { ownSessionsApi } from '../shared/bff/protocol';
import { errorMessage } from '../client/api-error';
import { notify } from '../client/notify';
import { sessionKey, useSession, useSignOut } from '../client/session';
import { paths } from '../shared/app-paths';
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
  const client = useQueryClient();
  // Every browser this user is signed in with, on every console replica.
  const signOutAll = useMutation({
    mutationFn: () => bffCall(ownSessionsApi.endAll),
    onSuccess: async ({ ended }) => {
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionKey[0] });
      await client.invalidateQueries({ queryKey: sessionKey });
      notify(
        'success',
        'sign-out-all',
        'Signed out everywhere',
        `${ended} ${ended === 1 ? 'session' : 'sessions'} ended.`,
      );
      await navigate(paths.signIn, { replace: true });
    },
    onError: (e) => notify('error', 'sign-out-all', 'Sign-out failed', errorMessage(e)),
  });
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
              onSuccess: () => navigate(paths.signIn, { replace: true }),
              onError: (e) => notify('error', 'sign-out', 'Sign-out failed', errorMessage(e)),
            })
          }
        >
          Sign out
        </Menu.Item>
        <Menu.Item color="red" onClick={() => signOutAll.mutate()}>
          Sign out all my sessions
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
