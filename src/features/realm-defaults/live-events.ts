import type { EventHandlers } from '../../client/event-handlers';

/** Default settings for new users: reactions to `realm_user_settings_defaults` events. */
export const realmDefaultsEventHandlers: EventHandlers = {};
