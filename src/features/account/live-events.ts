import type { QueryClient } from '@tanstack/react-query';
import type { EventHandlers } from '../../client/event-handlers';
import { realmUserEventSchema } from '../../shared/events/svc-events';
import { ownUserQueryOptions } from './api/get-own-user';

function isMe(client: QueryClient, userId: number): boolean {
  return client.getQueryData(ownUserQueryOptions().queryKey)?.user_id === userId;
}

/**
 * My account: reactions to events about the signed-in user. My status and subscriptions are shared data sets
 * with their own handlers (src/client/reference-data).
 */
export const accountEventHandlers: EventHandlers = {
  realm_user: (raw, client) => {
    const event = realmUserEventSchema.safeParse(raw);
    if (!event.success || !isMe(client, event.data.person.user_id)) return;
    void client.invalidateQueries({ queryKey: ownUserQueryOptions().queryKey });
  },
};
