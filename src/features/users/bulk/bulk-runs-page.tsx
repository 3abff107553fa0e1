import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { useRole } from '../../../client/use-role';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { LoadError } from '../../../components/load-error';
import { usePhone } from '../../../components/use-phone';
import { RoleRefusal } from '../../../components/role-refusal';
import { BULK_RUNS_PAGE, bulkRunPagePath, type BulkRunSummary } from '../../../shared/bff/bulk';
import { formatCount, formatDateTime } from '../format';
import { useBulkRunHistory } from './api';
import { RUN_STATUS_LABELS, RunPanel } from './run-panel';
import { undoAvailability } from './undo-availability';

/** `3 done · 1 skipped · 0 failed`, with cancelled, unknown and still-pending rows only when there are some. */
export function outcomeLine(run: BulkRunSummary): string {
  const c = run.counts;
  const parts = [`${formatCount(c.done)} done`, `${formatCount(c.skipped)} skipped`, `${formatCount(c.failed)} failed`];
  if (c.cancelled) parts.push(`${formatCount(c.cancelled)} cancelled`);
  if (c.unknown) parts.push(`${formatCount(c.unknown)} unknown`);
  if (c.pending) parts.push(`${formatCount(c.pending)} to go`);
  return parts.join(' · ');
}

/** The undo column: what the run panel would offer, in a word or two. */
function undoCell(run: BulkRunSummary): string {
  const undo = undoAvailability(run);
  if (undo.offered) return 'Can be undone';
  if (undo.undoneBy) return 'Undone';
  if (undo.reason === null) return '—';
  if (!run.mine && run.counts.done + run.counts.unknown > 0 && !run.undoneBy && run.undoable)
    return 'Its owner can undo';
  return run.undoOf ? 'Is an undo' : 'Nothing to undo';
}

/**
 * The run's link, first and whole (on two lines if need be): a phone showed only "Add" of it, past the date in
 * the first column, and that was the one link into a run.
 */
const actionColumn: DataTableColumn<BulkRunSummary> = {
  id: 'action',
  header: 'Action',
  width: 'minmax(10rem, 1.5fr)',
  cell: (r) => (
    <Anchor component={Link} to={bulkRunPagePath(r.id)} size="sm" lineClamp={2}>
      {r.label}
    </Anchor>
  ),
};

const stateColumn: DataTableColumn<BulkRunSummary> = {
  id: 'status',
  header: 'State',
  width: '7.5rem',
  cell: (r) => (
    <Badge variant="light" color={r.status === 'done' ? 'teal' : r.status === 'interrupted' ? 'orange' : 'gray'}>
      {RUN_STATUS_LABELS[r.status]}
    </Badge>
  ),
};

/** On a phone: what each run did (its link) and how far it got; the rest is in the run's panel. */
const phoneColumns: readonly DataTableColumn<BulkRunSummary>[] = [
  { ...actionColumn, width: 'minmax(0, 1fr)' },
  stateColumn,
];

const columns: readonly DataTableColumn<BulkRunSummary>[] = [
  actionColumn,
  {
    id: 'when',
    header: 'Started',
    width: '10rem',
    cell: (r) => <Text size="sm">{formatDateTime(new Date(r.createdAt).toISOString())}</Text>,
  },
  {
    id: 'by',
    header: 'Started by',
    width: 'minmax(8rem, 1fr)',
    cell: (r) => (
      <Text size="sm" truncate>
        {r.startedBy?.name ?? 'Unknown'}
        {r.mine ? (
          <Text span size="xs" c="dimmed">
            {' '}
            (you)
          </Text>
        ) : null}
      </Text>
    ),
  },
  stateColumn,
  {
    id: 'outcome',
    header: 'Outcome',
    width: 'minmax(15rem, 2fr)',
    cell: (r) => (
      <Text size="sm" truncate title={outcomeLine(r)}>
        {outcomeLine(r)}
      </Text>
    ),
  },
  { id: 'undo', header: 'Undo', width: '9.5rem', cell: (r) => <Text size="sm">{undoCell(r)}</Text> },
];

/**
 * Administrators: every bulk run of the console (kept in its database, so after a restart too), with who
 * started it and how each person came out; a run opens with its rows and, for as long as it makes sense,
 * its undo. The audit links here from each row's `bulk_run_id`.
 */
export function BulkRunsPage() {
  const { isAdmin } = useRole();
  if (!isAdmin)
    return (
      <RoleRefusal title="Bulk runs" reason="For administrators only">
        Bulk actions on users, and their history, are for the organization’s administrators and owners.
      </RoleRefusal>
    );
  return <BulkRuns />;
}

function BulkRuns() {
  const { runId = null } = useParams();
  const navigate = useNavigate();
  const history = useBulkRunHistory();
  const runs = history.data ?? [];
  const phone = usePhone();

  return (
    <Stack gap="md">
      <Title order={2}>Bulk runs</Title>
      <Text size="sm" c="dimmed">
        Bulk actions started from Users by any administrator, newest first, with each person’s outcome. Only the
        administrator who started a run can pause, cancel or undo it.
      </Text>
      {runId ? (
        <RunPanel
          key={runId}
          runId={runId}
          showAllRunsLink={false}
          onClose={() => void navigate(BULK_RUNS_PAGE)}
          onOpenRun={(id) => void navigate(bulkRunPagePath(id))}
        />
      ) : null}
      {history.isError && !history.data ? (
        <LoadError
          title="The bulk runs could not be loaded"
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      ) : (
        <DataTable
          label="Bulk runs"
          rows={runs}
          columns={phone ? phoneColumns : columns}
          getRowId={(r) => r.id}
          selectedId={runId}
          onSelect={(r) => void navigate(bulkRunPagePath(r.id))}
          rowHeight={44}
          // As tall as its rows (an empty list: room for its two-line message), at most 480 px.
          height={Math.min(480, 44 * ((runs.length === 0 ? 2 : runs.length) + 1) + 8)}
          minWidth={phone ? 0 : 900}
          empty={history.isPending ? 'Loading…' : 'No bulk runs yet: select users on Users to start one.'}
        />
      )}
    </Stack>
  );
}
