import { Code, Drawer, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './audit-page.module.css';
import type { AuditEntry } from '../../shared/bff/audit';
import { operationLabel, paramLabel, paramValue, replicaLabel, roleLabel } from '../../shared/labels';
import { OutcomeBadge, formatTime } from './audit-columns';
import { BulkRunLink, bulkRunIdOf } from './bulk-run-link';
import { describeTarget } from './describe-entry';

// The entry's panel lists label/value pairs (two columns, no header, no sorting or selection): a plain table, not
// DataTable, which is built for lists of records.
function EntryDetails({ entry }: { entry: AuditEntry }) {
  const rows: [string, ReactNode][] = [
    ['When', formatTime(entry.at)],
    ['Completed', entry.completedAt ? formatTime(entry.completedAt) : 'not yet (pending)'],
    [
      'Actor',
      `${entry.actor.name ?? ''} <${entry.actor.email}>${entry.actor.userId !== null ? ` · user ${entry.actor.userId}` : ''}${
        entry.actor.role !== null ? ` · ${roleLabel(entry.actor.role)}` : ''
      }`,
    ],
    ['Operation', operationLabel(entry.operation)],
    ['Target', describeTarget(entry.target)],
    ['Outcome', <OutcomeBadge key="outcome" entry={entry} />],
    ['Server message', entry.error?.msg ?? '—'],
    ...(entry.note ? ([['What the console saw', entry.note]] as [string, ReactNode][]) : []),
    ...(bulkRunIdOf(entry.params)
      ? ([
          [
            'Bulk run',
            <BulkRunLink key="run" params={entry.params}>
              Open this bulk run (all its rows, and its undo)
            </BulkRunLink>,
          ],
        ] as [string, ReactNode][])
      : []),
    ['Request ID', <Code key="rid">{entry.requestId}</Code>],
    ['Console process', replicaLabel(entry.replica)],
  ];
  const params = Object.entries(entry.params);
  return (
    <Stack gap="md">
      <Table>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w={140}>{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {params.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="audit-entry-params">
            What was sent (secrets left out)
          </Text>
          <Table aria-labelledby="audit-entry-params">
            <Table.Tbody>
              {params.map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Th w={200}>{paramLabel(name)}</Table.Th>
                  <Table.Td className={classes.wrap}>{paramValue(name, value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          As recorded
        </Text>
        {/* Wrapped, never cut: a long value stays readable in full. */}
        <Code block className={classes.wrap}>
          {JSON.stringify({ operation: entry.operation, area: entry.area, params: entry.params }, null, 2)}
        </Code>
      </Stack>
    </Stack>
  );
}

/** The selected entry in full, beside the list. */
export function AuditEntryDrawer({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  return (
    <Drawer
      opened={entry !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={entry ? `${operationLabel(entry.operation)} · ${formatTime(entry.at)}` : ''}
      closeButtonProps={{ 'aria-label': 'Close entry details' }}
    >
      {entry && <EntryDetails entry={entry} />}
    </Drawer>
  );
}
