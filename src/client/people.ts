import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { User } from '../shared/svc/records';
import { prefetchUsersList, usersQueryOptions } from './reference-data/users';

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

function toPerson(u: User): Person {
  return {
    user_id: u.user_id,
    full_name: u.full_name,
    email: u.delivery_email ?? u.email,
    is_active: u.is_active,
    is_bot: u.is_bot,
    bot_type: u.bot_type ?? null,
    bot_owner_id: u.bot_owner_id ?? null,
    role: u.role,
  };
}

// One directory per version of the list, however many pages look at it (10,000 people are mapped once).
const directories = new WeakMap<readonly User[], Person[]>();
function directoryOf(users: readonly User[]): Person[] {
  let people = directories.get(users);
  if (!people) directories.set(users, (people = users.map(toPerson)));
  return people;
}

// A `select` must keep its identity for the query to keep its result: one composed function per caller's pick.
const identity = (people: Person[]) => people;
const composed = new WeakMap<(people: Person[]) => unknown, (users: User[]) => unknown>();

/** The `select` over the users list that gives the directory, or what `pick` makes of it. */
export function selectPeople<T = Person[]>(pick?: (people: Person[]) => T): (users: User[]) => T {
  const key = pick ?? identity;
  let select = composed.get(key);
  if (!select) composed.set(key, (select = (users: User[]) => key(directoryOf(users))));
  return select as (users: User[]) => T;
}

/** Pages that only name people read the list at most once a minute; live events keep it current meanwhile. */
const PEOPLE_STALE_TIME = 60_000;

/**
 * One directory for every page that names people (channels, groups, topics, drafts, webhooks): it is the users
 * list (one query, one key: `usersQueryOptions`), not a second copy of it that could go stale on its own. Pass a
 * function defined once (at module level or memoized): the query keeps its result until the people or the
 * function change.
 */
export function usePeople<T = Person[]>(pick?: (people: Person[]) => T) {
  return useQuery({ ...usersQueryOptions(), select: selectPeople(pick), staleTime: PEOPLE_STALE_TIME });
}

/** A route that names people starts reading them with its chunk. */
export function prefetchPeople(client: QueryClient): void {
  prefetchUsersList(client, PEOPLE_STALE_TIME);
}
