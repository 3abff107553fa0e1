import { operationLabel } from '../../shared/bff/operation-labels';
import {
  Autocomplete,
  Badge,
  Button,
  Code,
  Drawer,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, type ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table/data-table';
import { LoadError } from '../../components/load-error';
import {
  AUDIT_EXPORT_PATH,
  auditOutcomes,
  auditTargetTypes,
  type AuditEntry,
  type AuditFilter,
} from '../../shared/bff/audit';
import { roleLabel } from '../../shared/svc/roles';
import { useAudit } from './api/get-audit';
import { useAuditOperations } from './api/get-audit-operations';
import { BulkRunLink, bulkRunIdOf } from './bulk-run-link';
import { describeParams, describeTarget } from './describe-entry';
import { filterQueryString } from './filter-query';
import { useAuditSearch } from './use-audit-search';
import { useRole } from '../../client/use-role';
import { RoleRefusal } from '../../components/role-refusal';

const OUTCOME_COLORS: Record<AuditEntry['outcome'], string> = {
  success: 'teal',
  error: 'red',
  pending: 'yellow',
  unknown: 'orange',
};

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** An ISO time as a `datetime-local` input value (local time), and back. */
function toLocalInput(iso: string | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function OutcomeBadge({ entry }: { entry: AuditEntry }) {
  return (
    <Badge variant="light" color={OUTCOME_COLORS[entry.outcome]} title={entry.error?.msg}>
      {entry.outcome === 'error' ? (entry.error?.code ?? 'error') : entry.outcome}
    </Badge>
  );
}

const columns: readonly DataTableColumn<AuditEntry>[] = [
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
      <Text size="sm" truncate title={e.operation}>
        {operationLabel(e.operation)}
        {operationLabel(e.operation) !== e.operation ? (
          <Text span size="xs" c="dimmed" ff="monospace">
            {' '}
            {e.operation}
          </Text>
        ) : null}
      </Text>
    ),
  },
  {
    id: 'target',
    header: 'Target',
    width: 'minmax(10rem, 1.5fr)',
    cell: (e) => (
      <Text size="sm" truncate>
        {describeTarget(e.target)}
      </Text>
    ),
  },
  { id: 'outcome', header: 'Outcome', width: '9rem', cell: (e) => <OutcomeBadge entry={e} /> },
  {
    id: 'details',
    header: 'Details',
    width: 'minmax(14rem, 3fr)',
    cell: (e) => (
      <Text size="sm" c="dimmed" truncate>
        {bulkRunIdOf(e.params) ? (
          <>
            <BulkRunLink params={e.params}>Bulk run</BulkRunLink>
            {' · '}
          </>
        ) : null}
        {e.error ? `${e.error.msg} · ` : ''}
        {e.note ? `${e.note} · ` : ''}
        {describeParams(e.params)}
      </Text>
    ),
  },
];

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
    [
      'Operation',
      <span key="op">
        {operationLabel(entry.operation)} <Code>{entry.operation}</Code>
      </span>,
    ],
    ['Area', entry.area],
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
    ['Request id', <Code key="rid">{entry.requestId}</Code>],
    ['Console process', entry.replica],
  ];
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
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          Parameters (redacted)
        </Text>
        <Code block>{JSON.stringify(entry.params, null, 2)}</Code>
      </Stack>
    </Stack>
  );
}

/** Administrators: who did what through the console, filtered in the URL, live, exportable. */
export function AuditPage() {
  const { isAdmin } = useRole();
  if (!isAdmin)
    return (
      <RoleRefusal title="Audit" reason="For administrators only">
        The audit log shows what everyone changed through the console; only the organization’s administrators and owners
        can read it.
      </RoleRefusal>
    );
  return <AuditLog />;
}

