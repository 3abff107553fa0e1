import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bffFetch } from '../../../client/bff-fetch';
import { svc } from '../../../client/svc-client';
import {
  BULK_PREVIEW_PATH,
  BULK_RUNS_PATH,
  bulkPreviewSchema,
  bulkRunPath,
  bulkRunSchema,
  type BulkAction,
  type BulkPreview,
  type BulkRun,
} from '../../../shared/bff/bulk';
import { svcOps } from '../../../shared/svc/catalog';
import { usersRootKey } from '../api/get-users';

const json = (value: unknown): RequestInit => ({
  method: 'POST',
  body: JSON.stringify(value),
  headers: { 'content-type': 'application/json' },
});

export async function previewBulk(action: BulkAction, userIds: readonly number[]): Promise<BulkPreview> {
  return bulkPreviewSchema.parse(await bffFetch(BULK_PREVIEW_PATH, json({ action, userIds })));
}

export async function previewUndo(runId: string): Promise<BulkPreview> {
  return bulkPreviewSchema.parse(await bffFetch(`${bulkRunPath(runId)}/undo-preview`, { method: 'POST' }));
}

/** Starts a previewed run (an undo preview starts through its run's undo route). */
export async function startBulk(preview: BulkPreview, confirmation: string): Promise<BulkRun> {
  const body = { previewId: preview.previewId, ...(preview.confirmation ? { confirmation } : {}) };
  const path = preview.undoOf ? `${bulkRunPath(preview.undoOf)}/undo` : BULK_RUNS_PATH;
  return bulkRunSchema.parse(await bffFetch(path, json(body)));
}

export type RunControl = 'pause' | 'resume' | 'cancel';

export const bulkRunKey = (id: string) => ['bulk-run', id] as const;

/** A run as the BFF holds it; polled while it is going (it goes on even when no page watches it). */
export function useBulkRun(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: bulkRunKey(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const run = bulkRunSchema.parse(await bffFetch(bulkRunPath(id!), { signal }));
      // Users changed under the run: the table follows.
      if (run.counts.done > 0) void client.invalidateQueries({ queryKey: usersRootKey });
      return run;
    },
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'done' || status === 'cancelled' || status === 'interrupted' ? false : 500;
    },
    retry: false,
  });
}

export function useRunControl(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (control: RunControl) =>
      bulkRunSchema.parse(await bffFetch(`${bulkRunPath(id)}/${control}`, { method: 'POST' })),
    onSuccess: (run) => client.setQueryData(bulkRunKey(run.id), run),
  });
}

/** The channels a channel action may name (administrators see all of them). */
export function useChannelOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['bulk', 'channels'],
    enabled,
    queryFn: async ({ signal }) =>
      (await svc(svcOps.getStreams, { include_all: true, exclude_archived: true }, { signal })).streams
        .filter((s) => !s.is_archived)
        .map((s) => ({ value: String(s.stream_id), label: `#${s.name}` })),
  });
}
