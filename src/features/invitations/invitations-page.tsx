import { Alert, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { FirstDayPreview } from './first-day-preview';
import { InviteByEmailForm } from './invite-form';
import type { GrantChoices } from './invite-grant';
import { InviteLinkForm } from './invite-link-form';
import { PendingInvites } from './pending-invites';
import { useInviteOptions } from './use-invite-options';

/** One way to invite, or why this user may not use it. */
function InviteCard({
  title,
  ability,
  children,
}: {
  title: string;
  ability: { allowed: boolean; reason?: string | null };
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {ability.allowed ? (
        children
      ) : (
        <Alert color="gray" role="note">
          {ability.reason}
        </Alert>
      )}
    </Paper>
  );
}

/** Invite people by email or with a reusable link, and follow the invitations still waiting. */
export function InvitationsPage() {
  const { role, userId, guest, channels, groups, realm, abilities, options } = useInviteOptions();
  const [draft, setDraft] = useState<GrantChoices | null>(null);

  if (guest) {
    return (
      <Stack gap="md">
        <Title order={2}>Invitations</Title>
        <Alert color="yellow" title="Guests cannot invite anyone">
          The chat server lets only members and above send invitations.
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={2}>Invitations</Title>
      <Text size="sm" maw="48rem">
        Invite people by email, or create a link anyone may use to join. Choose the role they get, the channels they are
        subscribed to and the groups they join; the preview shows what their first day will look like.
      </Text>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="lg">
            <InviteCard title="Invite by email" ability={abilities.inviteByEmail}>
              <InviteByEmailForm options={options} onDraftChange={setDraft} />
            </InviteCard>
            <InviteCard title="Invite link" ability={abilities.createLinks}>
              <InviteLinkForm options={options} />
            </InviteCard>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Paper withBorder p="md" radius="md">
            <FirstDayPreview
              grant={draft}
              channels={channels.data ?? []}
              groups={groups.data ?? []}
              realm={realm.data ?? null}
            />
          </Paper>
        </Grid.Col>
      </Grid>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Pending invitations
        </Title>
        <PendingInvites role={role} userId={userId} />
      </Stack>
    </Stack>
  );
}
