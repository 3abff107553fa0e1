import { replaceFromEvent, type EventHandlers } from '../../client/event-handlers';
import { realmLinkifiersEventSchema } from '../../shared/svc/linkifiers';
import { linkifiersQueryOptions } from './api/get-linkifiers';

/**
 * Linkifiers: a `realm_linkifiers` event carries the whole list in its new order, so it replaces the cached
 * list directly; nothing is refetched.
 */
export const linkifiersEventHandlers: EventHandlers = {
  realm_linkifiers: (raw, client) => {
    const event = realmLinkifiersEventSchema.safeParse(raw);
    if (!event.success) return;
    replaceFromEvent(client, linkifiersQueryOptions().queryKey, event.data.realm_linkifiers);
  },
};
