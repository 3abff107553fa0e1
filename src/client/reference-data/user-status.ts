import { queryOptions } from '@tanstack/react-query';
import { userStatusEventSchema } from '../../shared/events/svc-events';
import { svcOps } from '../../shared/svc/catalog';
import type { EventHandlers } from '../event-handlers';
import { svc } from '../svc-client';

/** Every user status key starts here. */
export const userStatusRootKey = ['user-status'] as const;

/** One person's status (`svcOps.getUserStatus`): the same copy for the users page and my own account page. */
export function userStatusQueryOptions(userId: number) {
  return queryOptions({
    queryKey: [...userStatusRootKey, userId] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getUserStatus, { user_id: userId }, { signal })).status,
  });
}

/** Only the status of the person whose status changed is read again. */
export const userStatusEventHandlers: EventHandlers = {
  user_status: (raw, client) => {
    const event = userStatusEventSchema.safeParse(raw);
    if (!event.success) return;
    void client.invalidateQueries({ queryKey: userStatusQueryOptions(event.data.user_id).queryKey });
  },
};
