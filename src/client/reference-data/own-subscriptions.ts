import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { svcEventBaseSchema } from '../../shared/events/svc-events';
import { svcOps } from '../../shared/svc/catalog';
import { applySubscriptionChange } from '../../shared/svc/subscriptions';
import { patchFromEvent, type EventHandlers } from '../event-handlers';
import { svc } from '../svc-client';

/**
 * My channel subscriptions with my personal settings for each (`svcOps.getOwnSubscriptions`): one copy for
 * the channels page (joined with the channel list by `stream_id`) and my account page.
 */
export function ownSubscriptionsQueryOptions() {
  return queryOptions({
    queryKey: ['own-subscriptions'] as const,
    queryFn: async ({ signal }) => (await svc(svcOps.getOwnSubscriptions, {}, { signal })).subscriptions,
  });
}

/** One property of one of my subscriptions changed. */
const subscriptionUpdateSchema = svcEventBaseSchema.extend({
  type: z.literal('subscription'),
  op: z.literal('update'),
  stream_id: z.number().int(),
  property: z.string(),
  value: z.unknown(),
});

const invalidate: EventHandlers[string] = (_event, client) =>
  void client.invalidateQueries({ queryKey: ownSubscriptionsQueryOptions().queryKey });

/** A change of one of my settings is patched in place; joining, leaving or a changed channel reads them again. */
export const ownSubscriptionsEventHandlers: EventHandlers = {
  stream: invalidate,
  subscription: (event, client) => {
    const update = subscriptionUpdateSchema.safeParse(event);
    if (!update.success) return invalidate(event, client);
    patchFromEvent(client, ownSubscriptionsQueryOptions().queryKey, (subs) =>
      applySubscriptionChange(subs, update.data),
    );
  },
};
