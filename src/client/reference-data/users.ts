import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { usersListRoute } from '../../shared/bff/first-load';
import { realmUserEventSchema } from '../../shared/events/svc-events';
import type { User } from '../../shared/svc/records';
import { ROLE } from '../../shared/svc/roles';
import { bffCall } from '../bff-fetch';
import { readAgainAfterEvent, readInFlight, type EventHandlers } from '../event-handlers';

/** Every users query key starts here, so one invalidation refreshes all user records. */
export const usersRootKey = ['users'] as const;

/** `svcOps.getUsers` as every page asks for it; `USERS_LIST_PATH` spells the same request out (a test keeps them equal). */
export const usersListParams = { client_gravatar: true, include_custom_profile_fields: true } as const;

/** The one cached copy of the organization's people (`svcOps.getUsers`): the users page and every page that names people read it. */
export const usersListKey = [...usersRootKey, 'list', usersListParams] as const;

/**
 * All users of the organization, deactivated users and bots included, in one request, held once: the list is
 * megabytes in a large organization. Pages filter it locally or pick what they need with `select`. The path is
 * spelled out (not `svc()`), so the entry that starts this request before any page chunk needs no catalog;
 * `bffCall` sends exactly `USERS_LIST_PATH`, which the first load's preload names (users.test.ts).
 */
const usersListQueryOptions = queryOptions({
  queryKey: usersListKey,
  queryFn: async ({ signal }) => (await bffCall(usersListRoute, { query: usersListParams, signal })).members,
});

export function usersQueryOptions() {
  return usersListQueryOptions;
}

export function useUsers() {
  return useQuery(usersListQueryOptions);
}

/**
 * Starts loading the list for the users route as early as the app can: with the session check, from the
 * route's loader, not once the page's chunk has loaded (the response is the slowest part of the page).
 */
export function prefetchUsersList(client: QueryClient, staleTime?: number): void {
  // Without a caller's own staleTime, the client's default: a list that just arrived is not asked for again when
  // a redirect (`/` → the users page) runs the route's loader a second time.
  void client.prefetchQuery(staleTime === undefined ? usersListQueryOptions : { ...usersListQueryOptions, staleTime });
}

/** Fields of a realm_user update that map one-to-one onto the cached user record. */
const DIRECT_FIELDS = [
  'full_name',
  'email',
  'delivery_email',
  'timezone',
  'avatar_url',
  'avatar_version',
  'is_active',
  'bot_owner_id',
  // Level 433/475: an imported account's first sign-in sets its join date and ends its stub state.
  'date_joined',
  'is_imported_stub',
] as const;

/** Applies a realm_user update to one cached user; null when the event carries something we can't patch. */
export function applyUserUpdate(user: User, person: Record<string, unknown>): User | null {
  const next: Record<string, unknown> = { ...user };
  for (const [key, value] of Object.entries(person)) {
    if (key === 'user_id') continue;
    if ((DIRECT_FIELDS as readonly string[]).includes(key)) {
      next[key] = value;
    } else if (key === 'role' && typeof value === 'number') {
      next.role = value;
      next.is_owner = value === ROLE.owner;
      next.is_admin = value === ROLE.owner || value === ROLE.administrator;
      next.is_guest = value === ROLE.guest;
    } else if (key === 'custom_profile_field' && typeof value === 'object' && value !== null) {
      const field = value as { id: number; value: string | null; rendered_value?: string };
      const id = String(field.id);
      const rest = Object.fromEntries(Object.entries(user.profile_data ?? {}).filter(([key]) => key !== id));
      next.profile_data =
        field.value === null ? rest : { ...rest, [id]: { value: field.value, rendered_value: field.rendered_value } };
    } else {
      return null;
    }
  }
  return next as User;
}

/**
 * Patches the cached list with one update; false when only a fresh read can bring it in, which includes a read in
 * flight (it may have been answered from before the event: see readAgainAfterEvent).
 */
function patchUsersList(client: QueryClient, person: Record<string, unknown> & { user_id: number }): boolean {
  if (readInFlight(client, usersListKey)) return false;
  const list = client.getQueryData(usersListQueryOptions.queryKey);
  if (!list) return true; // Nothing cached: the next read fetches fresh data anyway.
  let ok = true;
  const patched = list.map((user) => {
    if (user.user_id !== person.user_id) return user;
    const next = applyUserUpdate(user, person);
    if (!next) ok = false;
    return next ?? user;
  });
  if (ok) client.setQueryData(usersListQueryOptions.queryKey, patched);
  return ok;
}

/**
 * A change to one person is patched in place (reading 10,000 people again for one new name would be
 * wasteful); someone joining or leaving, or an update the list cannot apply, reads it again.
 */
export const usersListEventHandlers: EventHandlers = {
  realm_user: (raw, client) => {
    const event = realmUserEventSchema.safeParse(raw);
    if (event.success && event.data.op === 'update' && patchUsersList(client, event.data.person)) return;
    readAgainAfterEvent(client, usersListKey);
  },
};
