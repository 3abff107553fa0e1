import { useMemo } from 'react';
import { usePeople } from '../../client/people';
import { useGroupNames } from '../../client/reference-data/group-names';
import { useFeatureLevel, useRole } from '../../client/use-role';
import { groupDisplayName, type GroupMembership } from '../../shared/svc/group-settings';
import { useGroupsRealm } from './api/get-realm-state';
import { useUserGroups } from './api/get-user-groups';
import type { GroupContext } from './permissions';

/**
 * Groups, people and the organization's settings, with what the area derives from them: the membership
 * map settings resolve against, names by ID, and the context permission predicates need.
 */
export function useGroupData() {
  const { user } = useRole();
  const level = useFeatureLevel();
  const groupsQuery = useUserGroups();
  const peopleQuery = usePeople();
  const realmQuery = useGroupsRealm();
  // Where the list cannot be read (a guest), groups are still named from the names the BFF keeps.
  const namesQuery = useGroupNames(groupsQuery.isError);
  const groups = useMemo(() => groupsQuery.data ?? [], [groupsQuery.data]);
  const people = useMemo(() => peopleQuery.data ?? [], [peopleQuery.data]);
  const membership = useMemo(() => new Map<number, GroupMembership>(groups.map((g) => [g.id, g] as const)), [groups]);
  const groupById = useMemo(() => new Map(groups.map((g) => [g.id, g] as const)), [groups]);
  const personById = useMemo(() => new Map(people.map((p) => [p.user_id, p] as const)), [people]);
  const ctx = useMemo(
    (): GroupContext => ({
      viewer: user ? { userId: user.userId, role: user.role } : null,
      realm: realmQuery.data,
      groups,
      membership,
      level,
    }),
    [user, realmQuery.data, groups, membership, level],
  );
  const groupName = useMemo(() => {
    const names = new Map((namesQuery.data ?? []).map((g) => [g.id, g] as const));
    return (id: number) => {
      const g = groupById.get(id) ?? names.get(id);
      return g ? groupDisplayName(g) : `Unknown group ${id}`;
    };
  }, [groupById, namesQuery.data]);
  const personName = useMemo(() => (id: number) => personById.get(id)?.full_name ?? `Unknown user ${id}`, [personById]);
  return {
    groupsQuery,
    peopleQuery,
    realmQuery,
    groups,
    people,
    membership,
    groupById,
    personById,
    ctx,
    groupName,
    personName,
  };
}
export type GroupData = ReturnType<typeof useGroupData>;
