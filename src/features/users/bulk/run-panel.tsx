import { Alert, Anchor, Badge, Button, CloseButton, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ServerError } from '../../../components/server-error';
import {
  BULK_RUNS_PAGE,
  type BulkPreview,
  type BulkRun,
  type BulkRunRow,
  type RunRowStatus,
  type RunStatus,
} from '../../../shared/bff/bulk';
import { LoadError } from '../../../components/load-error';
import { formatCount, formatDateTime } from '../format';
import { bulkRunHistoryKey, previewUndo, useBulkRun, useRunControl } from './api';
import { UndoModal } from './preview-modal';
import { progressOf } from './run-progress';
import { undoAvailability } from './undo-availability';

const ROW_COLORS: Record<RunRowStatus, string> = {
  pending: 'gray',
  running: 'blue',
  done: 'teal',
  skipped: 'yellow',
  failed: 'red',
  cancelled: 'gray',
  unknown: 'orange',
};
const ROW_LABELS: Record<RunRowStatus, string> = {
  pending: 'Pending',
  running: 'Running',
  done: 'Done',
  skipped: 'Skipped',
  failed: 'Failed',
  cancelled: 'Cancelled',
  unknown: 'Unknown',
};

/** A run's state in words (the Bulk runs list uses the same). */
export const RUN_STATUS_LABELS: Record<RunStatus, string> = {
  running: 'Running',
  paused: 'Paused',
  done: 'Finished',
  cancelled: 'Cancelled',
  interrupted: 'Interrupted',
};

const rowColumns: readonly DataTableColumn<BulkRunRow>[] = [
  {
    id: 'name',
    header: 'User',
    width: 'minmax(12rem, 1.5fr)',
    cell: (r) => (
      <Text size="sm" truncate>
        {r.name}
      </Text>
    ),
  },
  {
    id: 'email',
    header: 'Email',
    width: 'minmax(12rem, 1.5fr)',
    cell: (r) => (
      <Text size="sm" truncate>
        {r.email}
      </Text>
    ),
  },
  {
    id: 'result',
    header: 'Result',
    width: '7.5rem',
    cell: (r) => (
      <Badge variant="light" size="sm" color={ROW_COLORS[r.status]}>
        {ROW_LABELS[r.status]}
      </Badge>
    ),
  },
  {
    id: 'msg',
    header: 'Message',
    width: 'minmax(14rem, 2fr)',
    cell: (r) => (
      <Text size="sm" c={r.status === 'failed' ? 'red' : 'dimmed'} truncate title={r.msg ?? undefined}>
        {r.msg ?? ''}
      </Text>
    ),
  },
];

/** The run's name, state, who started it and when, with the way out and to every run. */
function RunHeading({
  data,
  onClose,
  showAllRunsLink,
}: {
  data: BulkRun;
  onClose: () => void;
  showAllRunsLink: boolean;
}) {
  const active = data.status === 'running' || data.status === 'paused';
  return (
    <>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm">
          <Title order={3} size="h4">
            {data.label}
          </Title>
          <Badge
            variant="light"
            color={active ? 'blue' : data.status === 'done' ? 'teal' : 'gray'}
            data-testid="run-status"
          >
            {RUN_STATUS_LABELS[data.status]}
          </Badge>
        </Group>
        <CloseButton aria-label="Close the run panel" onClick={onClose} />
      </Group>
      <Group gap="xs" justify="space-between">
        <Text size="sm" c="dimmed">
          Started by {data.mine ? 'you' : (data.startedBy?.name ?? 'an administrator')} ·{' '}
          {formatDateTime(new Date(data.createdAt).toISOString())}
        </Text>
        {showAllRunsLink ? (
          <Anchor component={Link} to={BULK_RUNS_PAGE} size="sm">
            All bulk runs
          </Anchor>
        ) : null}
      </Group>
    </>
  );
}

/** How far the run is, row counts by outcome, a slow-down the server asked for, and the run it undoes. */
function RunProgress({ data, onOpenRun }: { data: BulkRun; onOpenRun: (id: string) => void }) {
  const progress = progressOf(data);
  return (
    <>
      <Progress value={progress.percent} aria-label="Run progress" size="lg" animated={data.status === 'running'} />
      <Text size="sm" role="status" aria-live="polite">
        {formatCount(progress.finished)} of {formatCount(data.counts.total)} processed · {formatCount(data.counts.done)}{' '}
        done · {formatCount(data.counts.skipped)} skipped · {formatCount(data.counts.failed)} failed
        {data.counts.cancelled ? ` · ${formatCount(data.counts.cancelled)} cancelled` : ''}
        {data.counts.unknown ? ` · ${formatCount(data.counts.unknown)} unknown (answer lost)` : ''}
      </Text>
      {data.rateLimitedUntil !== null ? (
        <Alert variant="light" color="yellow" role="note">
          The chat server asked the console to slow down; the run waits and then goes on.
        </Alert>
      ) : null}
      {data.undoOf ? (
        <Text size="sm" c="dimmed">
          This run undoes{' '}
          <Button variant="subtle" size="compact-sm" onClick={() => onOpenRun(data.undoOf!)}>
            an earlier run
          </Button>
        </Text>
      ) : null}
    </>
  );
}

