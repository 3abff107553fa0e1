import type { ReactNode } from 'react';
import { Avatar, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { OwnUser } from '../../shared/svc/records';
import { roleLabel } from '../../shared/svc/roles';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function formatJoined(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </div>
  );
}

/** The own-user record: who the console is signed in as. */
export function OwnUserCard({ user }: { user: OwnUser }) {
  const realEmail = user.delivery_email ?? null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="account-profile-heading">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Avatar
          src={user.avatar_url ?? null}
          name={user.full_name}
          color="initials"
          variant="light"
          radius="xl"
          size="lg"
          alt=""
          aria-hidden
        />
        <Stack gap="sm" style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs">
            <Title order={3} id="account-profile-heading">
              {user.full_name}
            </Title>
            {user.is_active ? null : (
              <Badge color="gray" variant="light">
                Deactivated
              </Badge>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            <Fact label="Email">{realEmail ?? user.email}</Fact>
            {realEmail && realEmail !== user.email ? <Fact label="API email">{user.email}</Fact> : null}
            <Fact label="Role">{roleLabel(user.role)}</Fact>
            <Fact label="Time zone">{user.timezone || 'Not set'}</Fact>
            <Fact label="Joined">{formatJoined(user.date_joined)}</Fact>
            <Fact label="User ID">{user.user_id}</Fact>
          </SimpleGrid>
        </Stack>
      </Group>
    </Paper>
  );
}
