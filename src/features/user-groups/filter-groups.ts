import { groupDisplayName, groupSettingUserIds, type GroupMembership } from '../../shared/svc/group-settings';
import type { UserGroup } from '../../shared/svc/user-groups';

export const GROUP_FILTERS = ['all', 'active', 'deactivated', 'system', 'custom'] as const;
export type GroupFilter = (typeof GROUP_FILTERS)[number];

export const GROUP_FILTER_LABELS: Readonly<Record<GroupFilter, string>> = {
  all: 'All',
  active: 'Active',
  deactivated: 'Deactivated',
  system: 'System',
  custom: 'Custom',
};

export function isGroupFilter(value: string | null): value is GroupFilter {
  return (GROUP_FILTERS as readonly (string | null)[]).includes(value);
}

export interface GroupRow {
  group: UserGroup;
  /** The name people read (system groups by their meaning). */
  displayName: string;
  /** Active direct members. */
  directCount: number;
  /** Active members at any depth, through subgroups. */
  totalCount: number;
}

/**
 * Rows with member counts. Deactivated users are not counted (older servers still list them as members);
 * `isActive` says who is active, and unknown users count, as the server listed them.
 */
export function groupRows(groups: readonly UserGroup[], isActive: (userId: number) => boolean): GroupRow[] {
  const membership = new Map<number, GroupMembership>(groups.map((g) => [g.id, g] as const));
  return groups.map((group) => ({
    group,
    displayName: groupDisplayName(group),
    directCount: group.members.filter(isActive).length,
    totalCount: [...groupSettingUserIds(group.id, membership)].filter(isActive).length,
  }));
}

const byName = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true }).compare;

/**
 * The rows a filter and a search show: system groups first (in ID order, which is role order), then
 * custom groups by name. The search matches the shown name, the API name and the description.
 */
export function filterGroups(rows: readonly GroupRow[], filter: GroupFilter, query: string): GroupRow[] {
  const needle = query.trim().toLowerCase();
  return rows
    .filter(({ group }) => {
      switch (filter) {
        case 'active':
          return !group.deactivated;
        case 'deactivated':
          return group.deactivated === true;
        case 'system':
          return group.is_system_group;
        case 'custom':
          return !group.is_system_group;
        default:
          return true;
      }
    })
    .filter(
      (row) =>
        needle === '' ||
        row.displayName.toLowerCase().includes(needle) ||
        row.group.name.toLowerCase().includes(needle) ||
        row.group.description.toLowerCase().includes(needle),
    )
    .sort((a, b) => {
      if (a.group.is_system_group !== b.group.is_system_group) return a.group.is_system_group ? -1 : 1;
      if (a.group.is_system_group) return a.group.id - b.group.id;
      return byName(a.group.name, b.group.name);
    });
}
