import { useCallback, useMemo } from 'react';
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

/**
 * The Users page's state lives in the URL (`?q=&role=&status=&bots=&activity=&days=&cols=&user=&run=`), so
 * any view (filters and columns) can be shared or bookmarked: that is how views are saved until the
 * console has a per-user store for them. Unknown values read as "all"; "all" is an absent parameter.
 */
export function useUsersSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
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

  const update = useCallback(
    (change: (next: URLSearchParams) => void, replace = false) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  const setFilter = useCallback(
    <K extends FilterKey>(key: K, value: UserFilters[K]) =>
      update(
        (next) => {
          if (value === null || value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        },
        // Typing must not fill the history with one entry per keystroke.
        key === 'q',
      ),
    [update],
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

  return {
    filters,
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
