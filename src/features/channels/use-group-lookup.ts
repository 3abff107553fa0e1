import { useMemo } from 'react';
import { usePeople } from '../../client/people';
import type { GroupMembership } from '../../shared/svc/group-settings';
import { useChannelUserGroups } from './api/get-user-groups';

/** Groups and people, and the membership map group settings resolve against. */
export function useGroupLookup() {
  const groupsQuery = useChannelUserGroups();
  const peopleQuery = usePeople();
  const groups = useMemo(() => groupsQuery.data ?? [], [groupsQuery.data]);
  const people = useMemo(() => peopleQuery.data ?? [], [peopleQuery.data]);
  const membership = useMemo(() => new Map<number, GroupMembership>(groups.map((g) => [g.id, g] as const)), [groups]);
  const peopleById = useMemo(() => new Map(people.map((p) => [p.user_id, p] as const)), [people]);
  return {
    groups,
    people,
    membership,
    peopleById,
    pending: groupsQuery.isPending || peopleQuery.isPending,
    error: groupsQuery.error ?? peopleQuery.error,
  };
}
