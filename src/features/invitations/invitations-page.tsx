import { Alert, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useFeatureLevel, useRole } from '../../client/use-role';
import { useInviteChannels, useInviteGroups, useInviteRealm } from './api/get-invite-options';
import { FirstDayPreview } from './first-day-preview';
import { InviteByEmailForm, type GrantChoices, type InviteFormOptions } from './invite-form';
import { InviteLinkForm } from './invite-link-form';
import { PendingInvites } from './pending-invites';
import { invitableRoles, invitationAbilities } from './permissions';

/** Invite people by email or with a reusable link, and follow the invitations still waiting. */
export function InvitationsPage() {
  const { role, user } = useRole();
  const userId = user?.userId ?? null;
  const featureLevel = useFeatureLevel();
  const guest = role === 600;
  const channels = useInviteChannels();
  const groups = useInviteGroups(!guest);
  const realm = useInviteRealm();
  const [draft, setDraft] = useState<GrantChoices | null>(null);

  const abilities = invitationAbilities({
    role,
    userId,
    featureLevel,
    realm: realm.data ?? null,
    groups: groups.data ?? [],
  });
  const options: InviteFormOptions = useMemo(
    () => ({
      roles: invitableRoles(role),
      channels: (channels.data ?? []).filter((c) => !c.is_archived),
      groups: (groups.data ?? []).filter((g) => !g.is_system_group && !g.deactivated),
      abilities,
    }),
    // `abilities` is rebuilt each render from the same inputs; its parts are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [
      role,
      channels.data,
      groups.data,
      abilities.groups.allowed,
      abilities.includeDefaults.allowed,
      abilities.welcomeMessage.allowed,
    ],
  );

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
            <Paper withBorder p="md" radius="md">
              <Title order={3} size="h4" mb="sm">
                Invite by email
              </Title>
              {abilities.inviteByEmail.allowed ? (
                <InviteByEmailForm options={options} onDraftChange={setDraft} />
              ) : (
                <Alert color="gray" role="note">
                  {abilities.inviteByEmail.reason}
                </Alert>
              )}
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={3} size="h4" mb="sm">
                Invite link
              </Title>
              {abilities.createLinks.allowed ? (
                <InviteLinkForm options={options} />
              ) : (
                <Alert color="gray" role="note">
                  {abilities.createLinks.reason}
                </Alert>
              )}
            </Paper>
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