/** Pause, resume and cancel for whoever started it while it goes; undo once it has finished (or why not). */
function RunControls({
  data,
  runId,
  onUndo,
  onOpenRun,
}: {
  data: BulkRun;
  runId: string;
  onUndo: (preview: BulkPreview) => void;
  onOpenRun: (id: string) => void;
}) {
  const control = useRunControl(runId);
  const undoPreview = useMutation({ mutationFn: () => previewUndo(runId), onSuccess: onUndo });
  const active = data.status === 'running' || data.status === 'paused';
  const undoState = undoAvailability(data);
  const button = (label: string, action: 'pause' | 'resume') => (
    <Button variant="default" onClick={() => control.mutate(action)} loading={control.isPending}>
      {label}
    </Button>
  );
  return (
    <>
      <Group gap="xs">
        {data.mine && data.status === 'running' ? button('Pause', 'pause') : null}
        {data.mine && data.status === 'paused' ? button('Resume', 'resume') : null}
        {data.mine && active ? (
          <Button variant="default" color="red" onClick={() => control.mutate('cancel')} disabled={control.isPending}>
            Cancel run
          </Button>
        ) : null}
        {undoState.offered ? (
          <Button variant="light" onClick={() => undoPreview.mutate()} loading={undoPreview.isPending}>
            {undoState.label}
          </Button>
        ) : null}
        {data.undoneBy ? (
          <Button variant="subtle" onClick={() => onOpenRun(data.undoneBy!)}>
            Show the undo run
          </Button>
        ) : null}
      </Group>
      {!undoState.offered && undoState.reason ? (
        <Text size="sm" c="dimmed" role="note">
          {undoState.reason}
        </Text>
      ) : null}
      {active && !data.mine ? (
        <Text size="sm" c="dimmed" role="note">
          Only {data.startedBy?.name ?? 'the administrator who started it'} can pause or cancel this run.
        </Text>
      ) : null}
      <ServerError error={control.error ?? undoPreview.error} />
    </>
  );
}

/** While the run is read, or why it could not be. */
function RunPlaceholder({ run, onClose }: { run: ReturnType<typeof useBulkRun>; onClose: () => void }) {
  if (!run.isError) {
    return (
      <Paper withBorder p="md" aria-label="Bulk run">
        <Text size="sm">Loading the bulk run…</Text>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="md" aria-label="Bulk run">
      <Group justify="space-between">
        <LoadError title="This bulk run could not be loaded" error={run.error} onRetry={() => void run.refetch()} />
        <CloseButton aria-label="Close the run panel" onClick={onClose} />
      </Group>
    </Paper>
  );
}

/**
 * A bulk run as the BFF reports it: who started it, progress, per-row results, pause/resume/cancel while it
 * goes and undo when it has finished (or why undo is not offered). The run lives in the BFF, so closing this
 * page does not stop it; `?run=` on Users and the Bulk runs page reattach.
 */
export function RunPanel({
  runId,
  onClose,
  onOpenRun,
  showAllRunsLink = true,
}: {
  runId: string;
  onClose: () => void;
  onOpenRun: (id: string) => void;
  showAllRunsLink?: boolean;
}) {
  const run = useBulkRun(runId);
  const client = useQueryClient();
  const [undo, setUndo] = useState<BulkPreview | null>(null);
  const data: BulkRun | undefined = run.data;
  if (run.isError || !data) return <RunPlaceholder run={run} onClose={onClose} />;

  return (
    <Paper withBorder p="md" component="section" aria-label="Bulk run">
      <Stack gap="sm">
        <RunHeading data={data} onClose={onClose} showAllRunsLink={showAllRunsLink} />
        <RunProgress data={data} onOpenRun={onOpenRun} />
        <RunControls data={data} runId={runId} onUndo={setUndo} onOpenRun={onOpenRun} />
        <DataTable
          label="Bulk run rows"
          rows={data.rows}
          columns={rowColumns}
          getRowId={(r) => r.userId}
          // A short run does not leave an empty box; a long one scrolls inside 320 px.
          height={Math.min(320, 40 * (data.rows.length + 1) + 16)}
          rowHeight={40}
          minWidth={760}
        />
      </Stack>
      <UndoModal
        preview={undo}
        onClose={() => setUndo(null)}
        onStarted={(started) => {
          setUndo(null);
          void client.invalidateQueries({ queryKey: bulkRunHistoryKey });
          onOpenRun(started.id);
        }}
      />
    </Paper>
  );
}
