import type { EventHandlers } from '../../client/event-handlers';
import { realmUserEventSchema } from '../../shared/events/svc-events';
import { usersRootKey } from './api/get-users';

/**
 * Users area: the list itself, the field definitions and statuses are shared data sets with their own
 * handlers (src/client/reference-data); here only what this area reads of its own: a changed person may be the
 * one a lookup by email found, and someone joining or leaving changes every user read.
 */
export const usersEventHandlers: EventHandlers = {
  realm_user: (raw, client) => {
    const event = realmUserEventSchema.safeParse(raw);
    if (!event.success) return;
    if (event.data.op === 'update') {
      void client.invalidateQueries({ queryKey: [...usersRootKey, 'by-email'] });
      return;
    }
    // The list's own handler reads it again: invalidating it twice would read 10,000 people twice.
    void client.invalidateQueries({ queryKey: usersRootKey, predicate: (q) => q.queryKey[1] !== 'list' });
  },
};
