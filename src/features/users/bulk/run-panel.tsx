import { Alert, Badge, Button, CloseButton, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ServerError } from '../../../components/server-error';
import type { BulkPreview, BulkRun, BulkRunRow, BulkRunKind, RunRowStatus } from '../../../shared/bff/bulk';
import { LoadError } from '../../../components/load-error';
import { formatCount } from '../format';
import { previewUndo, useBulkRun, useRunControl } from './api';
import { UndoModal } from './preview-modal';
import { progressOf } from './run-progress';

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

const UNDO_LABELS: Partial<Record<BulkRunKind, string>> = {
  deactivate: 'Reactivate this batch',
  change_role: 'Restore previous roles',
  add_channels: 'Undo: remove from those channels',
  remove_channels: 'Undo: add back to those channels',
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

/**
 * A bulk run as the BFF reports it: progress, per-row results, pause/resume/cancel while it goes and undo
 * when it has finished. The run lives in the BFF, so closing this page does not stop it; `?run=` reattaches.
 */
export function RunPanel({
  runId,
  onClose,
  onOpenRun,
}: {
  runId: string;
  onClose: () => void;
  onOpenRun: (id: string) => void;
}) {
  const run = useBulkRun(runId);
  const control = useRunControl(runId);
  const [undo, setUndo] = useState<BulkPreview | null>(null);
  const undoPreview = useMutation({ mutationFn: () => previewUndo(runId), onSuccess: setUndo });

  if (run.isError) {
    return (
      <Paper withBorder p="md" aria-label="Bulk run">
        <Group justify="space-between">
          <LoadError title="This bulk run could not be loaded" error={run.error} onRetry={() => void run.refetch()} />
          <CloseButton aria-label="Close the run panel" onClick={onClose} />
        </Group>
      </Paper>
    );
  }
  const data: BulkRun | undefined = run.data;
  if (!data) {
    return (
      <Paper withBorder p="md" aria-label="Bulk run">
        <Text size="sm">Loading the bulk run…</Text>
      </Paper>
    );
  }
  const progress = progressOf(data);
  const active = data.status === 'running' || data.status === 'paused';
  const undoLabel = UNDO_LABELS[data.kind];

  return (
    <Paper withBorder p="md" component="section" aria-label="Bulk run">
      <Stack gap="sm">
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
              {data.status === 'running'
                ? 'Running'
                : data.status === 'paused'
                  ? 'Paused'
                  : data.status === 'done'
                    ? 'Finished'
                    : 'Cancelled'}
            </Badge>
          </Group>
          <CloseButton aria-label="Close the run panel" onClick={onClose} />
        </Group>
        <Progress value={progress.percent} aria-label="Run progress" size="lg" animated={data.status === 'running'} />
        <Text size="sm" role="status" aria-live="polite">
          {formatCount(progress.finished)} of {formatCount(data.counts.total)} processed ·{' '}
          {formatCount(data.counts.done)} done · {formatCount(data.counts.skipped)} skipped ·{' '}
          {formatCount(data.counts.failed)} failed
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
        <Group gap="xs">
          {data.status === 'running' ? (
            <Button variant="default" onClick={() => control.mutate('pause')} loading={control.isPending}>
              Pause
            </Button>
          ) : null}
          {data.status === 'paused' ? (
            <Button variant="default" onClick={() => control.mutate('resume')} loading={control.isPending}>
              Resume
            </Button>
          ) : null}
          {active ? (
            <Button variant="default" color="red" onClick={() => control.mutate('cancel')} disabled={control.isPending}>
              Cancel run
            </Button>
          ) : null}
          {!active && data.undoable && undoLabel ? (
            <Button variant="light" onClick={() => undoPreview.mutate()} loading={undoPreview.isPending}>
              {undoLabel}
            </Button>
          ) : null}
          {data.undoneBy ? (
            <Button variant="subtle" onClick={() => onOpenRun(data.undoneBy!)}>
              Show the undo run
            </Button>
          ) : null}
        </Group>
        <ServerError error={control.error ?? undoPreview.error} />
        <DataTable
          label="Bulk run rows"
          rows={data.rows}
          columns={rowColumns}
          getRowId={(r) => r.userId}
          height={320}
          rowHeight={40}
          minWidth={760}
        />
      </Stack>
      <UndoModal
        preview={undo}
        onClose={() => setUndo(null)}
        onStarted={(started) => {
          setUndo(null);
          onOpenRun(started.id);
        }}
      />
    </Paper>
  );
}
