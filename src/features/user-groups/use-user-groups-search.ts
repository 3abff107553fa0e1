import { useSearchParams } from 'react-router';
import { useSearchParamsWriter } from '../../client/use-search-params-writer';
import { isGroupFilter, type GroupFilter } from './filter-groups';

export const GROUP_TABS = ['overview', 'members', 'subgroups', 'permissions', 'granted'] as const;
export type GroupTab = (typeof GROUP_TABS)[number];

export const PAGE_VIEWS = ['groups', 'access'] as const;
export type PageView = (typeof PAGE_VIEWS)[number];

function parseId(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function oneOf<T extends string>(values: readonly T[], raw: string | null, fallback: T): T {
  return (values as readonly (string | null)[]).includes(raw) ? (raw as T) : fallback;
}

/**
 * The User groups page's state lives in the URL (`?q=&show=&group=&tab=&view=&user=&permission=`), so a
 * view can be shared. Defaults are written as absent parameters.
 */
export function useUserGroupsSearch() {
  const [params] = useSearchParams();
  const rawFilter = params.get('show');
  const filter: GroupFilter = isGroupFilter(rawFilter) ? rawFilter : 'all';

  const update = useSearchParamsWriter();

  return {
    q: params.get('q') ?? '',
    filter,
    selectedId: parseId(params.get('group')),
    tab: oneOf(GROUP_TABS, params.get('tab'), 'overview'),
    view: oneOf(PAGE_VIEWS, params.get('view'), 'groups'),
    /** "Who can do what": the person and the permission looked at. */
    userId: parseId(params.get('user')),
    permission: params.get('permission'),
    // Typing must not fill the history with one entry per keystroke.
    setQuery: (value: string) => update({ q: value }, true),
    setFilter: (value: GroupFilter) => update({ show: value === 'all' ? null : value }),
    select: (id: number | null, nextTab: GroupTab = 'overview') =>
      update({ group: id === null ? null : String(id), tab: id === null || nextTab === 'overview' ? null : nextTab }),
    setTab: (value: GroupTab) => update({ tab: value === 'overview' ? null : value }, true),
    setView: (value: PageView) => update({ view: value === 'groups' ? null : value }),
    setUser: (id: number | null) => update({ user: id === null ? null : String(id) }, true),
    setPermission: (key: string | null) => update({ permission: key }, true),
  };
}
