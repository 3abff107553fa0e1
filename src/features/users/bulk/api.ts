import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { bffCall } from '../../../client/bff-fetch';
import { activeChannels, useChannelList } from '../../../client/reference-data/channels';
import type { Channel } from '../../../shared/svc/channels';
import { bulkApi, type BulkAction, type BulkPreview, type BulkRun } from '../../../shared/bff/bulk';
import { usersRootKey } from '../api/get-users';

export async function previewBulk(action: BulkAction, userIds: readonly number[]): Promise<BulkPreview> {
  return bffCall(bulkApi.preview, { body: { action, userIds: [...userIds] } });
}

export async function previewUndo(runId: string): Promise<BulkPreview> {
  return bffCall(bulkApi.undoPreview, { params: { id: runId } });
}

/** Starts a previewed run (an undo preview starts through its run's undo route). */
export async function startBulk(preview: BulkPreview, confirmation: string): Promise<BulkRun> {
  const body = { previewId: preview.previewId, ...(preview.confirmation ? { confirmation } : {}) };
  return preview.undoOf
    ? bffCall(bulkApi.undo, { params: { id: preview.undoOf }, body })
    : bffCall(bulkApi.start, { body });
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
      const run = await bffCall(bulkApi.historyRun, { params: { id: id! }, signal });
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
    queryFn: async ({ signal }) => (await bffCall(bulkApi.history, { signal })).runs,
    refetchInterval: (query) => ((query.state.data ?? []).some((r) => !isFinished(r.status)) ? 2_000 : false),
  });
}

export function useRunControl(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (control: RunControl) => bffCall(bulkApi[control], { params: { id } }),
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
