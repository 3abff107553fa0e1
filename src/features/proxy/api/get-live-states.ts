import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../client/api-error';
import { MAX_BATCH_CALLS, proxyErrorCodes, type RouteRecord } from '../../../shared/proxy';
import type { LiveSources, SourceAnswer } from '../live-verdict';
import { callProxyBatch, type Outcome } from './call-proxy';
import { isNotConfigured, PROXY_POLL_MS, proxyRootKey } from './get-overview';

/** Everything the live verdicts stand on, read in one round trip. */
export interface LiveData {
  /** The full record of each listed route (`routes.get`; the key API's list has no sync fields). */
  records: ReadonlyMap<string, RouteRecord>;
  /** When the records were read. */
  recordsReadAt: Date;
  /** Routes whose record could not be read, with why. */
  unread: ReadonlyMap<string, string>;
  /** The drift detector's open events and the proxy's own state, each with its read time or its failure. */
  sources: LiveSources;
}

/** Why a source could not be read, in words for the details ("could not be read (…)"). */
export function reasonOf(error: unknown): string {
  if (!(error instanceof ApiError)) return 'the request failed';
  if (error.code === proxyErrorCodes.unavailable) return 'the dashboard did not answer';
  if (error.code === proxyErrorCodes.keyRejected) return 'the dashboard refused the console';
  if (error.code === proxyErrorCodes.invalidResponse) return 'the answer could not be read';
  // An older dashboard has no such procedure: tRPC's NOT_FOUND for an unknown path.
  if (error.status === 404) return 'this dashboard does not offer it';
  return error.envelope.msg || `the dashboard answered ${error.status}`;
}

function answer<T>(outcome: Outcome<T> | undefined, readAt: Date, failure: string | null): SourceAnswer<T> {
  if (failure !== null || !outcome) return { ok: false, reason: failure ?? 'no answer' };
  return outcome.ok ? { ok: true, data: outcome.data, readAt } : { ok: false, reason: reasonOf(outcome.error) };
}

const recordCalls = (ids: readonly string[]) => ids.map((id) => ({ procedure: 'routes.get' as const, input: { id } }));

/**
 * The sources and the first records in one batch, the other records in batches of MAX_BATCH_CALLS, all in
 * flight at once (one round trip). A batch that fails as a whole leaves its sources unread with the reason; only
 * "no dashboard configured" fails the query, as that is a state of the console, not of the sources.
 */
async function readLive(ids: readonly string[], signal: AbortSignal): Promise<LiveData> {
  const firstIds = ids.slice(0, MAX_BATCH_CALLS - 3);
  const restIds: string[][] = [];
  for (let i = firstIds.length; i < ids.length; i += MAX_BATCH_CALLS) restIds.push(ids.slice(i, i + MAX_BATCH_CALLS));
  const settle = async <T>(call: Promise<T>) =>
    call.then(
      (value) => ({ value, failure: null, readAt: new Date() }),
      (error: unknown) => {
        if (isNotConfigured(error)) throw error;
        return { value: null, failure: reasonOf(error), readAt: new Date() };
      },
    );
  const [first, ...rest] = await Promise.all([
    settle(callProxyBatch(['drift.list', 'caddy.status', 'caddy.config', ...recordCalls(firstIds)], { signal })),
    ...restIds.map((chunk) => settle(callProxyBatch(recordCalls(chunk), { signal }))),
  ]);
  const [drift, status, config, ...firstRecords] = first.value ?? [];
  const records = new Map<string, RouteRecord>();
  const unread = new Map<string, string>();
  const batches: [string[], Outcome<RouteRecord>[] | null, string | null][] = [
    [firstIds, first.value ? (firstRecords as Outcome<RouteRecord>[]) : null, first.failure],
    ...rest.map((r, i): [string[], Outcome<RouteRecord>[] | null, string | null] => [
      restIds[i] ?? [],
      r.value,
      r.failure,
    ]),
  ];
  for (const [chunk, outcomes, failure] of batches) {
    chunk.forEach((id, i) => {
      const outcome = outcomes?.[i];
      if (outcome?.ok) records.set(id, outcome.data);
      else unread.set(id, outcome ? reasonOf(outcome.error) : (failure ?? 'no answer'));
    });
  }
  return {
    records,
    recordsReadAt: first.readAt,
    unread,
    sources: {
      drift: answer(drift, first.readAt, first.failure),
      status: answer(status, first.readAt, first.failure),
      config: answer(config, first.readAt, first.failure),
    },
  };
}

/**
 * The one live query of the proxy area: the routes list's live column, the details drawer and the traffic page
 * all read it under the same key (the listed ids, sorted), polled while any of them is open. The drift detector
 * runs every 30 s, so a loss shows within one period plus a poll.
 */
export function liveQueryOptions(ids: readonly string[]) {
  const sorted = [...ids].sort();
  return queryOptions({
    queryKey: [...proxyRootKey, 'live', sorted.join(',')] as const,
    queryFn: ({ signal }) => readLive(sorted, signal),
    refetchInterval: (query) => (isNotConfigured(query.state.error) ? false : PROXY_POLL_MS),
    retry: false,
    // A route created or deleted changes the key: the last verdicts stay on screen until the new read answers.
    placeholderData: keepPreviousData,
  });
}

/** `enabled: false` while the list that names the routes has not answered yet. */
export function useProxyLive(ids: readonly string[] | null) {
  return useQuery({ ...liveQueryOptions(ids ?? []), enabled: ids !== null });
}
