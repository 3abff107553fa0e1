import { useSearchParams } from 'react-router';
import { useSearchParamsWriter } from '../../client/use-search-params-writer';

export const STATUS_FILTERS = ['unresolved', 'resolved', 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

function parseId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The topic a URL's search parameters open (`?stream=<id>&topic=<name>`), if any. */
export function selectedTopicOf(params: URLSearchParams): { streamId: number; topic: string } | null {
  const streamId = parseId(params.get('stream'));
  const topic = params.get('topic');
  return streamId !== null && topic !== null ? { streamId, topic } : null;
}

/**
 * The triage view's state lives in the URL: `?q=&in=<channel>&status=` for the list and
 * `?stream=<id>&topic=<name>` for the open topic (the empty topic is `topic=` present and empty).
 */
export function useTopicsSearch() {
  const [params] = useSearchParams();
  const rawStatus = params.get('status');
  const status: StatusFilter = (STATUS_FILTERS as readonly string[]).includes(rawStatus ?? '')
    ? (rawStatus as StatusFilter)
    : 'unresolved';

  const update = useSearchParamsWriter({ keepEmpty: true });

  return {
    q: params.get('q') ?? '',
    channelFilter: parseId(params.get('in')),
    status,
    selected: selectedTopicOf(params),
    setQuery: (value: string) => update({ q: value || null }, true),
    setChannelFilter: (id: number | null) => update({ in: id === null ? null : String(id) }),
    setStatus: (value: StatusFilter) => update({ status: value === 'unresolved' ? null : value }),
    open: (streamId: number, topic: string, replace = false) => update({ stream: String(streamId), topic }, replace),
    close: () => update({ stream: null, topic: null }),
  };
}
