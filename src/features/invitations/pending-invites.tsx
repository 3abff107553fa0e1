import { Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { notify } from '../../client/notify';
import { usePeople, type Person } from '../../client/people';
import { LoadError } from '../../components/load-error';
import { ServerError } from '../../components/server-error';
import { inviteRoleLabel, type Invite } from '../../shared/svc/invites';
import { useInvites } from './api/get-invites';
import { useResendInvite } from './api/resend-invite';
import { useRevokeInvite } from './api/revoke-invite';
import { canManageInvite } from './permissions';
import { ConfirmAction } from '../../components/confirm-action';

const namesById = (people: Person[]) => new Map(people.map((p) => [p.user_id, p.full_name] as const));

function when(seconds: number | null): string {
  if (seconds === null) return 'Never';
  return new Date(seconds * 1000).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function describeInvite(invite: Invite): string {
  return invite.is_multiuse ? `invite link #${invite.id}` : (invite.email ?? `invitation #${invite.id}`);
}

/** Invitations by email and invite links still waiting, with resend (email only) and revoke. */
export function PendingInvites({ role, userId }: { role: number | null; userId: number | null }) {
  const invites = useInvites();
  const resend = useResendInvite();
  const [revoking, setRevoking] = useState<Invite | null>(null);

  if (invites.isPending) return <Text size="sm">Loading invitations…</Text>;
  if (invites.isError) {
    return (
      <LoadError title="Invitations could not be loaded" error={invites.error} onRetry={() => void invites.refetch()} />
    );
  }
  const rows = [...invites.data].sort((a, b) => b.invited - a.invited);
  if (rows.length === 0) return <Text size="sm">No pending invitations or invite links.</Text>;

  const resendOne = (invite: Invite) =>
    resend.mutate(invite.id, {
      onSuccess: () =>
        notify(
          'success',
          `resend-invite-${invite.id}`,
          'Invitation sent again',
          `${describeInvite(invite)} was sent again.`,
        ),
    });
  const actions: RowActions = {
    canManage: (invite) => canManageInvite(role, userId, invite),
    resending: (invite) => resend.isPending && resend.variables === invite.id,
    resend: resendOne,
    revoke: setRevoking,
  };

  return (
    <Stack gap="xs">
      <ServerError error={resend.error} />
      <PendingTable rows={rows} actions={actions} />
      {revoking ? <RevokeModal invite={revoking} onClose={() => setRevoking(null)} /> : null}
    </Stack>
  );
}

interface RowActions {
  canManage: (invite: Invite) => boolean;
  resending: (invite: Invite) => boolean;
  resend: (invite: Invite) => void;
  revoke: (invite: Invite) => void;
}

// A plain table, not DataTable: an invite link's URL is shown in full (to be read and copied) and wraps, where
// DataTable's rows have one fixed height; the pending invitations of an organization are a few, not thousands.
function PendingTable({ rows, actions }: { rows: readonly Invite[]; actions: RowActions }) {
  const names = usePeople(namesById);
  return (
    <Table aria-label="Pending invitations" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Invitation</Table.Th>
          <Table.Th>Role</Table.Th>
          <Table.Th>Invited by</Table.Th>
          <Table.Th>Sent</Table.Th>
          <Table.Th>Expires</Table.Th>
          <Table.Th>Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((invite) => (
          <Table.Tr key={`${invite.is_multiuse ? 'link' : 'email'}-${invite.id}`}>
            <Table.Td>
              {invite.is_multiuse ? (
                <Group gap={6} wrap="nowrap">
                  <Badge variant="light">Link</Badge>
                  <Code>{invite.link_url}</Code>
                </Group>
              ) : (
                invite.email
              )}
            </Table.Td>
            <Table.Td>{inviteRoleLabel(invite.invited_as)}</Table.Td>
            <Table.Td>{names.data?.get(invite.invited_by_user_id) ?? `User ${invite.invited_by_user_id}`}</Table.Td>
            <Table.Td>{when(invite.invited)}</Table.Td>
            <Table.Td>{when(invite.expiry_date)}</Table.Td>
            <Table.Td>
              <InviteActions invite={invite} actions={actions} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function InviteActions({ invite, actions }: { invite: Invite; actions: RowActions }) {
  const label = describeInvite(invite);
  const manage = actions.canManage(invite);
  return (
    <Group gap="xs" wrap="nowrap">
      {!invite.is_multiuse ? (
        <Button
          size="xs"
          variant="default"
          disabled={!manage}
          loading={actions.resending(invite)}
          onClick={() => actions.resend(invite)}
          aria-label={`Resend invitation to ${label}`}
        >
          Resend
        </Button>
      ) : null}
      <Button
        size="xs"
        color="red"
        variant="light"
        disabled={!manage}
        onClick={() => actions.revoke(invite)}
        aria-label={`Revoke ${label}`}
      >
        Revoke
      </Button>
    </Group>
  );
}

function RevokeModal({ invite, onClose }: { invite: Invite; onClose: () => void }) {
  const revoke = useRevokeInvite();
  const label = describeInvite(invite);
  const confirm = () =>
    revoke.mutate(invite, {
      onSuccess: () => {
        notify('success', `revoke-invite-${invite.id}`, 'Invitation revoked', `${label} can no longer be used.`);
        onClose();
      },
    });
  return (
    <ConfirmAction
      opened
      onClose={onClose}
      title="Revoke invitation?"
      confirmLabel="Revoke invitation"
      onConfirm={confirm}
      pending={revoke.isPending}
      error={revoke.error}
    >
      <Text size="sm">
        {invite.is_multiuse
          ? 'Nobody can join with this link any more. People who already joined with it keep their accounts.'
          : `The invitation sent to ${label} stops working: the link in their email will no longer let them join.`}
      </Text>
    </ConfirmAction>
  );
}
