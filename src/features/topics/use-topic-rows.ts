import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { isResolvedTopic } from '../../shared/svc/messages';
import type { TopicActivity } from './api/get-channel-activity';
import type { StatusFilter } from './use-topics-search';

interface TopicRowsInput {
  topics: readonly TopicActivity[];
  /** While channels are still being read the list is not shown at all: it would reorder as each arrives. */
  pending: boolean;
  q: string;
  channelFilter: number | null;
  status: StatusFilter;
  emptyName: string;
}

export const topicRowId = (t: { streamId: number; name: string }) => `${t.streamId}:${t.name}`;

function matchesStatus(name: string, status: StatusFilter): boolean {
  if (status === 'all') return true;
  return status === 'resolved' ? isResolvedTopic(name) : !isResolvedTopic(name);
}

/**
 * The topics the filters show, newest first. Topics acted on here stay in the list (in their new state)
 * until the filters change, so a resolve does not pull the rows below up under the pointer; the acted-on
 * row's action button gets the focus back once the list shows it under its new name.
 */
export function useTopicRows({ topics, pending, q, channelFilter, status, emptyName }: TopicRowsInput) {
  const query = useDeferredValue(q.trim().toLowerCase());
  const [actedOn, setActedOn] = useState<ReadonlySet<string>>(new Set());
  const filterKey = `${channelFilter}|${status}|${query}`;
  const [actedFilterKey, setActedFilterKey] = useState(filterKey);
  if (actedFilterKey !== filterKey) {
    setActedFilterKey(filterKey);
    setActedOn(new Set());
  }
  const focusRow = useRef<string | null>(null);

  const rows = useMemo(
    () =>
      (pending ? [] : topics)
        .filter((t) => channelFilter === null || t.streamId === channelFilter)
        .filter((t) => actedOn.has(topicRowId(t)) || matchesStatus(t.name, status))
        .filter((t) => !query || (t.name === '' ? emptyName : t.name).toLowerCase().includes(query))
        .sort((a, b) => b.maxId - a.maxId),
    [pending, topics, channelFilter, status, query, emptyName, actedOn],
  );

  useEffect(() => {
    if (focusRow.current === null) return;
    const button = document.querySelector<HTMLButtonElement>(`[data-topic-action="${CSS.escape(focusRow.current)}"]`);
    if (!button) return;
    button.focus();
    focusRow.current = null;
  }, [rows]);

  const markActedOn = (rowId: string) => {
    setActedOn((prior) => new Set([...prior, rowId]));
    focusRow.current = rowId;
  };
  return { rows, markActedOn };
}
