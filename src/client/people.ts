import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { realmUserEventSchema } from '../shared/events/svc-events';
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
      bot_type: u.bot_type ?? null,
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

/** realm_user update fields the directory does not hold: such an update changes nothing here. */
const NOT_HELD = new Set(['timezone', 'avatar_url', 'avatar_version', 'custom_profile_field']);

/** A realm_user update applied to one person; null when it carries something that needs a fresh read. */
export function applyPersonUpdate(person: Person, update: Readonly<Record<string, unknown>>): Person | null {
  const next = { ...person };
  for (const [key, value] of Object.entries(update)) {
    if (key === 'user_id' || NOT_HELD.has(key)) continue;
    if (key === 'full_name' && typeof value === 'string') next.full_name = value;
    else if (key === 'role' && typeof value === 'number') next.role = value;
    else if (key === 'is_active' && typeof value === 'boolean') next.is_active = value;
    else if (key === 'bot_owner_id' && (typeof value === 'number' || value === null)) next.bot_owner_id = value;
    // The directory shows the real address; a change of the API address alone cannot be placed without it.
    else if (key === 'delivery_email' && typeof value === 'string') next.email = value;
    else return null;
  }
  return next;
}

/** Patches the cached directory with one update; false when only a fresh read can bring it in. */
function patchPeople(client: QueryClient, update: Readonly<Record<string, unknown>> & { user_id: number }): boolean {
  const people = client.getQueryData(peopleQueryOptions.queryKey);
  if (!people) return true; // Nothing cached: the next read is fresh anyway.
  const at = people.findIndex((p) => p.user_id === update.user_id);
  if (at < 0) return false;
  const next = applyPersonUpdate(people[at]!, update);
  if (!next) return false;
  client.setQueryData(peopleQueryOptions.queryKey, people.with(at, next));
  return true;
}

/**
 * A change to one person is patched in place (reading 10,000 people again for one new name would be
 * wasteful, and an avatar change touches nothing here); someone joining or leaving, or an update the
 * directory cannot apply, reads it again.
 */
export const peopleEventHandlers: EventHandlers = {
  realm_user: (raw, client) => {
    const event = realmUserEventSchema.safeParse(raw);
    if (event.success && event.data.op === 'update' && patchPeople(client, event.data.person)) return;
    void client.invalidateQueries({ queryKey: peopleKey });
  },
};
