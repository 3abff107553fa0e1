import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { EventHandlers } from '../../client/event-handlers';
import { realmUserEventSchema, svcEventBaseSchema, userStatusEventSchema } from '../../shared/events/svc-events';
import { ownStatusQueryOptions } from './api/get-own-status';
import { ownSubscriptionsQueryOptions } from './api/get-own-subscriptions';
import { ownUserQueryOptions } from './api/get-own-user';
import { applySubscriptionChange } from '../../shared/svc/subscriptions';

/** One property of one of my subscriptions changed (other ops are ignored here). */
const subscriptionUpdateEventSchema = svcEventBaseSchema.extend({
  type: z.literal('subscription'),
  op: z.literal('update'),
  stream_id: z.number().int(),
  property: z.string(),
  value: z.unknown(),
});

function isMe(client: QueryClient, userId: number): boolean {
  return client.getQueryData(ownUserQueryOptions().queryKey)?.user_id === userId;
}

/** My account: reactions to events about the signed-in user. */
export const accountEventHandlers: EventHandlers = {
  realm_user: (raw, client) => {
    const event = realmUserEventSchema.safeParse(raw);
    if (!event.success || !isMe(client, event.data.person.user_id)) return;
    void client.invalidateQueries({ queryKey: ownUserQueryOptions().queryKey });
  },
  user_status: (raw, client) => {
    const event = userStatusEventSchema.safeParse(raw);
    if (!event.success) return;
    void client.invalidateQueries({ queryKey: ownStatusQueryOptions(event.data.user_id).queryKey });
  },
  // Patch the cached list in place; nothing cached yet, nothing to patch.
  subscription: (raw, client) => {
    const event = subscriptionUpdateEventSchema.safeParse(raw);
    if (!event.success) return;
    client.setQueryData(ownSubscriptionsQueryOptions().queryKey, (subs) =>
      subs ? applySubscriptionChange(subs, event.data) : subs,
    );
  },
};
