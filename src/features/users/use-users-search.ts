import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { RoleName } from '../../shared/svc/roles';
import { ACTIVITY_FILTERS, DEFAULT_INACTIVE_DAYS, type ActivityFilter } from './activity';
import {
  BOT_FILTERS,
  ROLE_FILTERS,
  STATUS_FILTERS,
  type BotFilter,
  type StatusFilter,
  type UserFilters,
} from './filter-users';

function oneOf<T extends string>(allowed: readonly T[], value: string | null): T | null {
  return value !== null && (allowed as readonly string[]).includes(value) ? (value as T) : null;
}

function parseUserId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function parseDays(value: string | null): number {
  if (value === null || !/^\d{1,5}$/.test(value)) return DEFAULT_INACTIVE_DAYS;
  return Math.max(1, Number(value));
}

/** The users table's optional columns; the name is always shown. */
export const OPTIONAL_COLUMNS = ['email', 'role', 'joined', 'lastActive', 'status', 'bot'] as const;
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

function parseColumns(value: string | null): OptionalColumn[] {
  if (value === null) return [...OPTIONAL_COLUMNS];
  const wanted = new Set(value.split(','));
  return OPTIONAL_COLUMNS.filter((c) => wanted.has(c));
}

type FilterKey = 'q' | 'role' | 'status' | 'bots' | 'activity';

/** How long typing must pause before the search text goes into the URL. */
export const SEARCH_URL_DELAY_MS = 300;

function setOrDelete(params: URLSearchParams, key: string, value: string | null | undefined) {
  if (value === null || value === undefined || value === '') params.delete(key);
  else params.set(key, value);
}

/**
 * The Users page's state lives in the URL (`?q=&role=&status=&bots=&activity=&days=&cols=&user=&run=`), so
 * any view (filters and columns) can be shared or bookmarked: that is how views are saved until the
 * console has a per-user store for them. Unknown values read as "all"; "all" is an absent parameter.
 *
 * The search text is the exception while it is typed: it is state here first (the table filters by it at
 * once) and goes into the URL when typing pauses, or with the next other change to the URL. A URL write
 * is a router navigation that re-renders the whole route; one per keystroke would compete with the typing.
 */
export function useUsersSearch() {
  const [params, setParams] = useSearchParams();
  const urlQ = params.get('q') ?? '';
  const [q, setQ] = useState(urlQ);
  // The text typed but not yet in the URL (null: none), its timer, and the last q this page wrote.
  const pendingQ = useRef<string | null>(null);
  const pendingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const writtenQ = useRef(urlQ);
  // The text in the box, for the view link (read when copied, so the link callback never changes).
  const latestQ = useRef(urlQ);

  useEffect(() => {
    // Only a navigation we did not cause (back button, a shared link) replaces the text.
    if (urlQ !== writtenQ.current) {
      writtenQ.current = urlQ;
      latestQ.current = urlQ;
      pendingQ.current = null;
      clearTimeout(pendingTimer.current);
      setQ(urlQ);
    }
  }, [urlQ]);

  useEffect(() => () => clearTimeout(pendingTimer.current), []);

  const role = oneOf<RoleName>(ROLE_FILTERS, params.get('role'));
  const status = oneOf<StatusFilter>(STATUS_FILTERS, params.get('status'));
  const bots = oneOf<BotFilter>(BOT_FILTERS, params.get('bots'));
  const activity = oneOf<ActivityFilter>(ACTIVITY_FILTERS, params.get('activity'));
  const inactiveDays = parseDays(params.get('days'));
  const colsParam = params.get('cols');
  const selectedUserId = parseUserId(params.get('user'));
  const runId = params.get('run');

  const filters = useMemo<UserFilters>(
    () => ({ q, role, status, bots, activity, inactiveDays }),
    [q, role, status, bots, activity, inactiveDays],
  );
  const columns = useMemo(() => parseColumns(colsParam), [colsParam]);

  /** Every URL write: it carries the text still waiting to go into the URL, so no write loses it. */
  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) => {
      clearTimeout(pendingTimer.current);
      const typed = pendingQ.current;
      pendingQ.current = null;
      if (typed !== null) writtenQ.current = typed;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (typed !== null) setOrDelete(next, 'q', typed);
          change(next);
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  // Typing must not fill the history with one entry per keystroke: the pending text replaces the entry.
  const flushQuery = useCallback(() => update(() => undefined, true), [update]);

  const setQuery = useCallback(
    (value: string) => {
      setQ(value);
      latestQ.current = value;
      pendingQ.current = value;
      clearTimeout(pendingTimer.current);
      pendingTimer.current = setTimeout(flushQuery, SEARCH_URL_DELAY_MS);
    },
    [flushQuery],
  );

  const setFilter = useCallback(
    <K extends FilterKey>(key: K, value: UserFilters[K]) => {
      if (key === 'q') setQuery(typeof value === 'string' ? value : '');
      else update((next) => setOrDelete(next, key, value === null || value === undefined ? null : String(value)));
    },
    [update, setQuery],
  );

  const setInactiveDays = useCallback(
    (days: number) =>
      update((next) => {
        if (days === DEFAULT_INACTIVE_DAYS) next.delete('days');
        else next.set('days', String(days));
      }, true),
    [update],
  );

  const setColumns = useCallback(
    (cols: readonly OptionalColumn[]) =>
      update((next) => {
        if (cols.length === OPTIONAL_COLUMNS.length) next.delete('cols');
        else next.set('cols', cols.join(','));
      }),
    [update],
  );

  const selectUser = useCallback(
    (userId: number | null) =>
      update((next) => {
        if (userId === null) next.delete('user');
        else next.set('user', String(userId));
      }),
    [update],
  );

  /** The bulk run shown in the run panel (the page reattaches to it when reopened). */
  const setRunId = useCallback(
    (id: string | null) =>
      update((next) => {
        if (id === null) next.delete('run');
        else next.set('run', id);
      }),
    [update],
  );

  /** The address of the current view, the typed search text included. */
  const viewLink = useCallback(() => {
    const url = new URL(window.location.href);
    setOrDelete(url.searchParams, 'q', latestQ.current);
    return url.href;
  }, []);

  return {
    filters,
    viewLink,
    columns,
    selectedUserId,
    runId,
    setFilter,
    setInactiveDays,
    setColumns,
    selectUser,
    setRunId,
  };
}
