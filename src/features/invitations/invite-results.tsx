import { Alert, Badge, Stack, Table } from '@mantine/core';
import type { AddressOutcome } from '../../shared/svc/invites';
import type { InviteOutcome } from './use-invite-by-email';

const OUTCOME_LABELS: Record<AddressOutcome, { label: string; color: string }> = {
  invited: { label: 'Invited', color: 'teal' },
  'already-member': { label: 'Already a member', color: 'gray' },
  deactivated: { label: 'Deactivated account', color: 'orange' },
  invalid: { label: 'Not invited', color: 'red' },
  'not-sent': { label: 'Not sent', color: 'yellow' },
};

/**
 * What the last send did, address by address. A plain table, not DataTable: it lists the few addresses of one
 * send, inside the form, and the server's reason wraps to any length where DataTable's rows have one height.
 */
export function InviteResults({ outcome }: { outcome: InviteOutcome }) {
  const invited = outcome.rows.filter((r) => r.outcome === 'invited').length;
  return (
    <Stack gap="xs" role="region" aria-label="Invitation results">
      <Alert
        color={invited === outcome.rows.length ? 'teal' : invited > 0 ? 'yellow' : 'red'}
        variant="light"
        title={`${invited} of ${outcome.rows.length} ${outcome.rows.length === 1 ? 'address' : 'addresses'} invited`}
      >
        {outcome.msg ?? 'Each address was sent an invitation.'}
        {outcome.limitReached ? ' The daily invitation limit was reached.' : ''}
      </Alert>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Address</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th>Server&apos;s reason</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {outcome.rows.map((row) => (
            <Table.Tr key={row.address}>
              <Table.Td>{row.address}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={OUTCOME_LABELS[row.outcome].color}>
                  {OUTCOME_LABELS[row.outcome].label}
                </Badge>
              </Table.Td>
              <Table.Td>{row.reason ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
