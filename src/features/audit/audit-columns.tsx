import { Badge, Text } from '@mantine/core';
import type { DataTableColumn } from '../../components/data-table/data-table';
import type { AuditEntry } from '../../shared/bff/audit';
import { describeParams, operationLabel, outcomeLabel } from '../../shared/labels';
import { BulkRunLink, bulkRunIdOf } from './bulk-run-link';
import { describeTarget } from './describe-entry';

const OUTCOME_COLORS: Record<AuditEntry['outcome'], string> = {
  success: 'teal',
  error: 'red',
  pending: 'yellow',
  unknown: 'orange',
};

export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

export function OutcomeBadge({ entry }: { entry: AuditEntry }) {
  return (
    <Badge variant="light" color={OUTCOME_COLORS[entry.outcome]} title={entry.error?.msg}>
      {outcomeLabel(entry.outcome)}
    </Badge>
  );
}

export const columns: readonly DataTableColumn<AuditEntry>[] = [
  { id: 'at', header: 'When', width: '12rem', cell: (e) => <Text size="sm">{formatTime(e.at)}</Text> },
  {
    id: 'actor',
    header: 'Actor',
    width: 'minmax(12rem, 1.5fr)',
    cell: (e) => (
      <Text size="sm" truncate title={e.actor.name ?? undefined}>
        {e.actor.email}
      </Text>
    ),
  },
  {
    id: 'operation',
    header: 'Operation',
    width: 'minmax(10rem, 1fr)',
    cell: (e) => (
      <Text size="sm" truncate title={operationLabel(e.operation)}>
        {operationLabel(e.operation)}
      </Text>
    ),
  },
  {
    id: 'target',
    header: 'Target',
    width: 'minmax(10rem, 1.5fr)',
    cell: (e) => (
      <Text size="sm" truncate title={describeTarget(e.target)}>
        {describeTarget(e.target)}
      </Text>
    ),
  },
  { id: 'outcome', header: 'Outcome', width: '9rem', cell: (e) => <OutcomeBadge entry={e} /> },
  {
    id: 'details',
    header: 'Details',
    width: 'minmax(14rem, 3fr)',
    cell: (e) => {
      // One line in the table (the whole of it on hover and in the entry's panel).
      const text = [e.error?.msg, e.note, describeParams(e.params, 60)].filter(Boolean).join(' · ');
      return (
        <Text size="sm" c="dimmed" truncate title={text}>
          {bulkRunIdOf(e.params) ? (
            <>
              <BulkRunLink params={e.params}>Bulk run</BulkRunLink>
              {' · '}
            </>
          ) : null}
          {text}
        </Text>
      );
    },
  },
];

/**
 * A phone's two columns: what was done, to what and when, and how it ended. The full table is wider than the
 * screen, and the operation sat past a sideways scroll behind the time and the actor.
 */
export const compactColumns: readonly DataTableColumn<AuditEntry>[] = [
  {
    id: 'entry',
    header: 'Entry',
    width: 'minmax(0, 1fr)',
    cell: (e) => (
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {operationLabel(e.operation)}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {describeTarget(e.target)} · {formatTime(e.at)}
        </Text>
      </div>
    ),
  },
  { id: 'outcome', header: 'Outcome', width: 'max-content', cell: (e) => <OutcomeBadge entry={e} /> },
];
