import { useMemo } from 'react';
import { usePeople } from '../../client/people';
import { useGroupNames } from '../../client/reference-data/group-names';
import type { NamedGroup } from '../../components/group-setting-picker/describe-group-setting';
import type { GroupMembership } from '../../shared/svc/group-settings';
import { useChannelUserGroups } from './api/get-user-groups';

/**
 * Groups and people, and the membership map group settings resolve against. `named` names the groups: the list
 * when it can be read, otherwise (a guest) the names the BFF keeps from the register state, so no role reads a
 * group by its number.
 */
export function useGroupLookup() {
  const groupsQuery = useChannelUserGroups();
  const peopleQuery = usePeople();
  const namesQuery = useGroupNames(groupsQuery.isError);
  const groups = useMemo(() => groupsQuery.data ?? [], [groupsQuery.data]);
  const people = useMemo(() => peopleQuery.data ?? [], [peopleQuery.data]);
  const membership = useMemo(() => new Map<number, GroupMembership>(groups.map((g) => [g.id, g] as const)), [groups]);
  const peopleById = useMemo(() => new Map(people.map((p) => [p.user_id, p] as const)), [people]);
  const named: readonly NamedGroup[] = groupsQuery.isError ? (namesQuery.data ?? []) : groups;
  return {
    groups,
    named,
    people,
    membership,
    peopleById,
    pending: groupsQuery.isPending || peopleQuery.isPending || (groupsQuery.isError && namesQuery.isPending),
    error: groupsQuery.error ?? peopleQuery.error,
    /** The groups cannot be named at all (neither the list nor the names could be read). */
    namesError: groupsQuery.isError && namesQuery.isError ? namesQuery.error : null,
  };
}
