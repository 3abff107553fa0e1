import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bffFetch } from '../../../client/bff-fetch';
import { activeChannels, useChannelList } from '../../../client/reference-data/channels';
import type { Channel } from '../../../shared/svc/channels';
import {
  BULK_HISTORY_PATH,
  BULK_PREVIEW_PATH,
  BULK_RUNS_PATH,
  bulkHistoryRunPath,
  bulkPreviewSchema,
  bulkRunListSchema,
  bulkRunPath,
  bulkRunSchema,
  type BulkAction,
  type BulkPreview,
  type BulkRun,
} from '../../../shared/bff/bulk';
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

export const bulkRunHistoryKey = ['bulk-run-history'] as const;

const isFinished = (status: BulkRun['status'] | undefined) =>
  status === 'done' || status === 'cancelled' || status === 'interrupted';

/**
 * A run as the BFF holds it (any administrator's; `mine` says whether this user may control it); polled while
 * it is going (it goes on even when no page watches it).
 */
export function useBulkRun(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: bulkRunKey(id ?? ''),
    enabled: id !== null,
    queryFn: async ({ signal }) => {
      const run = bulkRunSchema.parse(await bffFetch(bulkHistoryRunPath(id!), { signal }));
      // Users changed under the run: the table follows.
      if (run.counts.done > 0) void client.invalidateQueries({ queryKey: usersRootKey });
      return run;
    },
    refetchInterval: (query) => (isFinished(query.state.data?.status) ? false : 500),
    retry: false,
  });
}

/** Every administrator's runs, newest first; refreshed every few seconds while one of them is going. */
export function useBulkRunHistory() {
  return useQuery({
    queryKey: bulkRunHistoryKey,
    queryFn: async ({ signal }) => bulkRunListSchema.parse(await bffFetch(BULK_HISTORY_PATH, { signal })).runs,
    refetchInterval: (query) => ((query.state.data ?? []).some((r) => !isFinished(r.status)) ? 2_000 : false),
  });
}

export function useRunControl(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (control: RunControl) =>
      bulkRunSchema.parse(await bffFetch(`${bulkRunPath(id)}/${control}`, { method: 'POST' })),
    onSuccess: (run) => {
      client.setQueryData(bulkRunKey(run.id), run);
      void client.invalidateQueries({ queryKey: bulkRunHistoryKey });
    },
  });
}

/** The channels a channel action may name, as options (from the one channel list every page reads). */
function channelOptionsOf(channels: Channel[]) {
  return activeChannels(channels).map((s) => ({ value: String(s.stream_id), label: `#${s.name}` }));
}

/** Bulk actions are for administrators, who see every channel. */
export function useChannelOptions() {
  return useChannelList(true, channelOptionsOf);
}
