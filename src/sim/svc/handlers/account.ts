import type { RegisteredHandler } from '../handler';

/** The caller's own account: status, test push notification, APNs token. */
export const accountHandlers: readonly RegisteredHandler[] = [];
