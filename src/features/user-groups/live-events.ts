import type { EventHandlers } from '../../client/event-handlers';

/** User groups: reactions to user_group events (filled in with the area). */
export const userGroupsEventHandlers: EventHandlers = {};
