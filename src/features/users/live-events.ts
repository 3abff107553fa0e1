import { customProfileFieldsQueryOptions } from './api/get-custom-profile-fields';
import type { QueryClient } from '@tanstack/react-query';
import type { EventHandlers } from '../../client/event-handlers';
import { realmUserEventSchema, userStatusEventSchema } from '../../shared/events/svc-events';
import type { User } from '../../shared/svc/records';
import { ROLE } from '../../shared/svc/roles';
import { userStatusQueryOptions } from './api/get-user-status';
import { usersQueryOptions, usersRootKey } from './api/get-users';

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

function patchUsersList(client: QueryClient, person: Record<string, unknown> & { user_id: number }): boolean {
  const key = usersQueryOptions().queryKey;
  const list = client.getQueryData(key);
  if (!list) return true; // Nothing cached: the next read fetches fresh data anyway.
  let ok = true;
  const patched = list.map((user) => {
    if (user.user_id !== person.user_id) return user;
    const next = applyUserUpdate(user, person);
    if (!next) ok = false;
    return next ?? user;
  });
  if (ok) client.setQueryData(key, patched);
  return ok;
}

/**
 * Users area: a user update patches the cached list in place (refetching 10,000 users for one changed
 * field would be wasteful); additions, removals and anything unpatchable refetch.
 */
export const usersEventHandlers: EventHandlers = {
  // The definitions changed (added, renamed, reordered): the names beside people's values follow.
  custom_profile_fields: (_raw, client) =>
    void client.invalidateQueries({ queryKey: customProfileFieldsQueryOptions().queryKey }),
  realm_user: (raw, client) => {
    const event = realmUserEventSchema.safeParse(raw);
    if (!event.success) return;
    const { op, person } = event.data;
    if (op === 'update' && patchUsersList(client, person)) {
      void client.invalidateQueries({ queryKey: [...usersRootKey, 'by-email'] });
      return;
    }
    void client.invalidateQueries({ queryKey: usersRootKey });
  },
  user_status: (raw, client) => {
    const event = userStatusEventSchema.safeParse(raw);
    if (!event.success) return;
    void client.invalidateQueries({ queryKey: userStatusQueryOptions(event.data.user_id).queryKey });
  },
};
