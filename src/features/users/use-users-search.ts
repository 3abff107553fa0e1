import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
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

/** The search text as typed, and what it still owes the URL (see useUsersSearch). */
interface TypedText {
  /** The text typed but not yet in the URL (null: none). */
  pending: string | null;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** The last q this page wrote. */
  written: string;
  /** The text in the box, for the view link (read when copied, so the link callback never changes). */
  latest: string;
}
type TypedRef = RefObject<TypedText>;

/** The search box's text: state first, replaced only by a navigation this page did not cause. */
function useTypedText(urlQ: string) {
  const [q, setQ] = useState(urlQ);
  const typedRef = useRef<TypedText>({ pending: null, timer: undefined, written: urlQ, latest: urlQ });

  useEffect(() => {
    const typed = typedRef.current;
    // Only a navigation we did not cause (back button, a shared link) replaces the text.
    if (urlQ !== typed.written) {
      typed.written = urlQ;
      typed.latest = urlQ;
      typed.pending = null;
      clearTimeout(typed.timer);
      setQ(urlQ);
    }
  }, [urlQ]);

  useEffect(() => () => clearTimeout(typedRef.current.timer), []);
  return { q, setQ, typedRef };
}

/** The view the URL describes (and the typed text): filters, columns, the open user and bulk run. */
function useView(params: URLSearchParams, q: string) {
  const role = oneOf<RoleName>(ROLE_FILTERS, params.get('role'));
  const status = oneOf<StatusFilter>(STATUS_FILTERS, params.get('status'));
  const bots = oneOf<BotFilter>(BOT_FILTERS, params.get('bots'));
  const activity = oneOf<ActivityFilter>(ACTIVITY_FILTERS, params.get('activity'));
  const inactiveDays = parseDays(params.get('days'));
  const colsParam = params.get('cols');
  const filters = useMemo<UserFilters>(
    () => ({ q, role, status, bots, activity, inactiveDays }),
    [q, role, status, bots, activity, inactiveDays],
  );
  const columns = useMemo(() => parseColumns(colsParam), [colsParam]);
  return { filters, columns, selectedUserId: parseUserId(params.get('user')), runId: params.get('run') };
}

type Update = (change: (next: URLSearchParams) => void, replace?: boolean) => void;

/** Every URL write: it carries the text still waiting to go into the URL, so no write loses it. */
function useUrlWrite(setParams: ReturnType<typeof useSearchParams>[1], typedRef: TypedRef): Update {
  return useCallback(
    (change, replace = false) => {
      const typed = typedRef.current;
      clearTimeout(typed.timer);
      const text = typed.pending;
      typed.pending = null;
      if (text !== null) typed.written = text;
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (text !== null) setOrDelete(next, 'q', text);
          change(next);
          return next;
        },
        { replace },
      );
    },
    [setParams, typedRef],
  );
}

/** The search text and the filters: the text goes into the URL once typing pauses, the rest at once. */
function useFilterSetters(update: Update, typedRef: TypedRef, setQ: (value: string) => void) {
  // Typing must not fill the history with one entry per keystroke: the pending text replaces the entry.
  const flushQuery = useCallback(() => update(() => undefined, true), [update]);
  const setQuery = useCallback(
    (value: string) => {
      setQ(value);
      const typed = typedRef.current;
      typed.latest = value;
      typed.pending = value;
      clearTimeout(typed.timer);
      typed.timer = setTimeout(flushQuery, SEARCH_URL_DELAY_MS);
    },
    [flushQuery, setQ, typedRef],
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
      update((next) => setOrDelete(next, 'days', days === DEFAULT_INACTIVE_DAYS ? null : String(days)), true),
    [update],
  );
  return { setFilter, setInactiveDays };
}

/** Columns, the open user and the bulk run shown in the run panel (the page reattaches to it when reopened). */
function useViewSetters(update: Update, typedRef: TypedRef) {
  const setColumns = useCallback(
    (cols: readonly OptionalColumn[]) =>
      update((next) => setOrDelete(next, 'cols', cols.length === OPTIONAL_COLUMNS.length ? null : cols.join(','))),
    [update],
  );
  const selectUser = useCallback(
    (userId: number | null) => update((next) => setOrDelete(next, 'user', userId === null ? null : String(userId))),
    [update],
  );
  const setRunId = useCallback((id: string | null) => update((next) => setOrDelete(next, 'run', id)), [update]);
  /** The address of the current view, the typed search text included. */
  const viewLink = useCallback(() => {
    const url = new URL(window.location.href);
    setOrDelete(url.searchParams, 'q', typedRef.current.latest);
    return url.href;
  }, [typedRef]);
  return { setColumns, selectUser, setRunId, viewLink };
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
  const { q, setQ, typedRef } = useTypedText(params.get('q') ?? '');
  const view = useView(params, q);
  const update = useUrlWrite(setParams, typedRef);
  return { ...view, ...useFilterSetters(update, typedRef, setQ), ...useViewSetters(update, typedRef) };
}
