import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { RoleName } from '../../shared/svc/roles';
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

type FilterKey = keyof UserFilters;

/**
 * The Users page's state lives in the URL (`?q=&role=&status=&bots=&user=`), so any view can be shared
 * or bookmarked. Unknown values read as "all"; "all" is written as an absent parameter.
 */
export function useUsersSearch() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const role = oneOf<RoleName>(ROLE_FILTERS, params.get('role'));
  const status = oneOf<StatusFilter>(STATUS_FILTERS, params.get('status'));
  const bots = oneOf<BotFilter>(BOT_FILTERS, params.get('bots'));
  const selectedUserId = parseUserId(params.get('user'));

  const filters = useMemo<UserFilters>(() => ({ q, role, status, bots }), [q, role, status, bots]);

  const setFilter = useCallback(
    <K extends FilterKey>(key: K, value: UserFilters[K]) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
          return next;
        },
        // Typing must not fill the history with one entry per keystroke.
        { replace: key === 'q' },
      ),
    [setParams],
  );

  const selectUser = useCallback(
    (userId: number | null) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (userId === null) next.delete('user');
        else next.set('user', String(userId));
        return next;
      }),
    [setParams],
  );

  return { filters, selectedUserId, setFilter, selectUser };
}
