import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { svcEventBaseSchema } from '../../shared/events/svc-events';
import { svcOps } from '../../shared/svc/catalog';
import { userGroupSchema, type UserGroup } from '../../shared/svc/user-groups';
import { readAgainAfterEvent, readInFlight, type EventHandler, type EventHandlers } from '../event-handlers';
import { svc } from '../svc-client';

/** The one cached list of user groups. */
export const userGroupListKey = ['reference', 'user-groups'] as const;

/**
 * `GET /user_groups`, held once for every page that lists, names or resolves groups (groups, channels, topics,
 * invitations, emoji), deactivated ones included: the groups page shows them (to reactivate), settings
 * elsewhere may still name them, and pickers need them to say so. Pages that only want active groups take
 * `activeGroups` with `select`.
 */
export function userGroupListQueryOptions() {
  return queryOptions({
    queryKey: userGroupListKey,
    queryFn: async ({ signal }): Promise<UserGroup[]> =>
      (await svc(svcOps.getUserGroups, { include_deactivated_groups: true }, { signal })).user_groups,
  });
}

/**
 * The list, or what `select` makes of it. Pass a function defined once (at module level or memoized): the
 * query keeps its result until the list or the function change.
 */
export function useUserGroupList<T = UserGroup[]>(select?: (groups: UserGroup[]) => T, enabled = true) {
  return useQuery({ ...userGroupListQueryOptions(), select, enabled });
}

/** What `GET /user_groups` returns without `include_deactivated_groups`. */
export function activeGroups(groups: UserGroup[]): UserGroup[] {
  return groups.filter((g) => g.deactivated !== true);
}

const ids = z.array(z.number().int());

/** The `user_group` events, as the server sends them. */
const userGroupEventSchema = z.discriminatedUnion('op', [
  svcEventBaseSchema.extend({ type: z.literal('user_group'), op: z.literal('add'), group: userGroupSchema }),
  svcEventBaseSchema.extend({
    type: z.literal('user_group'),
    op: z.literal('update'),
    group_id: z.number().int(),
    data: z.record(z.string(), z.unknown()),
  }),
  svcEventBaseSchema.extend({ type: z.literal('user_group'), op: z.literal('remove'), group_id: z.number().int() }),
  svcEventBaseSchema.extend({
    type: z.literal('user_group'),
    op: z.enum(['add_members', 'remove_members']),
    group_id: z.number().int(),
    user_ids: ids,
  }),
  svcEventBaseSchema.extend({
    type: z.literal('user_group'),
    op: z.enum(['add_subgroups', 'remove_subgroups']),
    group_id: z.number().int(),
    direct_subgroup_ids: ids,
  }),
]);
type UserGroupEvent = z.infer<typeof userGroupEventSchema>;

const sorted = (list: Iterable<number>) => [...new Set(list)].sort((a, b) => a - b);

/** The list after one event; null when the event cannot be applied (then the list is refetched). */
export function applyUserGroupEvent(groups: readonly UserGroup[], event: UserGroupEvent): UserGroup[] | null {
  const patch = (id: number, change: (g: UserGroup) => UserGroup): UserGroup[] | null =>
    groups.some((g) => g.id === id) ? groups.map((g) => (g.id === id ? change(g) : g)) : null;
  switch (event.op) {
    case 'add': {
      // Also how a reactivated group is announced: replace it in place.
      const exists = groups.some((g) => g.id === event.group.id);
      return exists
        ? groups.map((g) => (g.id === event.group.id ? { ...event.group, deactivated: false } : g))
        : [...groups, event.group];
    }
    case 'update': {
      const parsed = userGroupSchema.partial().safeParse(event.data);
      return parsed.success ? patch(event.group_id, (g) => ({ ...g, ...parsed.data })) : null;
    }
    case 'remove':
      // The list includes deactivated groups: `remove` is how deactivation reaches queues that hide them.
      return patch(event.group_id, (g) => ({ ...g, deactivated: true }));
    case 'add_members':
      return patch(event.group_id, (g) => ({ ...g, members: sorted([...g.members, ...event.user_ids]) }));
    case 'remove_members': {
      const gone = new Set(event.user_ids);
      return patch(event.group_id, (g) => ({ ...g, members: g.members.filter((id) => !gone.has(id)) }));
    }
    case 'add_subgroups':
      return patch(event.group_id, (g) => ({
        ...g,
        direct_subgroup_ids: sorted([...g.direct_subgroup_ids, ...event.direct_subgroup_ids]),
      }));
    case 'remove_subgroups': {
      const gone = new Set(event.direct_subgroup_ids);
      return patch(event.group_id, (g) => ({
        ...g,
        direct_subgroup_ids: g.direct_subgroup_ids.filter((id) => !gone.has(id)),
      }));
    }
  }
}

function onUserGroup(event: Parameters<EventHandler>[0], client: QueryClient): void {
  const parsed = userGroupEventSchema.safeParse(event);
  const { queryKey } = userGroupListQueryOptions();
  // A read in flight may have been answered from before the event: read again instead (readAgainAfterEvent).
  const current = readInFlight(client, queryKey) ? undefined : client.getQueryData(queryKey);
  const next = parsed.success && current ? applyUserGroupEvent(current, parsed.data) : null;
  if (next) client.setQueryData(queryKey, next);
  else readAgainAfterEvent(client, queryKey);
}

/**
 * Group events patch the one cached list in place (the event says exactly what changed); anything it cannot
 * apply refetches, as does a change to people (a deactivated user leaves its groups).
 */
export const userGroupListEventHandlers: EventHandlers = {
  user_group: onUserGroup,
  realm_user: (_event, client) => void client.invalidateQueries({ queryKey: userGroupListKey }),
};
