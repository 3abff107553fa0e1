import { queryOptions, useQuery } from '@tanstack/react-query';
import { svcOps } from '../shared/svc/catalog';
import type { EventHandlers } from './event-handlers';
import { svc } from './svc-client';

/** Everyone in the organization, as the pages that name or choose people need them. */
export interface Person {
  user_id: number;
  full_name: string;
  /** The real address when the server shows it to us, else the API address. */
  email: string;
  is_active: boolean;
  is_bot: boolean;
  bot_type: number | null;
  bot_owner_id: number | null;
  role: number;
}

export const peopleKey = ['people'] as const;

/**
 * One directory for every page that names people (channels, groups, topics, drafts, webhooks): the users list
 * is megabytes in a large organization, so it is fetched once and held once, not once per page under keys of
 * its own. Each page picks what it needs with `select`.
 */
export const peopleQueryOptions = queryOptions({
  queryKey: peopleKey,
  queryFn: async ({ signal }): Promise<Person[]> =>
    (await svc(svcOps.getUsers, { client_gravatar: true }, { signal })).members.map((u) => ({
      user_id: u.user_id,
      full_name: u.full_name,
      email: u.delivery_email ?? u.email,
      is_active: u.is_active,
      is_bot: u.is_bot,
      bot_type: u.bot_type,
      bot_owner_id: u.bot_owner_id ?? null,
      role: u.role,
    })),
  staleTime: 60_000,
});

/**
 * The directory, or what `select` makes of it. Pass a function defined once (at module level or memoized):
 * the query keeps its result until the people or the function change.
 */
export function usePeople<T = Person[]>(select?: (people: Person[]) => T) {
  return useQuery({ ...peopleQueryOptions, select });
}

/** Someone joined, left, or changed a name, role or address: the directory is read again. */
export const peopleEventHandlers: EventHandlers = {
  realm_user: (_event, client) => void client.invalidateQueries({ queryKey: peopleKey }),
};
