import type { EventHandlers } from '../../client/event-handlers';

/** Linkifiers: reactions to `realm_linkifiers` events. */
export const linkifiersEventHandlers: EventHandlers = {};
