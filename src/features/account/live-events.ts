import type { EventHandlers } from '../../client/event-handlers';

/** My account: reactions to events about the signed-in user. */
export const accountEventHandlers: EventHandlers = {};
