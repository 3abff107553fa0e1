import type { RegisteredHandler } from '../handler';

/** PATCH /realm/user_settings_defaults. */
export const realmDefaultsHandlers: readonly RegisteredHandler[] = [];