function AuditLog() {
  const search = useAuditSearch();
  // Typing in a filter refetches once the typing pauses.
  const [filter] = useDebouncedValue<AuditFilter>(search.filter, 300);
  const audit = useAudit(filter);
  const operations = useAuditOperations();
  const entries = useMemo(() => audit.data?.pages.flatMap((p) => p.entries) ?? [], [audit.data]);
  const selected = entries.find((e) => e.id === search.entry) ?? null;
  const exportQuery = filterQueryString(search.filter);
  const exportHref = (format: 'csv' | 'json') =>
    `${AUDIT_EXPORT_PATH}?format=${format}${exportQuery ? `&${exportQuery}` : ''}`;
  const f = search.filter;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Audit</Title>
        <Group gap="xs">
          <Button component="a" variant="default" href={exportHref('csv')} download>
            Export CSV
          </Button>
          <Button component="a" variant="default" href={exportHref('json')} download>
            Export JSON
          </Button>
        </Group>
      </Group>

      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput
          label="Actor"
          placeholder="Email or user ID"
          value={f.actor ?? ''}
          onChange={(e) => search.setText('actor', e.currentTarget.value)}
          w={200}
        />
        <Autocomplete
          label="Operation"
          placeholder="e.g. deactivateUser"
          data={operations.data ?? []}
          value={f.operation ?? ''}
          onChange={(value) => search.setText('operation', value)}
          w={200}
        />
        <Select
          label="Target type"
          placeholder="Any"
          clearable
          data={auditTargetTypes.map((t) => ({ value: t, label: t }))}
          value={f.targetType ?? null}
          onChange={(value) => search.set('targetType', value)}
          w={140}
        />
        <TextInput
          label="Target"
          placeholder="ID or name"
          value={f.target ?? ''}
          onChange={(e) => search.setText('target', e.currentTarget.value)}
          w={180}
        />
        <Select
          label="Outcome"
          placeholder="Any"
          clearable
          data={auditOutcomes.map((o) => ({ value: o, label: o }))}
          value={f.outcome ?? null}
          onChange={(value) => search.set('outcome', value)}
          w={130}
        />
        <TextInput
          type="datetime-local"
          label="From"
          value={toLocalInput(f.from)}
          onChange={(e) => search.set('from', fromLocalInput(e.currentTarget.value))}
          w={200}
        />
        <TextInput
          type="datetime-local"
          label="To"
          // The range is empty when it ends before it starts: said on the field, not as "No entries match".
          error={
            f.from && f.to && Date.parse(f.to) < Date.parse(f.from) ? 'Before “From”: no entry can match' : undefined
          }
          value={toLocalInput(f.to)}
          onChange={(e) => search.set('to', fromLocalInput(e.currentTarget.value))}
          w={200}
        />
        <Button variant="subtle" onClick={search.clear} disabled={!exportQuery}>
          Clear filters
        </Button>
      </Group>

      <Group justify="space-between" gap="xs" mih={24}>
        <Text size="sm" role="status" aria-live="polite">
          {audit.isPending
            ? 'Loading the audit log…'
            : `${entries.length.toLocaleString()}${audit.hasNextPage ? '+' : ''} ${entries.length === 1 ? 'entry' : 'entries'}`}
        </Text>
        {audit.dataUpdatedAt > 0 && (
          <Text size="xs" c="dimmed">
            Live · checked {new Date(audit.dataUpdatedAt).toLocaleTimeString()}
          </Text>
        )}
      </Group>

      {audit.isError && !audit.data ? (
        <LoadError title="Cannot load the audit log" error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <DataTable
          label="Audit log"
          rows={entries}
          columns={columns}
          getRowId={(e) => e.id}
          selectedId={search.entry}
          onSelect={(e) => search.select(e.id)}
          rowHeight={44}
          minWidth={1000}
          empty={audit.isPending ? 'Loading…' : 'No entries match these filters.'}
        />
      )}
      {audit.hasNextPage && (
        <Group justify="center">
          <Button variant="default" loading={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
            Load older entries
          </Button>
        </Group>
      )}

      <Drawer
        opened={selected !== null}
        onClose={() => search.select(null)}
        position="right"
        size="lg"
        title={selected ? `${selected.operation} · ${formatTime(selected.at)}` : ''}
        closeButtonProps={{ 'aria-label': 'Close entry details' }}
      >
        {selected && <EntryDetails entry={selected} />}
      </Drawer>
    </Stack>
  );
}
